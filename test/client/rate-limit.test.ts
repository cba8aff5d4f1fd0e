import { describe, expect, it } from 'vitest';
import { createClient, Pacer, RateLimitedError } from '../../packages/api/src/client/index.js';
import { useMockAgent } from '../support/mock-agent.js';
import { fakeClock } from '../support/fake-clock.js';

const TOKEN = 'tok-rate-77aa';
const base = 'http://api.test';
const MINUTE = 60_000;

describe('Pacer share', () => {
  // 10 s into a minute: the next minute starts 50 s later (plus the 200 ms margin).
  const table: Array<[string, { share?: number; max: string; requests: number; want: number[] }]> = [
    ['no share: waits only one short of the limit', { max: '10', requests: 9, want: [] }],
    ['no share: the tenth of ten waits', { max: '10', requests: 10, want: [50_200] }],
    ['share 0.5 of 10: the sixth request waits', { share: 0.5, max: '10', requests: 6, want: [50_200] }],
    ['share 0.5 of 10: five go through', { share: 0.5, max: '10', requests: 5, want: [] }],
    ['share 1: as without a share', { share: 1, max: '10', requests: 10, want: [50_200] }],
    ['a tiny share still lets one request through per minute', { share: 0.01, max: '10', requests: 2, want: [50_200] }],
  ];
  it.each(table)('%s', async (_name, { share, max, requests, want }) => {
    const { clock, options } = fakeClock(1_000 * MINUTE + 10_000);
    const pacer = new Pacer({ ...options, ...(share === undefined ? {} : { share }) });
    // Other clients use none of the window: the server's count equals ours.
    for (let i = 1; i <= requests; i += 1) {
      await pacer.before('k');
      pacer.after('k', { 'x-rate-limit-used': String(i), 'x-rate-limit-max': max });
    }
    expect(clock.sleeps).toEqual(want);
  });

  it('counts its own requests for the share, the server\'s for the limit', async () => {
    const { clock, options } = fakeClock(1_000 * MINUTE + 10_000);
    const pacer = new Pacer({ ...options, share: 0.5 });
    // Others already used 40 of 100: this pacer may still send its 50 … but the window holds only 59 more.
    await pacer.before('k');
    pacer.after('k', { 'x-rate-limit-used': '41', 'x-rate-limit-max': '100' });
    for (let i = 0; i < 49; i += 1) await pacer.before('k');
    expect(clock.sleeps).toEqual([]);
    await pacer.before('k');
    expect(clock.sleeps).toEqual([50_200]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses share %s', (share) => {
    expect(() => new Pacer({ share })).toThrow(RangeError);
    expect(() => createClient({ baseUrl: base, token: TOKEN, version: 'v1', share })).toThrow(/share expected a number in \(0, 1\]/);
  });
});

describe('the client paces and waits out 429s', () => {
  const agent = useMockAgent();

  it('holds the request past its share of X-Rate-Limit-Max until the next minute', async () => {
    let used = 0;
    agent().get(base).intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(() => {
      used += 1;
      return { statusCode: 200, data: { data: [] }, responseOptions: { headers: { 'x-rate-limit-used': String(used), 'x-rate-limit-max': '4' } } };
    }).persist();
    const { clock, options } = fakeClock(1_000 * MINUTE + 10_000);
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent(), pacer: new Pacer({ ...options, share: 0.5 }) });
    await client.GET('/orders');
    await client.GET('/orders');
    expect(clock.sleeps).toEqual([]);
    await client.GET('/orders');
    expect(clock.sleeps).toEqual([50_200]);
  });

  it('waits Retry-After (fractional seconds) and returns the retried answer', async () => {
    const pool = agent().get(base);
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(429, { success: false, errors: ['slow down'] }, { headers: { 'retry-after': '0.02' } });
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(200, { data: [] });
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent() });
    const result = await client.GET('/orders');
    expect(result).toMatchObject({ ok: true, status: 200 });
    agent().assertNoPendingInterceptors();
  });

  it('a Retry-After beyond maxWaitMs is a RateLimitedError at once, not a wait', async () => {
    const pool = agent().get(base);
    pool.intercept({ path: '/merchant_api/v2/orders/1', method: 'GET' }).reply(429, { errors: ['too many'], title: 'Too Many Requests', status: 429 }, { headers: { 'retry-after': '42.5' } });
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v2', dispatcher: agent(), maxWaitMs: 1_000 });
    const started = Date.now();
    const result = await client.GET('/orders/{id}', { params: { path: { id: 1 } } });
    expect(Date.now() - started).toBeLessThan(500);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(RateLimitedError);
    expect(result.error).toMatchObject({ status: 429, retryAfterMs: 42_500, body: { title: 'Too Many Requests' } });
  });

  it('still 429 after maxRetries: RateLimitedError with every exchange', async () => {
    agent().get(base).intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(429, '{}', { headers: { 'retry-after': '0.01' } }).times(3);
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent(), maxRetries: 2 });
    const result = await client.GET('/orders');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(RateLimitedError);
    expect(result.error.exchanges.map((exchange) => exchange.status)).toEqual([429, 429, 429]);
  });
});
