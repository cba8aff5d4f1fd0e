import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { buildReport, renderHtml, renderJsonReport, renderSummary, reportSchema, type CheckResult, type CheckStatus } from '../../packages/cli/src/reports/index.js';
import { ruleCoverage, type Rule } from '../../packages/cli/src/rules/index.js';

const rule = (id: string, section: string, checks: string[], unobservable?: string): Rule => ({
  id, section, statement: id, side: ['answer'], checks, file: 'test.yaml', ...(unobservable === undefined ? {} : { unobservable }),
});

const result = (id: string, status: CheckStatus): CheckResult => ({ id, title: id, api: 'v1', section: '4.1', status, message: status === 'passed' ? '' : 'why', requests: [] });

// Six rules over two sections, each outcome once or more.
const rules: Rule[] = [
  rule('r.passes', '4.1', ['v1.ok', 'v1.not-run']),
  rule('r.fails', '4.1', ['v1.ok', 'v1.broken']),
  rule('r.skipped', '4.1', ['v1.skipped', 'v1.not-run']),
  rule('r.unobservable', '4.10', [], 'not visible'),
  rule('r.without', '4.10', []),
  rule('r.also-passes', '2', ['v1.ok']),
];
const results = [result('v1.ok', 'passed'), result('v1.broken', 'failed'), result('v1.skipped', 'skipped')];

describe('ruleCoverage', () => {
  const coverage = ruleCoverage(rules, results);

  it('judges each rule by its checks that ran: any failed fails it, all passed pass it, none ran skips it', () => {
    expect(coverage.total).toEqual({ rules: 6, checked: 4, passed: 2, failed: 1, skipped: 1, unobservable: 1, withoutCheck: 1 });
  });

  it('counts per §, in specification order (4.1 before 4.10)', () => {
    expect(coverage.sections).toEqual([
      { section: '2', rules: 1, checked: 1, passed: 1, failed: 0, skipped: 0, unobservable: 0, withoutCheck: 0 },
      { section: '4.1', rules: 3, checked: 3, passed: 1, failed: 1, skipped: 1, unobservable: 0, withoutCheck: 0 },
      { section: '4.10', rules: 2, checked: 0, passed: 0, failed: 0, skipped: 0, unobservable: 1, withoutCheck: 1 },
    ]);
  });
});

describe('the reports carry the rule coverage', () => {
  const report = buildReport(results, ruleCoverage(rules, results));

  it('report.json holds it and still validates against the shipped schema', () => {
    const json = JSON.parse(renderJsonReport(report));
    expect(json.coverage.total).toMatchObject({ checked: 4, unobservable: 1, withoutCheck: 1 });
    const validate = new Ajv({ allErrors: true, strict: true }).compile(reportSchema());
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
  });

  it('report.json without coverage (a webhook listener) keeps the contract fields only', () => {
    expect(Object.keys(JSON.parse(renderJsonReport(buildReport(results))))).toEqual(['summary', 'checks']);
  });

  it('the terminal summary ends with the coverage line', () => {
    expect(renderSummary(report).trimEnd().split('\n').at(-1)).toBe('rules: 4 with a check, 1 unobservable, 1 without a check (of the 4 with a check: 2 passed, 1 failed, 1 not run)');
  });

  it('report.html shows a table per §', () => {
    const html = renderHtml(report);
    expect(html).toContain('<h2>Rule coverage</h2><p>rules: 4 with a check, 1 unobservable, 1 without a check</p>');
    expect(html).toContain('<tr class="failed"><td>§4.1</td><td>3</td><td>3</td><td>1</td><td>1</td><td>1</td><td>0</td><td>0</td></tr>');
  });
});
