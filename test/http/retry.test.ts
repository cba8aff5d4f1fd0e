import { describe, expect, it } from 'vitest';
import { HttpClient, retryDelayMs } from '../../packages/cli/src/http/index.js';
import { useMockAgent } from '../support/mock-agent.js';

const url = 'http://target.test/merchant_api/v1/orders';

describe('429 retry', () => {
  const agent = useMockAgent();

  it('waits Retry-After (fractional seconds) and sends again, recording both exchanges', async () => {
    const pool = agent().get('http://target.test');
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'POST' }).reply(429, '{"success":false,"errors":["slow down"]}', { headers: { 'retry-after': '0.3' } });
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'POST' }).reply(201, '{"id":1}');
    const client = new HttpClient({ secrets: [], dispatcher: agent() });
    const started = Date.now();
    const answer = await client.send({ method: 'POST', url, body: '{}' });
    expect(answer.status).toBe(201);
    expect(answer.text).toBe('{"id":1}');
    expect(answer.exchanges.map((exchange) => exchange.status)).toEqual([429, 201]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('gives up after maxRetries and hands back the last 429', async () => {
    const pool = agent().get('http://target.test');
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(429, '{}', { headers: { 'retry-after': '0.01' } }).times(3);
    const client = new HttpClient({ secrets: [], dispatcher: agent(), maxRetries: 2 });
    const answer = await client.send({ method: 'GET', url });
    expect(answer.status).toBe(429);
    expect(answer.exchanges).toHaveLength(3);
    agent().assertNoPendingInterceptors();
  });

  it('does not retry a request that means to provoke a 429', async () => {
    const pool = agent().get('http://target.test');
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(429, '{}', { headers: { 'retry-after': '0.01' } });
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(200, '{}');
    const client = new HttpClient({ secrets: [], dispatcher: agent() });
    const answer = await client.send({ method: 'GET', url, provoke429: true });
    expect(answer.status).toBe(429);
    expect(answer.exchanges).toHaveLength(1);
    expect(agent().pendingInterceptors()).toHaveLength(1);
  });

  it('passes other statuses through untouched', async () => {
    const pool = agent().get('http://target.test');
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(503, '{}');
    const client = new HttpClient({ secrets: [], dispatcher: agent() });
    const answer = await client.send({ method: 'GET', url });
    expect(answer.status).toBe(503);
    expect(answer.exchanges).toHaveLength(1);
  });
});

describe('retryDelayMs', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 45, 500);
  const table: Array<[string, { headers: Record<string, string>; want: number }]> = [
    ['fractional seconds', { headers: { 'retry-after': '14.5' }, want: 14_500 }],
    ['an HTTP date', { headers: { 'retry-after': new Date(now + 3_000).toUTCString() }, want: 2_500 }],
    ['no header: until the next UTC minute', { headers: {}, want: 14_500 }],
    ['garbage: until the next UTC minute', { headers: { 'retry-after': 'soon' }, want: 14_500 }],
  ];
  it.each(table)('%s', (_name, { headers, want }) => {
    expect(retryDelayMs(headers, now)).toBe(want);
  });
});
