import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient, NetworkError } from '../../packages/cli/src/http/index.js';
import { brokenTargets, refusingUrl, startFakeTarget, type FakeTarget } from '../support/fake-target.js';

describe('HttpClient over loopback', () => {
  let target: FakeTarget | undefined;
  const client = new HttpClient({ secrets: ['tok-loop'], requestTimeoutMs: 300 });
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it('sends the request and reads the whole answer', async () => {
    target = await startFakeTarget((request, reply) => reply(201, { echo: request.body }, { 'x-rate-limit-used': '1', 'x-rate-limit-max': '100' }));
    const answer = await client.send({ method: 'POST', url: `${target.url}/merchant_api/v1/orders`, body: '{"a":1}', headers: { authorization: 'Bearer tok-loop' } });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.text)).toEqual({ echo: '{"a":1}' });
    expect(target.requests[0]?.headers.authorization).toBe('Bearer tok-loop');
    expect(client.pacer.usage()).toEqual({ used: 1, limit: 100 });
  });

  it('waits out a 429 for Retry-After and retries, over a real connection', async () => {
    let calls = 0;
    target = await startFakeTarget((_request, reply) => {
      calls += 1;
      if (calls === 1) reply(429, { success: false, errors: ['over the limit'] }, { 'retry-after': '0.4' });
      else reply(200, { ok: true });
    });
    const started = Date.now();
    const answer = await client.send({ method: 'POST', url: `${target.url}/merchant_api/v1/orders`, body: '{}' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(answer.status).toBe(200);
    expect(answer.exchanges.map((exchange) => exchange.status)).toEqual([429, 200]);
    expect(target.requests.map((request) => request.body)).toEqual(['{}', '{}']);
  });

  it('throws NetworkError naming the cause when the target hangs past the timeout', async () => {
    target = await startFakeTarget(brokenTargets.hang);
    const started = Date.now();
    const error = await client.send({ method: 'GET', url: `${target.url}/merchant_api/v1/orders` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('no answer within the request timeout');
    expect((error as NetworkError).exchanges[0]?.status).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('throws NetworkError when the connection is refused', async () => {
    const error = await client.send({ method: 'GET', url: `${await refusingUrl()}/merchant_api/v1/orders` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toMatch(/^connection refused at 127\.0\.0\.1:\d+: is the server running, on that port\?$/);
  });
});
