// Issue 10: the run against wrong inputs and hostile targets — one clear failure or a usage error,
// never a hang, a cascade of failures or a silent pass.
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaults } from '../../packages/cli/src/runner/options.js';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { startCountingProxy } from '../support/counting-proxy.js';
import { refusingUrl, startFakeTarget, type FakeRoute } from '../support/fake-target.js';
import { tempDir, testProfile, writeProfile } from '../support/profile.js';
import { runCli } from '../support/run-cli.js';

const fixtures = ['../../test/runner/fixtures/basic.check.ts'];
const emptyPage = { data: [], pagination: { current_page: 1, item_count: 0, page_count: 0, items_per_page: 1 } };

/** A stream that keeps what is written to it. */
function captured(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { stream, text: () => text };
}

/** Answers the first `healthy` requests like a working target, then 429 with `retryAfter` forever. */
function limitedAfter(healthy: number, retryAfter: string): FakeRoute {
  let seen = 0;
  return (_request, reply) => {
    seen += 1;
    if (seen <= healthy) return reply(200, emptyPage);
    reply(429, { success: false, errors: ['too many requests'] }, { 'retry-after': retryAfter });
  };
}

describe('the rate-limit bound: a target answering 429 forever ends the run with one failure', () => {
  const cases: Array<[string, { retryAfter: string; maxWaitMs?: number; want: RegExp }]> = [
    ['a Retry-After beyond the bound', { retryAfter: '3600', want: /answered 429 asking to wait 3600 s, beyond the bound of 120 s/ }],
    ['a short Retry-After that never ends', { retryAfter: '0.2', want: /answered 429 4 times in a row, after waiting 0.6 s as asked/ }],
    ['a Retry-After beyond a --max-wait of 1 s', { retryAfter: '2', maxWaitMs: 1000, want: /asking to wait 2 s, beyond the bound of 1 s/ }],
  ];
  it.each(cases)('%s', async (_name, { retryAfter, maxWaitMs, want }) => {
    // The preflight's six requests (primary and two tokens of other clients, both versions) pass.
    const target = await startFakeTarget(limitedAfter(6, retryAfter));
    const log = captured();
    try {
      const started = Date.now();
      const outcome = await runChecks({
        profile: testProfile(target.url, { allowWrites: false }), include: fixtures, progressLines: log.stream, ...(maxWaitMs ? { maxWaitMs } : {}),
      });
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(outcome.exitCode).toBe(1);
      const failed = outcome.report.checks.filter((c) => c.status === 'failed');
      expect(failed.map((c) => c.id)).toEqual(['run.rate-limit.bounded-wait']);
      expect(failed[0]?.section).toBe('8');
      expect(failed[0]?.message).toMatch(want);
      // The check that met the bound did not finish; the rest never started.
      const skipped = outcome.report.checks.filter((c) => c.status === 'skipped').map((c) => c.message);
      expect(skipped.filter((m) => m.startsWith('not finished: the rate limit') || m.startsWith('not run: the rate limit')).length).toBeGreaterThan(0);
      if (retryAfter === '0.2') expect(log.text()).not.toContain('waiting 1 s');
    } finally {
      await target.close();
    }
  });

  it('stops in the preflight when the target answers 429 from the first request', async () => {
    const target = await startFakeTarget(limitedAfter(0, '3600'));
    try {
      const outcome = await runChecks({ profile: testProfile(target.url), include: fixtures });
      expect(outcome.exitCode).toBe(1);
      expect(outcome.report.checks.filter((c) => c.status === 'failed').map((c) => c.id)).toEqual(['run.rate-limit.bounded-wait']);
      expect(target.requests.length).toBe(1);
    } finally {
      await target.close();
    }
  });

  it('writes a progress line for every wait of a second or more', async () => {
    const target = await startFakeTarget(limitedAfter(6, '1'));
    const log = captured();
    try {
      await runChecks({ profile: testProfile(target.url, { allowWrites: false }), include: fixtures, progressLines: log.stream, maxWaitMs: 1500 });
      expect(log.text()).toMatch(/^mfc run: waiting 1 s as asked by a 429 from GET \/merchant_api\/v1\/orders$/m);
    } finally {
      await target.close();
    }
  });
});

describe('an interrupted run', () => {
  it('stops, reports what finished as interrupted, and exits 130', async () => {
    const interrupt = new AbortController();
    let seen = 0;
    // The first check's request is held until the run is interrupted, then answered.
    const target = await startFakeTarget((request, reply) => {
      seen += 1;
      if (seen <= 6) return reply(200, emptyPage);
      if (seen === 7) {
        interrupt.abort('SIGINT');
        setImmediate(() => reply(200, emptyPage));
        return;
      }
      reply(200, emptyPage);
    });
    try {
      const outcome = await runChecks({ profile: testProfile(target.url, { allowWrites: false }), include: fixtures, signal: interrupt.signal });
      expect(outcome.exitCode).toBe(130);
      expect(outcome.report.run?.interrupted).toBe('interrupted (SIGINT)');
      expect(outcome.report.checks.filter((c) => c.status === 'failed')).toEqual([]);
      const notRun = outcome.report.checks.filter((c) => /^not (run|finished): interrupted \(SIGINT\)$/.test(c.message));
      expect(notRun.length).toBeGreaterThanOrEqual(3);
      // No request went out after the interrupt but those already on their way: at most one per
      // check running side by side (the held one among them).
      expect(target.requests.length).toBeLessThanOrEqual(6 + defaults.concurrency);
    } finally {
      await target.close();
    }
  });
});

describe('mfc run against wrong inputs (CLI)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ host: '127.0.0.1', port: 0, rateLimit: 10_000 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('stops with one failure naming tokens.primary when the primary token is wrong', async () => {
    const reportDir = tempDir('mfc-reports-');
    const profile = { ...server.profile, tokens: { ...server.profile.tokens, primary: 'tok-wrong-primary-0123456789' } };
    const result = await runCli(['run', '--profile', writeProfile(profile), '--report-dir', reportDir], { reportDir });
    expect(result.code).toBe(1);
    const failed = result.report?.checks.filter((c) => c.status === 'failed') ?? [];
    expect(failed.map((c) => c.id)).toEqual(['run.inputs.tokens.primary']);
    expect(failed[0]?.message).toMatch(/tokens.primary is not accepted by the target on v1; no check ran[^]*answered 401: a missing or unknown token/);
    expect(result.report?.checks.filter((c) => c.status === 'skipped').every((c) => c.message === 'tokens.primary is not accepted (401 on v1)')).toBe(true);
    expect(result.stdout + result.stderr).not.toContain('tok-wrong-primary-0123456789');
  });

  it('skips the isolation checks, with one failure per key, when the other tokens are garbage', async () => {
    const reportDir = tempDir('mfc-reports-');
    const profile = { ...server.profile, tokens: { ...server.profile.tokens, otherMerchant: 'garbage-other-merchant', sameMerchantOtherChannel: 'garbage-same-merchant' } };
    const result = await runCli(['run', '--profile', writeProfile(profile), '--only', '*.scope.*', '--report-dir', reportDir], { reportDir });
    expect(result.code).toBe(1);
    const failed = result.report?.checks.filter((c) => c.status === 'failed') ?? [];
    expect(failed.map((c) => c.id).sort()).toEqual(['run.inputs.tokens.otherMerchant', 'run.inputs.tokens.sameMerchantOtherChannel']);
    expect(failed.find((c) => c.id === 'run.inputs.tokens.otherMerchant')?.message).toMatch(/answered 401 \(a missing or unknown token, §5\): it is not a token of this target/);
    // No isolation check passes on a token that proves nothing.
    // (v1.scope.other-channel-sku-404 needs neither: the primary token updates a fixture SKU.)
    const usingTokens = result.report?.checks.filter((c) => /other-merchant|other-channel/.test(c.id) && c.id !== 'v1.scope.other-channel-sku-404') ?? [];
    expect(usingTokens.length).toBeGreaterThan(4);
    expect(usingTokens.filter((c) => c.status === 'passed')).toEqual([]);
    expect(usingTokens.every((c) => /^tokens\.(otherMerchant|sameMerchantOtherChannel) is unusable: /.test(c.message))).toBe(true);
  });

  it('names a token that is the primary one again', async () => {
    const reportDir = tempDir('mfc-reports-');
    const profile = { ...server.profile, tokens: { ...server.profile.tokens, sameMerchantOtherChannel: server.profile.tokens.primary } };
    const result = await runCli(['run', '--profile', writeProfile(profile), '--only', 'v1.scope.*', '--report-dir', reportDir], { reportDir });
    expect(result.code).toBe(1);
    expect(result.report?.checks.find((c) => c.id === 'run.inputs.tokens.sameMerchantOtherChannel')?.message).toContain('it is the same token as tokens.primary');
  });

  it('on SIGINT writes the partial reports with the records created, and exits 130', async () => {
    const reportDir = tempDir('mfc-reports-');
    let child: ChildProcess | undefined;
    let posts = 0;
    let sent = false;
    // Interrupted once the run has created a few records, as the target sees them.
    const proxy = await startCountingProxy(server.url, (request) => {
      if (request.method === 'POST') posts += 1;
      if (!sent && posts === 5 && child) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    const result = await runCli(['run', '--profile', writeProfile({ ...server.profile, baseUrl: proxy.url }), '--report-dir', reportDir], {
      reportDir,
      onSpawn: (spawned) => {
        child = spawned;
      },
    });
    await proxy.close();
    expect(sent).toBe(true);
    expect(result.code).toBe(130);
    expect(result.report?.run?.interrupted).toBe('interrupted (SIGINT)');
    expect(result.report?.run?.created.length).toBeGreaterThan(0);
    // Every selected check is listed: those that finished, and the rest as not run.
    const total = (result.report?.summary.passed ?? 0) + (result.report?.summary.failed ?? 0) + (result.report?.summary.skipped ?? 0);
    expect(total).toBeGreaterThanOrEqual(212);
    expect(result.report?.checks.filter((c) => c.message === 'not run: interrupted (SIGINT)').length).toBeGreaterThan(0);
    expect(result.report?.run?.created[0]).toMatchObject({ api: expect.stringMatching(/^v[12]$/), kind: expect.any(String), id: expect.any(String) });
    expect(result.stdout).toMatch(/interrupted: interrupted \(SIGINT\); the report holds the checks that finished/);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^next: remove what the run left on the target: (npx )?mfc cleanup --profile \\S+ --report ${reportDir}/report\\.json$`));
    expect(result.stderr).toContain('mfc run: SIGINT: stopping');
  }, 90_000);
});

describe('mfc run: input mistakes found before any request (exit 2)', () => {
  it('refuses a --report-dir under a file', async () => {
    const target = await startFakeTarget((_request, reply) => reply(200, emptyPage));
    try {
      const file = join(tempDir('mfc-reports-'), 'a-file');
      writeFileSync(file, 'x');
      const result = await runCli(['run', '--profile', writeProfile(testProfile(target.url)), '--report-dir', join(file, 'reports')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--report-dir .*a-file\/reports: a part of the path is a file \(ENOTDIR\)/);
      expect(result.stderr).not.toContain('    at ');
      expect(target.requests.length).toBe(0);
    } finally {
      await target.close();
    }
  });

  it.each([['--deadline', '0'], ['--max-wait', 'soon']])('refuses %s %s', async (flag, value) => {
    const result = await runCli(['run', '--base-url', await refusingUrl(), '--token', 'tok-x', flag, value]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${flag} expects a number of seconds above 0, received "${value}"`);
  });

  it('exits 2 for an --only that selects nothing even when the target is down', async () => {
    const result = await runCli(['run', '--base-url', await refusingUrl(), '--token', 'tok-x', '--only', 'v1.no-such-check.*']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--only "v1.no-such-check.\*" selects no check/);
  });

  it('hints at the base URL when it already holds /merchant_api/v1', async () => {
    const result = await runCli(['run', '--base-url', 'http://127.0.0.1:9/merchant_api/v1', '--token', 'tok-x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--base-url ends in \/merchant_api\/v1: .* Use "http:\/\/127.0.0.1:9"/);
  });
});

describe('a base URL that does not lead to the API', () => {
  const cases: Array<[string, FakeRoute, RegExp]> = [
    ['redirects', (_request, _reply, res) => void res.writeHead(301, { location: 'https://elsewhere.example.test/' }).end(), /answered 301, a redirect to https:\/\/elsewhere.example.test\/; the run follows no redirect/],
    ['answers 404 JSON for every path', (_request, reply) => reply(404, { error: 'not found' }), /every path answered 404 \(GET \/merchant_api\/v1\/orders\?limit=1, GET \/merchant_api\/v2\/restocking_shipments\?limit=1\): the base URL may lack its path/],
    ['answers 404 for the v2 list only', (request, reply) => (request.url.startsWith('/merchant_api/v2/') ? reply(404, { error: 'not found' }) : reply(200, { data: [], pagination: { current_page: 1, item_count: 0, page_count: 0, items_per_page: 1 } })), /GET \/merchant_api\/v2\/restocking_shipments\?limit=1 answered 404: no such list under this baseUrl \(a target without v2 is run with --api v1\)/],
  ];
  it.each(cases)('names it when the target %s', async (_name, route, want) => {
    const target = await startFakeTarget(route);
    try {
      const outcome = await runChecks({ profile: testProfile(target.url), include: fixtures });
      const failed = outcome.report.checks.filter((c) => c.status === 'failed');
      expect(failed.map((c) => [c.id, c.title])).toEqual([['run.target.reachable', 'The base URL does not lead to the API; no check ran']]);
      expect(failed[0]?.message).toMatch(want);
    } finally {
      await target.close();
    }
  });

  it('judges a 403 in the API\'s own error body as the token\'s, even when its message speaks of a certificate', async () => {
    const target = await startFakeTarget((_request, reply) => reply(403, { success: false, errors: ['the certificate of this sales channel expired'] }));
    try {
      const outcome = await runChecks({ profile: testProfile(target.url), include: fixtures });
      const failed = outcome.report.checks.filter((c) => c.status === 'failed');
      expect(failed.map((c) => c.id)).toEqual(['run.inputs.tokens.primary']);
      expect(failed[0]?.message).toContain('answered 403: an expired token or an inactive sales channel (§5)');
      expect(failed[0]?.message).not.toContain('client certificate');
    } finally {
      await target.close();
    }
  });

  it('reads https against an http port as a readable TLS failure', async () => {
    const target = await startFakeTarget((_request, reply) => reply(200, emptyPage));
    try {
      const outcome = await runChecks({ profile: testProfile(target.url.replace('http:', 'https:')), include: fixtures, requestTimeoutMs: 2000 });
      const failed = outcome.report.checks.filter((c) => c.status === 'failed');
      expect(failed[0]?.message).toMatch(/Received: the TLS handshake failed: the target does not answer https on this port \(is the base URL http:\/\/\?\)/);
      expect(failed[0]?.message).not.toMatch(/ssl3_get_record|openssl/i);
    } finally {
      await target.close();
    }
  });
});
