import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { startFakeTarget, type FakeTarget } from '../support/fake-target.js';
import { tempDir, writeProfile } from '../support/profile.js';
import { runCli } from '../support/run-cli.js';

// The §5 fault fails exactly these two checks (test/runner/cli.test.ts holds the same pair).
const knownFailures = ['v1.auth.every-endpoint-401', 'v1.auth.missing-token-401'];

function waiverFile(text: string): string {
  const path = join(tempDir('mfc-waivers-'), 'baseline.yaml');
  writeFileSync(path, text);
  return path;
}

describe('mfc run --baseline against the reference server', () => {
  let conforming: RunningServer;
  let known: RunningServer;
  let knownAndNew: RunningServer;
  let adoptionReport: string;
  let baselinePath: string;

  const run = (server: RunningServer, baseline: string) => {
    const reportDir = tempDir('mfc-reports-');
    return runCli(['run', '--profile', writeProfile(server.profile), '--only', '*.auth.*', '--seed', '7', '--report-dir', reportDir, '--baseline', baseline], { reportDir })
      .then((result) => ({ ...result, reportDir }));
  };

  beforeAll(async () => {
    [conforming, known, knownAndNew] = await Promise.all([
      startServer({ host: '127.0.0.1', port: 0 }),
      startServer({ host: '127.0.0.1', port: 0, faults: ['v1-auth-missing-token-403'] }),
      startServer({ host: '127.0.0.1', port: 0, faults: ['v1-auth-missing-token-403', 'v2-auth-missing-token-403'] }),
    ]);
    // Adoption: a first run on the server with its known deviation, then a waiver file from its report.
    const reportDir = tempDir('mfc-reports-');
    const first = await runCli(['run', '--profile', writeProfile(known.profile), '--only', '*.auth.*', '--seed', '7', '--report-dir', reportDir], { reportDir });
    expect(first.code).toBe(1);
    adoptionReport = join(reportDir, 'report.json');
    baselinePath = join(tempDir('mfc-baseline-'), 'mfc-baseline.yaml');
    const written = await runCli(['baseline', '--report', adoptionReport, '--out', baselinePath, '--reason', 'TICKET-123', '--expires', '2099-12-31']);
    expect(written.code).toBe(0);
    expect(written.stderr).toContain(`mfc baseline: 2 waiver(s) from ${adoptionReport} written to ${baselinePath}`);
    expect(written.stderr.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^next: (npx )?mfc run --profile FILE --baseline ${baselinePath} \\(in CI: only a new failure fails it\\)$`));
  });
  afterAll(async () => {
    await Promise.all([conforming, known, knownAndNew].map((server) => server?.close()));
  });

  it('mfc baseline writes a commented YAML waiver file listing the failed checks', () => {
    const text = readFileSync(baselinePath, 'utf8');
    expect(text).toMatch(/^# mfc waiver file: failures this target is known to have/);
    for (const id of knownFailures) expect(text).toContain(`  - check: "${id}"\n    reason: "TICKET-123"\n    expires: "2099-12-31"\n`);
  });

  it('a run whose failures are all in the baseline exits 0, reports them as known and writes baseline-result.json', async () => {
    const result = await run(known, baselinePath);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('2 failed');
    expect(result.stdout).toContain(`baseline ${baselinePath} (waivers): 2 known, 0 new, 0 expired, 0 fixed`);
    expect(result.stdout).toContain('  known    v1.auth.missing-token-401: waiver "v1.auth.missing-token-401" (TICKET-123, until 2099-12-31)');
    expect(result.stdout).toMatch(/baseline: the run passes: every failure is known \(2\)\nnext: open \S+report\.html[^\n]*\n$/);
    const saved = JSON.parse(readFileSync(join(result.reportDir, 'baseline-result.json'), 'utf8'));
    expect(saved).toMatchObject({ baseline: { path: baselinePath, kind: 'waivers' }, failsRun: false, counts: { known: 2, new: 0, expired: 0, fixed: 0 } });
    expect(saved.known.map((entry: { check: string }) => entry.check).sort()).toEqual(knownFailures);
  });

  it('the same baseline against a server with a new deviation as well exits 1, naming the new failures', async () => {
    const result = await run(knownAndNew, baselinePath);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`baseline ${baselinePath} (waivers): 2 known, 2 new, 0 expired, 0 fixed`);
    expect(result.stdout).toContain('  new      v2.auth.missing-token-401: fails, and the baseline does not list it');
    expect(result.stdout).toMatch(/baseline: the run fails: 2 new failures\nnext: open \S+report\.html[^\n]*\n$/);
  });

  it('an expired waiver whose check still fails exits 1, naming the waiver and its expiry', async () => {
    const expired = waiverFile('waivers:\n  - check: v1.auth.missing-token-401\n    reason: TICKET-9\n    expires: 2020-01-31\n  - check: v1.auth.every-endpoint-401\n    reason: TICKET-9\n');
    const result = await run(known, expired);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('  expired  v1.auth.missing-token-401: waiver "v1.auth.missing-token-401" (TICKET-9) expired after 2020-01-31 and the check still fails');
    expect(result.stdout).toMatch(/baseline: the run fails: 1 failure under an expired waiver\nnext: open \S+report\.html[^\n]*\n$/);
  });

  it('a previous report.json serves as the baseline too', async () => {
    const result = await run(known, adoptionReport);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`baseline ${adoptionReport} (a previous report): 2 known, 0 new, 0 expired, 0 fixed`);
    expect(result.stdout).toContain('  known    v1.auth.missing-token-401: failed in the baseline report too');
  });

  it('waived checks that pass now are called out as fixed without failing the run; an expired one that passes is a note', async () => {
    const waivers = waiverFile('waivers:\n  - check: v1.auth.*\n    reason: TICKET-123\n  - check: v2.auth.missing-token-401\n    reason: TICKET-8\n    expires: 2020-01-31\n');
    const result = await run(conforming, waivers);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/ {2}fixed {4}v1\.auth\.[^\n]*: passes now, still under waiver "v1\.auth\.\*" \(TICKET-123\) — remove it from the baseline\n/);
    expect(result.stdout).toContain('  note     waiver "v2.auth.missing-token-401" (TICKET-8) expired after 2020-01-31; v2.auth.missing-token-401 passes now — remove it from the baseline');
    expect(result.stdout).toMatch(/baseline: the run passes: no check failed\nnext: open \S+report\.html[^\n]*\n$/);
  });
});

describe('mfc run --baseline: a broken baseline is exit 2 before any request', () => {
  let target: FakeTarget;
  beforeAll(async () => {
    target = await startFakeTarget((_request, reply) => reply(200, {}));
  });
  afterAll(async () => {
    await target.close();
  });

  const table: Array<[string, { baseline: () => string; want: RegExp }]> = [
    ['a missing file', { baseline: () => '/nonexistent/baseline.yaml', want: /--baseline: cannot read baseline \/nonexistent\/baseline\.yaml: no such file/ }],
    ['a waiver without a reason', { baseline: () => waiverFile('waivers:\n  - check: v1.auth.missing-token-401\n'), want: /--baseline: invalid waiver file .*\n {2}waivers\[0\]\.reason is missing/ }],
    ['an impossible expiry', { baseline: () => waiverFile('waivers:\n  - check: v1.a.b\n    reason: r\n    expires: 2027-13-01\n'), want: /waivers\[0\]\.expires expected a date YYYY-MM-DD, received "2027-13-01"/ }],
    ['a file of another kind', { baseline: () => waiverFile('baseUrl: http://127.0.0.1\n'), want: /is neither a waiver file/ }],
  ];
  it.each(table)('%s', async (_name, { baseline, want }) => {
    const reportDir = tempDir('mfc-reports-');
    const profile = writeProfile({ baseUrl: target.url, environment: 'local', tokens: { primary: 'tok-primary-3f9a1c0e7b' }, fixtures: { salesChannelId: 11 } });
    const result = await runCli(['run', '--profile', profile, '--report-dir', reportDir, '--baseline', baseline()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(want);
    expect(result.stderr).not.toContain('    at ');
    expect(target.requests.length).toBe(0);
    expect(existsSync(join(reportDir, 'report.json'))).toBe(false);
  });
});

describe('mfc baseline: wrong usage is exit 2', () => {
  const report = () => {
    const path = join(tempDir('mfc-report-'), 'report.json');
    writeFileSync(path, JSON.stringify({ summary: { passed: 0, failed: 1, skipped: 0 }, checks: [{ id: 'v1.a.b', status: 'failed' }] }));
    return path;
  };
  const table: Array<[string, { args: () => string[]; want: RegExp }]> = [
    ['no --report', { args: () => [], want: /needs --report FILE/ }],
    ['an unknown flag', { args: () => ['--report', report(), '--expire', '2099-01-01'], want: /unknown or malformed flag --expire/ }],
    ['an impossible --expires', { args: () => ['--report', report(), '--expires', '2099-02-30'], want: /--expires expected a date YYYY-MM-DD, received "2099-02-30"/ }],
    ['an --expires in the past', { args: () => ['--report', report(), '--expires', '2020-01-01'], want: /--expires 2020-01-01 is in the past/ }],
    ['a blank --reason', { args: () => ['--report', report(), '--reason', ' '], want: /--reason expected some text/ }],
    ['a report that is not one', { args: () => ['--report', waiverFile('waivers: []\n')], want: /invalid report .*\n {2}summary is missing/ }],
    ['an --out that exists, without --force', { args: () => ['--report', report(), '--out', waiverFile('waivers: []\n')], want: /exists; pass --force to replace it/ }],
  ];
  it.each(table)('%s', async (_name, { args, want }) => {
    const result = await runCli(['baseline', ...args()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(want);
  });

  it('--help describes every flag, and mfc run --help describes --baseline', async () => {
    const [baseline, run] = await Promise.all([runCli(['baseline', '--help']), runCli(['run', '--help'])]);
    expect(baseline.code).toBe(0);
    for (const flag of ['--report FILE', '--out FILE', '--reason TEXT', '--expires DATE', '--force']) expect(baseline.stdout).toContain(flag);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--baseline FILE');
    expect(run.stdout).toContain('fixed — remove it from the');
  });
});
