import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredCheck } from '../../src/checks/index.js';
import { joinProblems, loadRules, readRules, registeredChecks, type Rule } from '../../src/rules/index.js';
import { specSections } from './spec-sections.js';

// §3 only groups its subsections: it states nothing of its own.
const HEADINGS_WITHOUT_STATEMENTS = ['3'];

describe('the rule inventory (spec/rules/) agrees with the specification and the check registry', () => {
  let rules: Rule[];
  let checks: RegisteredCheck[];
  beforeAll(async () => {
    rules = loadRules();
    checks = await registeredChecks();
  });

  it('every file is valid and no rule id repeats', () => {
    expect(readRules().problems).toEqual([]);
  });

  it('names only checks that exist, and every check is covered by a rule', () => {
    expect(joinProblems(rules, checks)).toEqual([]);
  });

  it('every rule sits under a heading of the specification', () => {
    const { headings } = specSections();
    expect(rules.filter((rule) => !headings.includes(rule.section)).map((rule) => `${rule.id} §${rule.section}`)).toEqual([]);
  });

  it('every heading of the specification that states something holds a rule', () => {
    const used = new Set(rules.map((rule) => rule.section));
    expect(specSections().headings.filter((heading) => !used.has(heading) && !HEADINGS_WITHOUT_STATEMENTS.includes(heading))).toEqual([]);
  });

  it('every check names a § of the specification (a heading or one of its numbered points)', () => {
    const { all } = specSections();
    expect(checks.filter((check) => !all.has(check.section)).map((check) => `${check.id} §${check.section}`)).toEqual([]);
  });
});

/** Writes one inventory file holding `rules` into a fresh folder and reads the folder. */
function readInventory(rules: unknown[], extra: Record<string, unknown> = {}): ReturnType<typeof readRules> {
  const dir = mkdtempSync(join(tmpdir(), 'mfc-rules-'));
  writeFileSync(join(dir, '01-test.yaml'), JSON.stringify({ title: 'Test', rules, ...extra }));
  return readRules(dir);
}

const rule = (id: string, more: Record<string, unknown> = { checks: ['v1.a.b'] }) => ({ id, section: '4.1', statement: 'A statement.', ...more });

describe('readRules reports a broken inventory', () => {
  const table: Array<[string, { rules: unknown[]; want: RegExp }]> = [
    ['a rule with neither checks nor an unobservable reason', { rules: [rule('orders.v1.x', {})], want: /rule orders\.v1\.x.*needs either checks .* or an unobservable reason/ }],
    ['a rule with both', { rules: [rule('orders.v1.x', { checks: [], unobservable: 'why' })], want: /needs either checks/ }],
    ['a duplicated id', { rules: [rule('orders.v1.x'), rule('orders.v1.x')], want: /rule id orders\.v1\.x is used twice/ }],
    ['an id that is not dot-separated kebab-case', { rules: [rule('Orders_x')], want: /must match pattern/ }],
    ['a section that is not a number', { rules: [rule('orders.v1.x', { section: '§4', checks: [] })], want: /at \/rules\/0\/section: must match pattern/ }],
    ['an unknown key', { rules: [rule('orders.v1.x', { checks: [], note: 'n' })], want: /unknown key "note"/ }],
  ];
  it.each(table)('%s', (_name, { rules, want }) => {
    const { problems } = readInventory(rules);
    expect(problems.join('\n')).toMatch(want);
  });

  it('accepts a valid file and fills checks of an unobservable rule with an empty list', () => {
    const { rules, problems } = readInventory([rule('orders.v1.x'), rule('orders.v1.y', { unobservable: 'not visible' })]);
    expect(problems).toEqual([]);
    expect(rules.map((r) => [r.id, r.checks, r.unobservable, r.file])).toEqual([
      ['orders.v1.x', ['v1.a.b'], undefined, '01-test.yaml'],
      ['orders.v1.y', [], 'not visible', '01-test.yaml'],
    ]);
  });

  it('throws RulesError from loadRules listing the problems', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mfc-rules-'));
    writeFileSync(join(dir, '01-test.yaml'), 'title: [');
    expect(() => loadRules(dir)).toThrow(/01-test\.yaml: not readable YAML/);
  });
});

describe('joinProblems: inventory against registry', () => {
  const registered = (id: string, file = 'suites/v1/a.check.ts'): RegisteredCheck => ({ id, api: 'v1', section: '4.1', title: id, needs: [], writes: false, provokes429: false, file });
  const inventory = (checks: string[]): Rule[] => [{ id: 'orders.v1.x', section: '4.1', statement: 's', checks, file: '04.yaml' }];
  const table: Array<[string, { rules: Rule[]; checks: RegisteredCheck[]; want: string[] }]> = [
    ['agreement', { rules: inventory(['v1.a']), checks: [registered('v1.a')], want: [] }],
    ['a rule naming a check that does not exist', { rules: inventory(['v1.a', 'v1.gone']), checks: [registered('v1.a')], want: ['04.yaml: rule orders.v1.x names check v1.gone, which does not exist'] }],
    ['a check covered by no rule', { rules: inventory(['v1.a']), checks: [registered('v1.a'), registered('v1.b')], want: ['check v1.b (suites/v1/a.check.ts) is covered by no rule of the inventory'] }],
    ['a check id registered twice', { rules: inventory(['v1.a']), checks: [registered('v1.a'), registered('v1.a', 'suites/v1/b.check.ts')], want: ['check v1.a is registered twice (suites/v1/a.check.ts and suites/v1/b.check.ts)'] }],
  ];
  it.each(table)('%s', (_name, { rules, checks, want }) => {
    expect(joinProblems(rules, checks)).toEqual(want);
  });
});
