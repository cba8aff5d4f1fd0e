import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './client.js';
import { start } from './client.js';

const writes: [api: 'v1' | 'v2', method: string, path: string][] = [
  ['v1', 'POST', '/orders'], ['v1', 'PATCH', '/orders/101'], ['v1', 'PUT', '/orders/102'], ['v1', 'POST', '/restocking_shipments'],
  ['v1', 'PUT', '/restocking_shipments/902'], ['v1', 'POST', '/skus'], ['v1', 'PATCH', '/skus/501'],
  ['v2', 'POST', '/orders'], ['v2', 'PATCH', '/orders/103'], ['v2', 'PATCH', '/orders/by_merchant_order_id?merchant_order_id=SHARED-1001&sales_channel_id=11'],
  ['v2', 'POST', '/restocking_shipments'], ['v2', 'PUT', '/restocking_shipments/901'], ['v2', 'POST', '/skus/502/inventory_batches'],
  ['v2', 'PUT', '/skus/501/inventory_batch_settings'],
];

/** Sends a request with a raw path and Host header, which fetch would normalise away. */
function rawRequest(url: string, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request({ host: target.hostname, port: target.port, path, method: 'GET', headers }, (res) => { res.resume(); resolve(res.statusCode ?? 0); });
    req.on('error', reject);
    req.end();
  });
}

describe('bad input never yields a 500 (§7)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start({ rateLimit: 1_000_000 }); });
  afterAll(async () => { await t.close(); });

  it('answers arbitrary JSON bodies on every write operation with a documented status and error shape', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...writes), fc.jsonValue({ maxDepth: 3 }), async ([api, method, path], body) => {
      const reply = await t[api].request(method, path, { raw: JSON.stringify(body) });
      expect(reply.status).toBeLessThan(500);
    }), { numRuns: 300, seed: 20260301 });
  });

  it('answers arbitrary query strings on list operations without a 500', async () => {
    const lists: [api: 'v1' | 'v2', path: string][] = [['v1', '/orders'], ['v1', '/shipments'], ['v2', '/orders'], ['v2', '/restocking_shipments'], ['v2', '/orders/by_merchant_order_id']];
    const key = fc.constantFrom('page', 'limit', 'cursor', 'created_at[gt]', 'created_at[lte]', 'merchant_order_id', 'sales_channel_id');
    await fc.assert(fc.asyncProperty(fc.constantFrom(...lists), fc.array(fc.tuple(key, fc.string({ maxLength: 30 })), { maxLength: 4 }), async ([api, path], pairs) => {
      const query = new URLSearchParams(pairs).toString();
      const reply = await t[api].get(`${path}?${query}`);
      expect([200, 400, 404]).toContain(reply.status);
    }), { numRuns: 200, seed: 20260302 });
  });

  it('survives malformed percent-encoding and Host headers', async () => {
    const auth = { authorization: `Bearer ${t.server.profile.tokens.primary}` };
    expect(await rawRequest(t.server.url, '/merchant_api/v1/orders/%E0%A4%A', auth)).toBe(404);
    expect(await rawRequest(t.server.url, '/merchant_api/v2/orders?limit=2', { ...auth, host: '[::' })).toBe(200);
    expect(await rawRequest(t.server.url, '/merchant_api/v2/restocking_shipments/%', auth)).toBe(404);
  });
});
