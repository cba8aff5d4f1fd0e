import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../packages/cli/src/layout.js';

/**
 * The specification, as the project keeps it (`spec/specification.md`), so a clone checks its rules
 * against it wherever it lands; `specification.test.ts` holds it equal to the shared original.
 */
export const specificationFile = join(packageRoot, 'spec', 'specification.md');

/** The shared original beside the repository, where the workplace keeps it. */
export const sharedSpecificationFile = join(packageRoot, '..', 'shared', 'seed', '000_a147ab330d27441a.txt');

/** One row of a markdown table: the cells, trimmed. */
export type Row = string[];

/** A markdown table with the label line above it (a heading or a line such as 'OrderItem:'). */
export interface Table {
  section: string;
  label: string;
  header: Row;
  rows: Row[];
}

const cells = (line: string): Row => line.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim());

/** Every markdown table of the text, with the § heading it sits under and its label line. */
export function parseTables(text: string): Table[] {
  const tables: Table[] = [];
  let section = '';
  let label = '';
  let current: Table | undefined;
  for (const line of text.split('\n')) {
    const heading = /^#{2,3} (\d+(?:\.\d+)*)\.? /.exec(line);
    if (heading) section = heading[1] ?? '';
    if (line.startsWith('|')) {
      if (!current) {
        current = { section, label, header: cells(line), rows: [] };
        tables.push(current);
      } else if (!/^\|[\s|:-]+\|$/.test(line.trim())) {
        current.rows.push(cells(line));
      }
      continue;
    }
    current = undefined;
    if (line.trim() !== '') label = line.trim();
  }
  return tables;
}

/** The status value sets of §3, by the name a field's notes use: '3.1 v1', '3.1 v2', '3.2', '3.3', '3.4'. */
export function statusSets(text: string): Record<string, string[]> {
  const tables = parseTables(text);
  const restocking = tables.find((table) => table.section === '3.1' && table.header[0] === 'Status');
  const fulfillment = tables.find((table) => table.section === '3.2' && table.header[0] === 'Status');
  const inVersion = (version: string): string[] =>
    (restocking?.rows ?? []).filter((row) => (row[2] ?? '').includes(version)).map((row) => row[0] ?? '');
  const valuesLine = (section: string): string[] => {
    const start = text.indexOf(`### ${section} `);
    const line = text.slice(start).split('\n').find((candidate) => candidate.startsWith('Values:')) ?? '';
    return line
      .replace(/^Values:/, '')
      .replace(/\([^)]*\)/g, '')
      .split('.')[0]!
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
  };
  return {
    '3.1 v1': inVersion('v1'),
    '3.1 v2': inVersion('v2'),
    '3.2': (fulfillment?.rows ?? []).map((row) => row[0] ?? ''),
    '3.3': valuesLine('3.3'),
    '3.4': valuesLine('3.4'),
  };
}

/** The specification's text. */
export function readSpecification(): string {
  return readFileSync(specificationFile, 'utf8');
}
