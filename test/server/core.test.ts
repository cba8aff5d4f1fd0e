import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxBodyBytes } from '../../packages/cli/server/http/body.js';
import type { TestServer } from './client.js';
import { start } from './client.js';

describe('authentication (§5)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start(); });
  afterAll(async () => { await t.close(); });

  it.each([
    ['no token', 'none', 401],
    ['an unknown token', 'not-a-token', 401],
    ['an expired token', 'expired', 403],
    ['an inactive channel token', 'inactiveChannel', 403],
    ['the primary token', 'primary', 200],
    ['another channel of the merchant', 'sameMerchantOtherChannel', 200],
    ['another merchant', 'otherMerchant', 200],
  ])('%s answers %i in v1 and v2', async (_name, token, status) => {
    const client = t.as(token);
    expect((await client.v1.get('/orders')).status).toBe(status);
    expect((await client.v2.get('/orders')).status).toBe(status);
  });

  it('a malformed Authorization header is a missing token', async () => {
    const reply = await t.as('none').v1.get('/orders', { headers: { authorization: 'Basic abc' } });
    expect(reply.status).toBe(401);
  });

  it('401 and 403 bodies never echo the token', async () => {
    const reply = await t.as('expired').v1.get('/orders');
    expect(reply.text).not.toContain(t.server.profile.tokens.expired);
  });
});

describe('rate limiting per calendar minute (§8)', () => {
  let now = Date.parse('2026-03-01T10:00:30.250Z');
  let t: TestServer;
  beforeAll(async () => { t = await start({ rateLimit: 3, now: () => now }); });
  afterAll(async () => { await t.close(); });

  it('counts v1 per channel, v2 per merchant, answers 429 with Retry-After until the next minute, then resets', async () => {
    const used: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await t.v1.get('/warehouses');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-rate-limit-max')).toBe('3');
      used.push(reply.headers.get('x-rate-limit-used') ?? '');
    }
    expect(used).toEqual(['1', '2', '3']);
    const limited = await t.v1.get('/warehouses');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-rate-limit-used')).toBe('3');
    expect(Number(limited.headers.get('retry-after'))).toBeCloseTo(29.75, 3);
    // The other channel of the same merchant has its own v1 budget…
    expect((await t.as('sameMerchantOtherChannel').v1.get('/warehouses')).status).toBe(200);
    // …while v2 counts per merchant: both channels' tokens share one.
    for (let i = 0; i < 2; i++) expect((await t.v2.get('/orders')).status).toBe(200);
    expect((await t.as('sameMerchantOtherChannel').v2.get('/orders')).status).toBe(200);
    expect((await t.v2.get('/orders')).status).toBe(429);
    expect((await t.as('otherMerchant').v2.get('/orders')).status).toBe(200);
    // Unknown paths and unauthenticated calls carry the headers too (checked by the client).
    expect((await t.v1.get('/nothing-here')).status).toBe(429);
    expect((await t.as('none').v1.get('/orders')).status).toBe(401);
    now = Date.parse('2026-03-01T10:01:00.000Z');
    const fresh = await t.v1.get('/warehouses');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-rate-limit-used')).toBe('1');
  });
});

describe('errors (§7) and bad input', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start(); });
  afterAll(async () => { await t.close(); });

  it('answers 400 to a body that is not JSON, in the version shape', async () => {
    const v1 = await t.v1.request('POST', '/orders', { raw: '{"merchant_order_id": ', headers: { 'content-type': 'application/json' } });
    expect(v1.status).toBe(400);
    expect(v1.body.success).toBe(false);
    expect(v1.body.errors[0]).toMatch(/not valid JSON/);
    const v2 = await t.v2.request('POST', '/orders', { raw: 'nope' });
    expect(v2.status).toBe(400);
    expect(v2.body).toMatchObject({ success: false, status: 400, title: 'Bad Request' });
  });

  it('answers 413 to a body over the limit', async () => {
    const reply = await t.v1.request('POST', '/orders', { raw: `"${'x'.repeat(maxBodyBytes + 10)}"` });
    expect(reply.status).toBe(413);
    expect(reply.body.errors[0]).toMatch(/larger than the limit/);
  });

  it('answers JSON 404 and 405 for unknown paths and methods', async () => {
    const unknown = await t.v1.get('/nope');
    expect(unknown.status).toBe(404);
    expect(Array.isArray(unknown.body.errors)).toBe(true);
    const v2 = await t.v2.get('/nope/deeper');
    expect(v2.status).toBe(404);
    expect(v2.body.status).toBe(404);
    const method = await t.v1.request('DELETE', '/orders');
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toContain('GET');
    const outside = await fetch(`${t.server.url}/elsewhere`, { headers: { authorization: `Bearer ${t.server.profile.tokens.primary}` } });
    expect(outside.status).toBe(404);
    expect(outside.headers.get('x-rate-limit-used')).toMatch(/^\d+$/);
  });

  it('answers 404 for ids that are not numbers and 422 for wrong types, never 500', async () => {
    expect((await t.v1.get('/orders/abc')).status).toBe(404);
    expect((await t.v2.get('/restocking_shipments/99999999999999999999')).status).toBe(404);
    for (const body of [[], 'text', 42, null, { items: 'x' }, { merchant_order_id: {}, items: [{}], shipping_address: 5 }]) {
      expect((await t.v1.post('/orders', body)).status).toBe(422);
      expect((await t.v2.post('/orders', body)).status).toBe(422);
      expect((await t.v2.post('/restocking_shipments', body)).status).toBe(422);
    }
    expect((await t.v1.request('POST', '/orders')).status).toBe(422);
  });
});
