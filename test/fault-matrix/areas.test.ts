// The fault matrix covers every fault: each is in the catalogue with at least one check, and each
// area of the catalogue (test/faults/<area>.ts) has its matrix file (test/fault-matrix/faults/<area>.test.ts).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { faults } from './built.js';
import { faultCatalogue } from '../faults/index.js';

const namesIn = (folder: string, suffix: string) =>
  readdirSync(fileURLToPath(new URL(folder, import.meta.url))).filter((name) => name.endsWith(suffix)).map((name) => name.slice(0, -suffix.length)).sort();

describe('fault matrix', () => {
  it('maps every fault of the reference server to at least one check', () => {
    const unmapped = faults.map((fault) => fault.name).filter((name) => (faultCatalogue[name]?.checks ?? []).length === 0);
    expect(unmapped).toEqual([]);
  });

  it('maps only faults the reference server has', () => {
    const known = new Set<string>(faults.map((fault) => fault.name));
    expect(Object.keys(faultCatalogue).filter((name) => !known.has(name))).toEqual([]);
  });

  it('runs every area of the catalogue', () => {
    const areas = namesIn('../faults/', '.ts').filter((name) => !['index', 'types', 'probe'].includes(name));
    expect(namesIn('./faults/', '.test.ts')).toEqual(areas);
  });
});
