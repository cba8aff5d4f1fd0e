import { describe, expect, it } from 'vitest';
import { createTransport } from '../../packages/api/src/client/index.js';
import { HttpClient, retryDelayMs } from '../../packages/cli/src/http/index.js';
import { startFakeTarget } from '../support/fake-target.js';
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
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'POST' }).reply(503, '{}');
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(500, '{}');
    const client = new HttpClient({ secrets: [], dispatcher: agent() });
    for (const method of ['POST', 'GET']) {
      const answer = await client.send({ method, url, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(answer.exchanges.map((exchange) => exchange.status)).toEqual([method === 'POST' ? 503 : 500]);
    }
  });
});

describe('gateway retry', () => {
  const agent = useMockAgent();

  it('sends a GET answered 502, 503 or 504 again after its Retry-After, recording every exchange', async () => {
    const pool = agent().get('http://target.test');
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(503, 'busy', { headers: { 'retry-after': '0.2' } });
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(502, 'bad gateway', { headers: { 'retry-after': '0.1' } });
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(200, '{"data":[]}');
    const waits: string[] = [];
    const client = new HttpClient({ secrets: [], dispatcher: agent(), onWait: (ms, reason) => waits.push(`${ms} ${reason}`) });
    const answer = await client.send({ method: 'GET', url });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"data":[]}');
    expect(answer.exchanges.map((exchange) => exchange.status)).toEqual([503, 502, 200]);
    expect(waits).toEqual(['200 503 from GET /merchant_api/v1/orders', '100 502 from GET /merchant_api/v1/orders']);
  });

  it('hands back the third 504 in a row, and a 503 asking for more than 10 s at once', async () => {
    const pool = agent().get('http://target.test');
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(504, '', { headers: { 'retry-after': '0' } }).times(3);
    pool.intercept({ path: '/merchant_api/v1/warehouses', method: 'GET' }).reply(503, '', { headers: { 'retry-after': '11' } });
    const client = new HttpClient({ secrets: [], dispatcher: agent() });
    expect((await client.send({ method: 'GET', url })).exchanges.map((exchange) => exchange.status)).toEqual([504, 504, 504]);
    expect((await client.send({ method: 'GET', url: 'http://target.test/merchant_api/v1/warehouses' })).exchanges).toHaveLength(1);
    agent().assertNoPendingInterceptors();
  });

  it('over loopback: a target whose edge answers one GET 503 still gives the answer', async () => {
    let calls = 0;
    const target = await startFakeTarget((_request, reply) => (calls++ === 0 ? reply(503, { errors: ['upstream restarting'] }, { 'retry-after': '0.05' }) : reply(200, { data: [] })));
    try {
      const client = new HttpClient({ secrets: [] });
      const answer = await client.send({ method: 'GET', url: `${target.url}/merchant_api/v2/orders` });
      expect([answer.status, answer.exchanges.map((exchange) => exchange.status), target.requests.length]).toEqual([200, [503, 200], 2]);
      await client.close();
    } finally {
      await target.close();
    }
  });

  it('is off in the integrators\' transport unless asked for', async () => {
    const pool = agent().get('http://target.test');
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(503, '', { headers: { 'retry-after': '0' } });
    pool.intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(200, '{}');
    const transport = createTransport({ redact: (text) => text, dispatcher: agent() });
    expect((await transport.send({ method: 'GET', url })).status).toBe(503);
    const asked = createTransport({ redact: (text) => text, dispatcher: agent(), retryGatewayFailures: true });
    expect((await asked.send({ method: 'GET', url })).status).toBe(200);
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
