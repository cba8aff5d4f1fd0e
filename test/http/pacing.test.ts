import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient, Pacer, rateLimitKey, type MfcDispatchOptions } from '../../packages/cli/src/http/index.js';
import { fakeClock } from '../support/fake-clock.js';

const MINUTE = 60_000;

describe('Pacer', () => {
  const table: Array<[string, { perMinute?: number; headers: Array<Record<string, string>>; want: number[] }]> = [
    ['no headers and no profile limit: never waits', { headers: [{}, {}, {}], want: [] }],
    ['Used well below Max: never waits', { headers: [{ 'x-rate-limit-used': '1', 'x-rate-limit-max': '100' }, { 'x-rate-limit-used': '2', 'x-rate-limit-max': '100' }], want: [] }],
    ['Used reaches Max - 1: the next request waits for the next minute', { headers: [{ 'x-rate-limit-used': '98', 'x-rate-limit-max': '100' }, { 'x-rate-limit-used': '99', 'x-rate-limit-max': '100' }], want: [50_200] }],
    ['the profile limit is lower than the header: the profile wins', { perMinute: 3, headers: [{ 'x-rate-limit-used': '1', 'x-rate-limit-max': '100' }, { 'x-rate-limit-used': '2', 'x-rate-limit-max': '100' }], want: [50_200] }],
    ['no headers, profile limit 3: counts locally and waits before the third', { perMinute: 3, headers: [{}, {}], want: [50_200] }],
  ];
  it.each(table)('%s', async (_name, { perMinute, headers, want }) => {
    // 10 s into a minute: the next minute starts 50 s later (plus the 200 ms margin).
    const { clock, options } = fakeClock(1_000 * MINUTE + 10_000);
    const pacer = new Pacer({ ...options, ...(perMinute === undefined ? {} : { perMinute }) });
    for (const answer of headers) {
      await pacer.before('k');
      pacer.after('k', answer);
    }
    await pacer.before('k');
    expect(clock.sleeps).toEqual(want);
  });

  it('starts counting again in a new minute', async () => {
    const { clock, options } = fakeClock(1_000 * MINUTE);
    const pacer = new Pacer(options);
    await pacer.before('k');
    pacer.after('k', { 'x-rate-limit-used': '99', 'x-rate-limit-max': '100' });
    clock.now += MINUTE;
    await pacer.before('k');
    expect(clock.sleeps).toEqual([]);
    expect(pacer.usage()).toEqual({ used: 1, limit: 100 });
  });

  it('never lowers its count on a lower Used from another token sharing the window', async () => {
    const { clock, options } = fakeClock(1_000 * MINUTE);
    const pacer = new Pacer(options);
    await pacer.before('v2');
    pacer.after('v2', { 'x-rate-limit-used': '98', 'x-rate-limit-max': '100' });
    await pacer.before('v2');
    pacer.after('v2', { 'x-rate-limit-used': '1', 'x-rate-limit-max': '100' });
    expect(pacer.usage()).toEqual({ used: 99, limit: 100 });
    await pacer.before('v2');
    expect(clock.sleeps).toEqual([60_200]);
  });

  it('reports the requests of a pacer it took over in their own minutes, when the checks start in a later one', async () => {
    // The preflight's requests in two minutes, then the checks' pacer takes over in a third.
    const { clock, options } = fakeClock(1_000 * MINUTE + 59_000);
    const preflight = new Pacer({ ...options, label: (key) => key });
    await preflight.before('v1 a');
    await preflight.before('v1 a');
    clock.now += 2_000;
    await preflight.before('v1 a');
    clock.now += MINUTE;
    const checks = new Pacer({ ...options, label: (key) => key });
    await checks.before('v1 a');
    checks.takeOver(preflight.handover());
    await checks.before('v1 a');
    const minute = (n: number) => new Date((1_000 + n) * MINUTE).toISOString();
    expect(checks.traffic().map(({ minute: at, requests }) => [at, requests])).toEqual([[minute(0), 2], [minute(1), 1], [minute(2), 2]]);
  });

  it('keeps one window per v1 token and one for all of v2', () => {
    const key = (path: string, token: string) =>
      rateLimitKey({ origin: 'http://t', path, method: 'GET', headers: { authorization: `Bearer ${token}` } } as MfcDispatchOptions);
    expect(key('/merchant_api/v1/orders', 'a')).not.toBe(key('/merchant_api/v1/orders', 'b'));
    expect(key('/merchant_api/v1/orders', 'a')).toBe(key('/merchant_api/v1/skus/1', 'a'));
    expect(key('/merchant_api/v2/orders', 'a')).toBe(key('/merchant_api/v2/orders', 'b'));
  });
});

describe('pacing interceptor with MockAgent', () => {
  let agent: MockAgent;
  afterEach(async () => {
    await agent.close();
  });

  it('holds the request after Used = Max - 1 until the next minute, and not a request meant to provoke a 429', async () => {
    agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get('http://target.test');
    const headers = (used: number) => ({ 'content-type': 'application/json', 'x-rate-limit-used': String(used), 'x-rate-limit-max': '3' });
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(200, '{}', { headers: headers(1) });
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(200, '{}', { headers: headers(2) });
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(200, '{}', { headers: headers(3) });
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(200, '{}', { headers: headers(1) });
    const { clock, options } = fakeClock(5 * MINUTE + 30_000);
    const client = new HttpClient({ secrets: [], dispatcher: agent, pacer: new Pacer(options) });
    const get = (provoke429 = false) => client.send({ method: 'GET', url: 'http://target.test/merchant_api/v1/orders', provoke429 });
    await get();
    await get();
    expect(clock.sleeps).toEqual([]);
    // Used is 2 of 3: one request stays spare, except for a request that means to go over.
    await get(true);
    expect(clock.sleeps).toEqual([]);
    await get();
    expect(clock.sleeps).toEqual([30_200]);
    agent.assertNoPendingInterceptors();
  });
});
