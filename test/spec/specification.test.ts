import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedSpecificationFile, specificationFile } from './spec-tables.js';

describe('the specification the project keeps', () => {
  // A clone outside the workplace has no shared folder beside it; the kept copy is then the oracle.
  it.skipIf(!existsSync(sharedSpecificationFile))('is the shared original, byte for byte (skipped: no ../shared beside this clone)', () => {
    expect(readFileSync(specificationFile, 'utf8')).toBe(readFileSync(sharedSpecificationFile, 'utf8'));
  });
});
