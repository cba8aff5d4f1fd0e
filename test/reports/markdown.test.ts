import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReport, MARKDOWN_FAILURE_LIMIT, renderMarkdown, writeReports, type CheckResult } from '../../packages/cli/src/reports/index.js';
import { tempDir } from '../support/profile.js';
import { sampleChecks, sampleCoverage, sampleReport, sampleRun } from './sample-report.js';

// GFM splits a table row at every `|` not escaped by a backslash, code spans included.
function cells(row: string): string[] {
  return row.replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((cell) => cell.trim());
}

describe('report.md', () => {
  const markdown = renderMarkdown(sampleReport());
  const lines = markdown.split('\n');

  it('opens with the verdict and the counts, then the coverage line and the run', () => {
    expect(lines[0]).toBe('## ❌ mfc run report: 5 passed, 3 failed, 3 skipped');
    expect(markdown).toContain('\nrules: 11 with a check, 2 unobservable, 1 without a check (of the 11 with a check: 6 passed, 2 failed, 3 not run)\n');
    expect(markdown).toContain('\nRun `mfc-lx3k9a1b2c` · seed `123` · 2 record(s) created\n');
  });

  it('lists each failure with its § and a one-line reason in a three-column table', () => {
    const rows = lines.filter((line) => line.startsWith('| §'));
    expect(rows.map(cells).map((row) => row.length)).toEqual([3, 3, 3, 3]);
    expect(rows[0]).toBe('| § | check | reason |');
    expect(rows[2]).toBe('| §4.1 | `v1.orders.create.duplicate-409` | A duplicate merchant\\_order\\_id answers 409: expected `status 409`, received `status 201` |');
    expect(rows[1]).toBe('| §0 | `run.target.reachable` | no answer |');
  });

  it('escapes a target\'s text: no raw markup, no control character, no mention or issue link, pipes kept inside the cell', () => {
    const row = lines.find((line) => line.includes('v2.orders.list.schema'))!;
    expect(cells(row)).toHaveLength(3);
    const [title] = cells(row)[2]!.split(': expected ');
    expect(title).toBe('The order list matches the schema \\\\x1b\\[2J\\\\u202eevil &lt;img src=http://127.0.0.1:9/leak.pn…');
    expect(markdown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    const plain = renderMarkdown(buildReport([{ ...sampleChecks[2]!, failure: undefined, message: 'ping @org/team about #12 | `x` <b>' }]));
    expect(plain).toContain('| ping @\u200borg/team about #\u200b12 \\| \\`x\\` &lt;b&gt; |');
    // Inside a code span a mention is text already; a backtick in it takes a longer fence.
    const received = renderMarkdown(buildReport([{ ...sampleChecks[2]!, failure: { ...sampleChecks[2]!.failure!, received: 'a ` b | c' } }]));
    expect(received).toContain('received ``a ` b \\| c``');
  });

  it('says how to replay the first failed check that can be replayed alone', () => {
    expect(markdown).toContain('Replay `v1.orders.create.duplicate-409` alone:\n\n```sh\nmfc run --profile staging.json --only v1.orders.create.duplicate-409 --seed 123\n```');
    const { command: _, ...withoutCommand } = sampleRun;
    expect(renderMarkdown(buildReport(sampleChecks, sampleCoverage, withoutCommand))).toContain('mfc run --profile <profile> --only v1.orders.create.duplicate-409 --seed 123');
    expect(renderMarkdown(buildReport(sampleChecks))).not.toContain('Replay');
  });

  it('counts the skip reasons in a collapsed block', () => {
    expect(markdown).toContain('<details><summary>Why checks were skipped</summary>\n\n- 2 × needs tokens.expired in the profile\n- 1 × needs fixtures.batchSku in the profile\n\n</details>');
  });

  it('says when the run was interrupted', () => {
    expect(renderMarkdown(sampleReport('SIGINT'))).toContain('\n\n> ⚠️ **Interrupted** (SIGINT): the report holds only the checks that finished.\n\n');
  });

  it('is short for a passing run', () => {
    const passing = renderMarkdown(buildReport([sampleChecks[0]!], undefined, { ...sampleRun, created: [] }), 'nightly');
    expect(passing).toBe('## ✅ nightly: 1 passed, 0 failed, 0 skipped\n\nRun `mfc-lx3k9a1b2c` · seed `123`\n');
  });

  it(`lists at most ${MARKDOWN_FAILURE_LIMIT} failures and counts the rest`, () => {
    const many: CheckResult[] = Array.from({ length: 120 }, (_, at) => ({ ...sampleChecks[2]!, id: `v1.orders.case-${at}` }));
    const text = renderMarkdown(buildReport(many, undefined, sampleRun));
    expect(text.split('\n').filter((line) => line.startsWith('| §4.1 |'))).toHaveLength(MARKDOWN_FAILURE_LIMIT);
    expect(text).toContain('\n…and 70 more failed checks: see report.html.\n');
    expect(text.length).toBeLessThan(20_000);
  });

  it('is written by writeReports beside the other reports, with no form of a token', async () => {
    const secret = 'tok-leaky-77aa-b2c3d4';
    const echoed = `echo ${secret} ${JSON.stringify(secret)} ${encodeURIComponent(`a/${secret}`)} ${Buffer.from(`Bearer ${secret}`).toString('base64')}`;
    const leaky = buildReport([{ ...sampleChecks[2]!, message: echoed, failure: { ...sampleChecks[2]!.failure!, title: echoed, received: echoed } }], undefined, sampleRun);
    const dir = tempDir('mfc-markdown-');
    const paths = await writeReports(dir, leaky, { secrets: [secret] });
    expect(paths.markdown).toBe(`${dir}/report.md`);
    const text = readFileSync(paths.markdown, 'utf8');
    expect(text).toContain('[redacted]');
    for (const piece of [secret, secret.slice(0, 12), secret.slice(-12), Buffer.from(`Bearer ${secret}`).toString('base64').slice(0, 16)]) expect(text).not.toContain(piece);
  });
});
