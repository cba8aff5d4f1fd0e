import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { startFakeTarget, type FakeTarget } from '../support/fake-target.js';
import { tempDir, testTokens, writeProfile } from '../support/profile.js';
import { runCli } from '../support/run-cli.js';
import { cliVersion } from '../../packages/cli/src/cli/version.js';

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

function fileProfile(baseUrl: string, overrides: Record<string, unknown> = {}) {
  return { baseUrl, environment: 'local', tokens: { ...testTokens }, fixtures: { salesChannelId: 11 }, ...overrides };
}

describe('mfc run: invocation errors exit 2 before any request', () => {
  let target: FakeTarget;
  beforeAll(async () => {
    target = await startFakeTarget((_request, reply) => reply(200, {}));
  });
  afterAll(async () => {
    await target.close();
  });

  const table: Array<[string, { args: () => string[]; env?: Record<string, string>; want: RegExp }]> = [
    ['an unknown flag', { args: () => ['--profile', writeProfile(fileProfile(target.url)), '--verbose'], want: /unknown or malformed flag --verbose/ }],
    ['neither profile nor base URL', { args: () => [], want: /needs --profile FILE \(in this folder mfc-profile.yaml, which mfc init writes, is taken without it\), or --base-url URL --token-env VAR/ }],
    ['a wrong --api', { args: () => ['--profile', writeProfile(fileProfile(target.url)), '--api', 'v3'], want: /--api expects v1, v2 or all/ }],
    ['an unreadable profile', { args: () => ['--profile', '/nonexistent/profile.json'], want: /cannot read profile/ }],
    ['an unknown profile key', { args: () => ['--profile', writeProfile({ ...fileProfile(target.url), tokenz: {} })], want: /unknown key "tokenz"/ }],
    ['a missing token variable', { args: () => ['--profile', writeProfile(fileProfile(target.url, { tokens: { primary: { env: 'MFC_TEST_UNSET_VAR' } } }))], want: /"tokens.primary" reads the environment variable MFC_TEST_UNSET_VAR, which is not set/ }],
    ['production writes without the flag', { args: () => ['--profile', writeProfile(fileProfile(target.url, { environment: 'production', allowWrites: true }))], want: /--allow-production-writes/ }],
  ];
  it.each(table)('%s', async (_name, { args, env, want }) => {
    const before = target.requests.length;
    const result = await runCli(['run', ...args()], { ...(env ? { env } : {}) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(want);
    expect(result.stderr).not.toContain('    at ');
    expect(target.requests.length).toBe(before);
  });
});

describe('mfc run against the reference server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('runs the pilot checks, exits 0, and no report or log holds any profile token', async () => {
    const reportDir = tempDir('mfc-reports-');
    // Tokens come from the environment for the primary, literally for the rest: both paths are covered.
    const { primary, ...others } = server.profile.tokens;
    const profilePath = writeProfile({ ...server.profile, tokens: { primary: { env: 'MFC_TEST_TOKEN' }, ...others } });
    const result = await runCli(['run', '--profile', profilePath, '--only', '*.auth.*', '--report-dir', reportDir, '--seed', '42'], { env: { MFC_TEST_TOKEN: primary }, reportDir });
    expect(result.code).toBe(0);
    expect(result.report?.summary).toEqual({ passed: 10, failed: 0, skipped: 0 });
    expect(result.stdout).toContain('10 passed, 0 failed, 0 skipped');
    expect(result.stdout).toContain('seed 42');
    // The plan counts what runs of what was selected; no window comes near its limit, so none is listed.
    expect(result.stderr).toMatch(/^mfc run: plan: 10 checks to run, \d+ requests; about \d+ s \(deadline [\d.]+ min\)\n(?!mfc run: {3}v)/m);
    expect(result.stderr).not.toMatch(/ min at \d+\/min/);
    expect(lastLine(result.stdout)).toBe(`next: open ${join(reportDir, 'report.html')}`);
    const outputs = [result.stdout, result.stderr, ...readdirSync(reportDir).map((name) => readFileSync(join(reportDir, name), 'utf8'))];
    expect(readdirSync(reportDir).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
    for (const token of Object.values(server.profile.tokens)) {
      for (const output of outputs) expect(output).not.toContain(token);
    }
    // Each of the four reports names the deployment it judged, read back from its file.
    const read = (name: string) => readFileSync(join(reportDir, name), 'utf8');
    const { target } = JSON.parse(read('report.json')) as { target: Record<string, string> };
    expect(target).toEqual({
      baseUrl: server.url, environment: 'local', apis: ['v1', 'v2'], profile: profilePath, mfcVersion: cliVersion(),
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/), finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
    });
    expect(Date.parse(target.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(target.startedAt!));
    const junit = read('junit.xml');
    expect(junit).toMatch(new RegExp(`<testsuites [^>]*>\n  <properties>\n    <property name="mfc.baseUrl" value="${server.url}"/>\n    <property name="mfc.environment" value="local"/>\n    <property name="mfc.apis" value="v1,v2"/>`));
    expect(junit.match(/<property name="mfc.baseUrl"/g)?.length).toBe((junit.match(/<testsuite /g)?.length ?? 0) + 1);
    expect(read('report.html')).toContain(`<h1>mfc run report of <code>${server.url}</code> (local)</h1>`);
    expect(read('report.md')).toMatch(new RegExp(`^## ✅ mfc run report of \`${server.url}\` \\(local\\): 10 passed, 0 failed, 0 skipped\n\n${server.url} · local · v1, v2 · profile `));
  });

  it('fails a broken server in the mapped check, with every token redacted from reports and logs', async () => {
    const broken = await startServer({ host: '127.0.0.1', port: 0, faults: ['v1-auth-missing-token-403'] });
    try {
      const reportDir = tempDir('mfc-reports-');
      const result = await runCli(['run', '--profile', writeProfile(broken.profile), '--only', '*.auth.*', '--report-dir', reportDir], { reportDir });
      expect(result.code).toBe(1);
      const failed = result.report?.checks.filter((c) => c.status === 'failed').map((c) => c.id);
      // One rule (§5 point 4, every endpoint answers 401 without a token), seen on a read and on every endpoint.
      expect(failed).toEqual(['v1.auth.every-endpoint-401', 'v1.auth.missing-token-401']);
      expect(result.stdout).toMatch(/§5\n {2}✗ v1.auth.missing-token-401/);
      expect(lastLine(result.stdout)).toMatch(new RegExp(`^next: open ${reportDir}/report\\.html · replay: (npx )?mfc run --profile \\S+ --only v1\\.auth\\.every-endpoint-401 --seed \\d+$`));
      const outputs = [result.stdout, result.stderr, ...readdirSync(reportDir).map((name) => readFileSync(join(reportDir, name), 'utf8'))];
      for (const token of Object.values(broken.profile.tokens)) {
        for (const output of outputs) expect(output).not.toContain(token);
      }
    } finally {
      await broken.close();
    }
  });

  it('exits 2 when --only selects no check', async () => {
    const result = await runCli(['run', '--profile', writeProfile(server.profile), '--only', 'v1.no-such-check.*', '--report-dir', tempDir('mfc-reports-')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--only "v1.no-such-check.*" selects no check');
  });

  it('runs read-only with --base-url and --token', async () => {
    const reportDir = tempDir('mfc-reports-');
    const result = await runCli(['run', '--base-url', server.url, '--token', server.profile.tokens.primary, '--only', '*.auth.*', '--report-dir', reportDir], { reportDir });
    expect(result.code).toBe(0);
    // Without the other tokens, the expired and inactive-channel checks are skipped, naming the key.
    expect(result.report?.checks.filter((c) => c.status === 'skipped').map((c) => c.message).sort()).toEqual([
      'needs tokens.expired in the profile', 'needs tokens.expired in the profile',
      'needs tokens.inactiveChannel in the profile', 'needs tokens.inactiveChannel in the profile',
    ]);
    expect(result.stdout + result.stderr).not.toContain(server.profile.tokens.primary);
  });
});
