import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registeredChecks, renderCheckIds } from '../../packages/cli/src/rules/index.js';

const checkIdsFile = new URL('../fault-map/check-ids.ts', import.meta.url);

describe('test/fault-map/check-ids.ts', () => {
  it('lists exactly the registered checks (else run: npx mfc rules --emit-check-ids test/fault-map/check-ids.ts)', async () => {
    const ids = (await registeredChecks()).map((check) => check.id);
    expect(readFileSync(checkIdsFile, 'utf8')).toBe(renderCheckIds(ids));
  });
});
