import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiles } from '../../packages/cli/src/checks/index.js';
import { registeredChecks } from '../../packages/cli/src/rules/index.js';

describe('checkFiles', () => {
  const root = mkdtempSync(join(tmpdir(), 'mfc-files-'));
  for (const file of ['suites/v1/a.check.ts', 'suites/v1/deep/b.check.ts', 'suites/v1/helper.ts', 'properties/p.property.ts', 'properties/p-model.ts', 'node_modules/x/suites/c.check.ts']) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '');
  }
  const table: Array<[string, { include: string[]; want: string[] }]> = [
    ['the default globs', { include: ['suites/**/*.check.ts', 'properties/**/*.property.ts'], want: ['properties/p.property.ts', 'suites/v1/a.check.ts', 'suites/v1/deep/b.check.ts'] }],
    ['one folder level', { include: ['suites/v1/*.check.ts'], want: ['suites/v1/a.check.ts'] }],
    ['a plain file', { include: ['suites/v1/a.check.ts'], want: ['suites/v1/a.check.ts'] }],
    ['a folder that does not exist', { include: ['nowhere/**/*.ts'], want: [] }],
  ];
  it.each(table)('%s', (_name, { include, want }) => {
    expect(checkFiles(root, include)).toEqual(want);
  });
});

describe('registeredChecks', () => {
  it('knows every check meta without running it, and the file that declares it', async () => {
    const checks = await registeredChecks();
    expect(checks.find((check) => check.id === 'v1.orders.create.duplicate-409')).toEqual({
      id: 'v1.orders.create.duplicate-409', api: 'v1', section: '4.1', title: expect.any(String),
      needs: ['fixtures.sku'], writes: true, provokes429: false, file: 'suites/v1/orders.check.ts',
    });
    expect(checks.find((check) => check.id === 'v1.rate-limit.429-retry-after-and-reset')).toMatchObject({ provokes429: true, writes: false });
    // A schema check shows the answers it owns; no other check carries owns.
    expect(checks.find((check) => check.id === 'v2.schema.order')?.owns).toEqual([{ path: '/orders*', status: 'success' }]);
    expect(checks.find((check) => check.id === 'v1.orders.create.duplicate-409')).not.toHaveProperty('owns');
  });

  it('gives the same checks when asked again in one process (a module is evaluated once)', async () => {
    const first = (await registeredChecks()).map((check) => check.id);
    expect((await registeredChecks()).map((check) => check.id)).toEqual(first);
    expect(first.length).toBeGreaterThan(100);
  });
});
