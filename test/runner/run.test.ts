import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks, RunRefusedError } from '../../packages/cli/src/runner/index.js';
import { brokenTargets, refusingUrl, startFakeTarget, type FakeRoute, type FakeTarget } from '../support/fake-target.js';
import { testProfile } from '../support/profile.js';

const fixtures = ['../../test/runner/fixtures/basic.check.ts'];

// Answers like a deployment where the primary token works and an unknown or missing one is refused.
const healthyRoute: FakeRoute = (request, reply) => {
  const authorization = request.headers.authorization;
  if (authorization === undefined || authorization.includes('unknown')) return reply(401, { success: false, errors: ['unauthorized'] });
  reply(200, { data: [], pagination: { current_page: 1, item_count: 0, page_count: 0, items_per_page: 1 } });
};

describe('runChecks against a healthy fake target', () => {
  let target: FakeTarget;
  beforeAll(async () => {
    target = await startFakeTarget(healthyRoute, { rateLimitMax: 100 });
  });
  afterAll(async () => {
    await target.close();
  });

  it('reports each outcome with its id, section and reason, and exits 1 on a failure', async () => {
    const outcome = await runChecks({ profile: testProfile(target.url, { allowWrites: false }), include: fixtures, seed: 7 });
    const byId = Object.fromEntries(outcome.report.checks.map((c) => [c.id, c]));
    expect(outcome.exitCode).toBe(1);
    expect(outcome.seed).toBe(7);
    // The preflight (the primary and the two tokens of other clients, on both versions) and one
    // request each for the four checks that ran.
    expect(outcome.requests).toBe(10);
    expect(outcome.selected).toBe(5);
    expect(outcome.marker).toMatch(/^mfc-[a-z0-9]+$/);
    expect(outcome.report.summary).toEqual({ passed: 2, failed: 2, skipped: 1 });
    expect(byId['v1.fixture.passes']).toMatchObject({ status: 'passed', section: '5', api: 'v1', message: '' });
    expect(byId['v1.fixture.writes']).toMatchObject({ status: 'skipped', message: 'needs allowWrites: true in the profile' });
    expect(byId['v1.fixture.fails']).toMatchObject({ status: 'failed', section: '4.1' });
    expect(byId['v1.fixture.fails']?.message).toMatch(/^GET \/merchant_api\/v1\/orders answered an unexpected status\nExpected: status 299\nReceived: status 200\n\nStatus: 200\nBody: \{"data"/);
    expect(byId['v1.fixture.fails']?.message).toContain('Reproduce with:\n  curl -X GET');
    expect(byId['v1.fixture.fails']?.requests[0]).toMatchObject({ method: 'GET', status: 200, requestHeaders: { authorization: 'Bearer [redacted]' } });
  });

  it('skips a check whose profile input is missing, naming the key', async () => {
    const profile = testProfile(target.url, { allowWrites: false });
    delete profile.tokens.expired;
    const outcome = await runChecks({ profile, include: fixtures, only: 'v1.fixture.needs-token' });
    expect(outcome.report.checks).toEqual([
      expect.objectContaining({ id: 'v1.fixture.needs-token', status: 'skipped', message: 'needs tokens.expired in the profile' }),
    ]);
    expect(outcome.exitCode).toBe(0);
  });

  const selections: Array<[string, { api?: 'v1' | 'v2'; only?: string; want: string[] }]> = [
    ['--api v2', { api: 'v2', want: ['v2.fixture.passes'] }],
    ['a glob', { only: '*.passes', want: ['v1.fixture.passes', 'v2.fixture.passes'] }],
    ['a glob with --api', { api: 'v1', only: 'v1.fixture.*s', want: ['v1.fixture.passes', 'v1.fixture.fails', 'v1.fixture.writes'] }],
    ['a full id', { only: 'v1.fixture.fails', want: ['v1.fixture.fails'] }],
  ];
  it.each(selections)('selects checks by %s and reports only those', async (_name, { api, only, want }) => {
    const outcome = await runChecks({ profile: testProfile(target.url), include: fixtures, ...(api ? { api } : {}), ...(only ? { only } : {}) });
    expect(outcome.report.checks.map((c) => c.id).sort()).toEqual([...want].sort());
  });

  it('refuses writes against production without --allow-production-writes, before any request', async () => {
    const before = target.requests.length;
    const profile = testProfile(target.url, { environment: 'production', allowWrites: true });
    await expect(runChecks({ profile, include: fixtures })).rejects.toBeInstanceOf(RunRefusedError);
    expect(target.requests.length).toBe(before);
    const allowed = await runChecks({ profile, include: fixtures, only: 'v1.fixture.writes', allowProductionWrites: true });
    expect(allowed.report.checks[0]?.status).not.toBe('skipped');
  });
});

describe('runChecks against a target that cannot serve', () => {
  const causes: Array<[string, { url: () => Promise<{ url: string; close(): Promise<void> }>; want: RegExp }]> = [
    ['refuses connections', { url: async () => ({ url: await refusingUrl(), close: async () => undefined }), want: /Received: connection refused/ }],
    ['hangs', { url: () => startFakeTarget(brokenTargets.hang), want: /Received: no answer within the request timeout/ }],
    ['answers HTML', { url: () => startFakeTarget(brokenTargets.html), want: /The base URL does not lead to the API[^]*Received: an HTML page \(200, text\/html: "Maintenance"\), not the API: a gateway header may be needed: connection\.headers [^]*is baseUrl the API's \{base_url\}/ }],
    ['answers 500 to everything', { url: () => startFakeTarget(brokenTargets.error500), want: /Received: status 500/ }],
  ];
  // No wall-time bound (a busy machine would race it): that no check waits on the target is what the
  // skips show, each before it sent a request.
  it.each(causes)('reports one readable failure when the target %s, skips the rest without trying them and exits 1', async (_name, { url, want }) => {
    const target = await url();
    try {
      const outcome = await runChecks({ profile: testProfile(target.url), include: fixtures, requestTimeoutMs: 500, deadlineMs: 20_000 });
      expect(outcome.exitCode).toBe(1);
      const failed = outcome.report.checks.filter((c) => c.status === 'failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]?.id).toBe('run.target.reachable');
      expect(failed[0]?.message).toMatch(want);
      expect(failed[0]?.message).not.toContain('    at ');
      const skipped = outcome.report.checks.filter((c) => c.status === 'skipped');
      expect(skipped.map((c) => c.message)).toEqual(Array(5).fill(expect.stringMatching(/^target unreachable: /)));
    } finally {
      await target.close();
    }
  });
});

describe('check declarations', () => {
  it('fail a repeated id, an id outside the pattern or api, and a section that is not a number', async () => {
    const target = await startFakeTarget(healthyRoute);
    try {
      const outcome = await runChecks({ profile: testProfile(target.url), include: ['../../test/runner/fixtures/malformed/*.check.ts'] });
      expect(outcome.report.checks.map((c) => [c.id, c.status, c.message])).toEqual([
        ['v1.fixture.once', 'passed', ''],
        ['v1.fixture.once', 'failed', expect.stringContaining('check id "v1.fixture.once" is registered twice')],
        ['v1.fixture.Bad_Id', 'failed', expect.stringContaining('dot-separated kebab-case')],
        ['v1.fixture.wrong-api', 'failed', expect.stringContaining('must start with its api "v2."')],
        ['v1.fixture.bad-section', 'failed', expect.stringContaining('section "§4.1" must be a section number')],
      ]);
    } finally {
      await target.close();
    }
  });
});

describe('t.webhooks', () => {
  it('is the receiver of the run on the host, port and paths of the profile, only for checks that need it', async () => {
    const target = await startFakeTarget(healthyRoute);
    const port = Number(new URL(await refusingUrl()).port);
    try {
      const webhooks = { host: '127.0.0.1', port, v1Path: '/hooks/v1', v2Path: '/hooks/v2' };
      const outcome = await runChecks({ profile: testProfile(target.url, { webhooks }), include: ['../../test/runner/fixtures/webhooks/*.check.ts'] });
      const byId = Object.fromEntries(outcome.report.checks.map((c) => [c.id, c]));
      expect(byId['v1.fixture.webhook-arrives']?.status).toBe('passed');
      expect(byId['v1.fixture.webhooks-undeclared']).toMatchObject({ status: 'failed' });
      expect(byId['v1.fixture.webhooks-undeclared']?.message).toContain("t.webhooks needs `needs: ['webhooks']`");
      const without = await runChecks({ profile: testProfile(target.url), include: ['../../test/runner/fixtures/webhooks/*.check.ts'], only: 'v1.fixture.webhook-arrives' });
      expect(without.report.checks[0]).toMatchObject({ status: 'skipped', message: 'needs webhooks in the profile' });
    } finally {
      await target.close();
    }
  });
});

describe('the run deadline', () => {
  const DEADLINE_MS = 15_000;
  it('cuts a stuck check short, reports it and does not hang', async () => {
    const target = await startFakeTarget(healthyRoute);
    try {
      // The deadline counts the whole run, vitest's start-up included: on a machine busy with other work
      // that start has taken seconds, and the quick checks must get to run before the deadline passes.
      // That the run does not hang is this test ending within its own timeout.
      const outcome = await runChecks({ profile: testProfile(target.url), include: ['../../test/runner/fixtures/slow/*.check.ts'], deadlineMs: DEADLINE_MS });
      expect(outcome.exitCode).toBe(1);
      const byId = Object.fromEntries(outcome.report.checks.map((c) => [c.id, c]));
      // Checks run side by side: the one declared after the stuck one is not held up by it.
      expect(byId['v1.fixture.quick']?.status).toBe('passed');
      expect(byId['v1.fixture.after-stuck']?.status).toBe('passed');
      expect(byId['v1.fixture.stuck']).toMatchObject({ status: 'skipped', message: 'not finished: the run deadline passed' });
      expect(byId['run.deadline']?.status).toBe('failed');
      expect(byId['run.deadline']?.message).toContain('Received: 1 check(s) left when the deadline passed: v1.fixture.stuck; the plan gave them 3 request(s)');
      expect(outcome.report.run?.deadlineMs).toBe(DEADLINE_MS);
    } finally {
      await target.close();
    }
  });
});
