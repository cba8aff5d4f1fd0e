import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BaselineError, loadBaseline, renderWaiverFile } from '../../packages/cli/src/baseline/index.js';
import { tempDir } from '../support/profile.js';

function file(name: string, text: string): string {
  const path = join(tempDir('mfc-baseline-'), name);
  writeFileSync(path, text);
  return path;
}

const report = (checks: Array<{ id: string; status: string }>) => JSON.stringify({ summary: { passed: 0, failed: 0, skipped: 0 }, checks: checks.map((check) => ({ title: 't', api: 'v1', section: '5', message: '', requests: [], ...check })) });

describe('loadBaseline: the kind is told by the shape', () => {
  it('reads a hand-written YAML waiver file; a bare date stays the string written', () => {
    const path = file('waivers.yaml', '# accepted for now\nwaivers:\n  - check: v1.orders.create.duplicate-409\n    reason: TICKET-123\n    expires: 2027-01-31\n  - check: v1.auth.*\n    reason: auth rework\n');
    expect(loadBaseline(path)).toEqual({
      path,
      kind: 'waivers',
      waivers: [{ check: 'v1.orders.create.duplicate-409', reason: 'TICKET-123', expires: '2027-01-31' }, { check: 'v1.auth.*', reason: 'auth rework' }],
    });
  });

  it('reads a JSON waiver file', () => {
    const path = file('waivers.json', JSON.stringify({ waivers: [{ check: 'v2.auth.missing-token-401', reason: 'TICKET-1' }] }));
    expect(loadBaseline(path).waivers).toEqual([{ check: 'v2.auth.missing-token-401', reason: 'TICKET-1' }]);
  });

  it('reads a previous report.json: its failures become exact waivers, run-level failures left out', () => {
    const path = file('report.json', report([{ id: 'v1.auth.missing-token-401', status: 'failed' }, { id: 'v1.auth.expired-token-403', status: 'passed' }, { id: 'run.target.reachable', status: 'failed' }]));
    expect(loadBaseline(path)).toEqual({ path, kind: 'report', waivers: [{ check: 'v1.auth.missing-token-401', reason: `failed in the baseline report ${path}` }] });
  });

  it('reads back what renderWaiverFile writes, whatever the reason holds', () => {
    const reason = 'TICKET-9: "quoted", # not a comment\nsecond line';
    const text = renderWaiverFile([{ id: 'v1.auth.missing-token-401', status: 'failed', section: '5', title: 'A request without a token answers 401' }], { source: 'reports/report.json', date: '2026-06-15', reason, expires: '2027-01-31' });
    expect(text).toMatch(/^# mfc waiver file/);
    expect(text).toContain('  # §5 A request without a token answers 401\n  - check: "v1.auth.missing-token-401"');
    expect(loadBaseline(file('baseline.yaml', text)).waivers).toEqual([{ check: 'v1.auth.missing-token-401', reason, expires: '2027-01-31' }]);
    expect(loadBaseline(file('empty.yaml', renderWaiverFile([], { source: 'r.json', date: '2026-06-15', reason: 'x' }))).waivers).toEqual([]);
  });
});

describe('loadBaseline: a broken file names the problem', () => {
  const table: Array<[string, { given: [name: string, text: string] | undefined; want: RegExp }]> = [
    ['a missing file', { given: undefined, want: /cannot read baseline .*: no such file/ }],
    ['YAML that does not parse', { given: ['w.yaml', 'waivers:\n  - check: [unclosed\n'], want: /is not valid YAML \(line \d+/ }],
    ['JSON that does not parse', { given: ['w.json', '{"waivers": ['], want: /is not valid JSON/ }],
    ['neither kind', { given: ['w.yaml', 'baseUrl: http://x\n'], want: /neither a waiver file \(\{"waivers": \[\.\.\.\]\}\) nor a report\.json/ }],
    ['a bare list', { given: ['w.yaml', '- check: v1.a\n  reason: r\n'], want: /a list of waivers goes under the key "waivers"/ }],
    ['a waiver without a reason', { given: ['w.yaml', 'waivers:\n  - check: v1.a.b\n'], want: /waivers\[0\]\.reason is missing/ }],
    ['a blank reason', { given: ['w.yaml', 'waivers:\n  - check: v1.a.b\n    reason: "  "\n'], want: /waivers\[0\]\.reason expected some text, received "  "/ }],
    ['an impossible expiry date', { given: ['w.yaml', 'waivers:\n  - check: v1.a.b\n    reason: r\n    expires: 2027-02-30\n'], want: /waivers\[0\]\.expires expected a date YYYY-MM-DD, received "2027-02-30"/ }],
    ['an expiry that is not a date', { given: ['w.yaml', 'waivers:\n  - check: v1.a.b\n    reason: r\n    expires: next month\n'], want: /waivers\[0\]\.expires expected a date YYYY-MM-DD, received "next month"/ }],
    ['an unknown key', { given: ['w.yaml', 'waivers:\n  - check: v1.a.b\n    reason: r\n    until: 2027-01-01\n'], want: /unknown key "waivers\[0\]\.until"/ }],
    ['a check that is no id or glob', { given: ['w.yaml', 'waivers:\n  - check: "v1.a, v1.b"\n    reason: r\n'], want: /waivers\[0\]\.check expected a check id or a glob .*received "v1\.a, v1\.b"/ }],
    ['a report check without a status', { given: ['r.json', JSON.stringify({ summary: {}, checks: [{ id: 'v1.a.b' }] })], want: /invalid baseline report .*\n {2}checks\[0\]\.status is missing/ }],
    ['a report check with an unknown status', { given: ['r.json', JSON.stringify({ summary: {}, checks: [{ id: 'v1.a.b', status: 'broken' }] })], want: /checks\[0\]\.status expected one of "passed", "failed", "skipped", received "broken"/ }],
  ];
  it.each(table)('%s', (_name, { given, want }) => {
    const path = given === undefined ? join(tempDir('mfc-baseline-'), 'absent.yaml') : file(...given);
    expect(() => loadBaseline(path)).toThrow(BaselineError);
    expect(() => loadBaseline(path)).toThrow(want);
  });
});
