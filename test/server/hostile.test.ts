// Hostile requests as plain examples: each answers a 4xx in the version's §7 shape with the §8 headers
// (the Client checks both) and changes nothing. The fuzz test (fuzz.test.ts) covers the same ground at random.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './client.js';
import { address, newOrder, start } from './client.js';
import type { RawRequest } from './raw-http.js';
import { apiOfTarget, expectWellFormed, sendRaw } from './raw-http.js';

/** A JSON object nested `levels` deep: {"a":{"a":…{"leaf":1}}}. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

function v2Order(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    merchant_order_id: `HOSTILE-${Math.random().toString(36).slice(2)}`, sales_channel_id: 11, shipping_address: { ...address },
    items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 1 }], ...extra,
  };
}

/** Every order the client's lists show, as JSON text: equal before and after means nothing changed. */
async function orderLists(t: TestServer): Promise<string> {
  const v1 = await t.v1.get('/orders?limit=100');
  const v2 = await t.v2.get('/orders?limit=100');
  expect(v1.status).toBe(200);
  expect(v2.status).toBe(200);
  return JSON.stringify([v1.body, v2.body]);
}

describe('custom_metadata nested 2,000 levels deep (issue 10)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start({ rateLimit: 1_000_000 }); });
  afterAll(async () => { await t.close(); });

  const deep = nested(2000);
  const cases: [name: string, send: (t: TestServer) => Promise<{ status: number }>][] = [
    ['v1 POST /orders', (s) => s.v1.post('/orders', newOrder({ custom_metadata: deep }))],
    ['v1 PATCH /orders/{id}', (s) => s.v1.patch('/orders/101', { custom_metadata: deep })],
    ['v1 PATCH /orders/{id} with a new merchant_order_id (upsert)', (s) => s.v1.patch('/orders/101', { merchant_order_id: 'UPSERT-DEEP', custom_metadata: deep })],
    ['v2 POST /orders', (s) => s.v2.post('/orders', v2Order({ custom_metadata: deep }))],
    ['v2 PATCH /orders/{id}', (s) => s.v2.patch('/orders/103', { custom_metadata: deep })],
    ['v2 PATCH /orders/by_merchant_order_id', (s) => s.v2.patch('/orders/by_merchant_order_id?merchant_order_id=SHARED-1001&sales_channel_id=11', { custom_metadata: deep })],
  ];

  it.each(cases)('%s answers 422 and stores nothing', async (_name, send) => {
    const before = await orderLists(t);
    const reply = await send(t);
    expect(reply.status).toBe(422);
    expect(await orderLists(t)).toBe(before);
  });

  it('accepts custom_metadata nested up to the limit, and lists the order afterwards', async () => {
    const created = await t.v1.post('/orders', newOrder({ custom_metadata: nested(30) }));
    expect(created.status).toBe(201);
    expect(created.body.custom_metadata).toEqual(nested(30));
    expect((await t.v2.post('/orders', v2Order({ custom_metadata: nested(30) }))).status).toBe(200);
    await orderLists(t);
  });
});

describe('the body limits (server/README.md): 32 levels, 65,536 characters, 1,000 elements', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start({ rateLimit: 1_000_000 }); });
  afterAll(async () => { await t.close(); });

  // custom_metadata sits one level below the body: nested(31) there makes the body 32 deep.
  const cases: [name: string, { accepted: Record<string, unknown>; refused: Record<string, unknown>; field: string }][] = [
    ['nesting', { accepted: { custom_metadata: nested(31) }, refused: { custom_metadata: nested(32) }, field: 'body' }],
    ['nesting in arrays', { accepted: { custom_metadata: { a: JSON.parse(`${'['.repeat(30)}${']'.repeat(30)}`) } }, refused: { custom_metadata: { a: JSON.parse(`${'['.repeat(31)}${']'.repeat(31)}`) } }, field: 'body' }],
    ['string length', { accepted: { customer_order_number: 'x'.repeat(65_536) }, refused: { customer_order_number: 'x'.repeat(65_537) }, field: 'customer_order_number' }],
    ['property name length', { accepted: { custom_metadata: { ['k'.repeat(65_536)]: 1 } }, refused: { custom_metadata: { ['k'.repeat(65_537)]: 1 } }, field: 'custom_metadata' }],
    ['array length', { accepted: { tags: Array.from({ length: 1000 }, (_, i) => `t${i}`) }, refused: { tags: Array.from({ length: 1001 }, (_, i) => `t${i}`) }, field: 'tags' }],
  ];

  it.each(cases)('%s: the limit is accepted, one more is 422 naming where', async (_name, { accepted, refused, field }) => {
    const before = await orderLists(t);
    const no = await t.v1.post('/orders', newOrder(refused));
    expect(no.status).toBe(422);
    expect(no.body.errors[0]).toMatch(new RegExp(`^${field}: .*limit`));
    const v2 = await t.v2.post('/orders', v2Order(refused));
    expect(v2.status).toBe(422);
    expect(await orderLists(t)).toBe(before);
    expect((await t.v1.post('/orders', newOrder(accepted))).status).toBe(201);
  });

  it('answers 422 to deep bodies that are not even JSON, and 400 to shallow ones', async () => {
    expect((await t.v1.request('POST', '/orders', { raw: '['.repeat(100_000) })).status).toBe(422);
    expect((await t.v2.request('POST', '/orders', { raw: '{"a":'.repeat(5_000) })).status).toBe(422);
    expect((await t.v2.request('POST', '/orders', { raw: '{"a":[' })).status).toBe(400);
  });

  it('lists at most 50 problems of a body with thousands', async () => {
    const reply = await t.v1.post('/orders', Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])));
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toHaveLength(51);
    expect(reply.body.errors[50]).toMatch(/and \d+ more problems/);
  });
});

describe('a refused write changes nothing (issue 10)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start({ rateLimit: 1_000_000 }); });
  afterAll(async () => { await t.close(); });

  const unknownSku = [{ merchant_item_id: 'A', sku_id: 999_999, quantity: 1 }];

  it('v1 and v2 updates whose items name an unknown SKU leave the order as it was', async () => {
    for (const [client, path] of [[t.v1, '/orders/104'], [t.v1, '/orders/105'], [t.v2, '/orders/106']] as const) {
      const before = (await client.get(path)).body;
      const method = path === '/orders/105' ? 'put' : 'patch';
      const reply = await client[method](path, { payment_method: 'changed', shipping_address: { city: 'Elsewhere' }, items: unknownSku });
      expect(reply.status).toBe(422);
      expect((await client.get(path)).body).toEqual(before);
    }
  });

  it('a v1 update under a new merchant_order_id (the upsert) that is refused creates no order', async () => {
    const before = await orderLists(t);
    const reply = await t.v1.patch('/orders/107', { merchant_order_id: 'UPSERT-REFUSED', items: unknownSku });
    expect(reply.status).toBe(422);
    expect((await t.v2.get('/orders/by_merchant_order_id?merchant_order_id=UPSERT-REFUSED&sales_channel_id=11')).status).toBe(404);
    expect(await orderLists(t)).toBe(before);
  });

  it('a refused create takes no id: the next order gets the one after the last', async () => {
    const first = await t.v2.post('/orders', v2Order());
    expect((await t.v2.post('/orders', v2Order({ items: unknownSku }))).status).toBe(422);
    expect((await t.v1.post('/orders', newOrder({ items: unknownSku }))).status).toBe(422);
    const next = await t.v2.post('/orders', v2Order());
    expect(next.body.id).toBe(first.body.id + 1);
  });

  it('a batch-settings write copies only the settings: id, sku_id and __proto__ in the body are not stored', async () => {
    const otherMerchant = t.as('otherMerchant').v2;
    const before = (await otherMerchant.get('/skus/801')).body;
    const reply = await t.v2.request('PUT', '/skus/501/inventory_batch_settings', { raw: '{"id":803,"sku_id":777,"merchantId":2,"__proto__":{"polluted":1},"batch_priority":"lifo"}', headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ sku_id: 501, batch_priority: 'lifo' });
    expect(reply.body.id).not.toBe(803);
    expect((await otherMerchant.get('/skus/801')).body).toEqual(before);
  });

  it('keeps __proto__ and constructor keys of custom_metadata as data, polluting nothing', async () => {
    const metadata = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
    const body = JSON.stringify(v2Order()).replace(/}$/, `,"custom_metadata":${metadata}}`);
    const created = await t.v2.request('POST', '/orders', { raw: body, headers: { 'content-type': 'application/json' } });
    expect(created.status).toBe(200);
    expect(JSON.stringify(created.body.custom_metadata)).toBe(metadata);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stores null bytes and lone surrogates as sent, refuses bytes that are not UTF-8 (400)', async () => {
    const created = await t.v1.post('/orders', newOrder({ customer_order_number: 'a\u0000b\ud800' }));
    expect(created.status).toBe(201);
    expect(created.body.customer_order_number).toBe('a\u0000b\ud800');
    const reply = await sendRaw(t.server.port, { method: 'POST', target: '/merchant_api/v1/orders', headers: auth(t), body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]) });
    expectWellFormed(reply, 'v1', 'POST', 'invalid UTF-8');
    expect(reply.status).toBe(400);
  });
});

function auth(t: TestServer): [string, string][] {
  return [['Host', '127.0.0.1'], ['Authorization', `Bearer ${t.server.profile.tokens.primary}`]];
}

describe('hostile requests on the wire: the §7 body and §8 headers, never a 5xx', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start({ rateLimit: 1_000_000 }); });
  afterAll(async () => { await t.close(); });

  const get = (target: string, extra: [string, string][] = []): ((t: TestServer) => RawRequest) => (s) => ({ method: 'GET', target, headers: [...auth(s), ...extra] });
  const cases: [name: string, request: (t: TestServer) => RawRequest, status: number][] = [
    ['malformed percent-encoding in a path id', get('/merchant_api/v1/orders/%E0%A4%A'), 404],
    ['a null byte as the path id', get('/merchant_api/v2/orders/%00'), 404],
    ['a path id of 30 digits', get('/merchant_api/v1/orders/999999999999999999999999999999'), 404],
    ['limit=1e309', get('/merchant_api/v1/orders?limit=1e309'), 400],
    ['page=-0', get('/merchant_api/v1/orders?page=-0'), 400],
    ['a page of 400 digits', get(`/merchant_api/v1/orders?page=${'9'.repeat(400)}`), 400],
    ['a limit of 400 digits (acts as 100)', get(`/merchant_api/v2/orders?limit=${'9'.repeat(400)}`), 200],
    ['limit[]=1 and a repeated limit', get('/merchant_api/v1/orders?limit[]=1&limit=2&limit=500'), 200],
    ['created_at[gt]=NaN', get('/merchant_api/v2/orders?created_at[gt]=NaN'), 400],
    ['a cursor we did not issue', get('/merchant_api/v2/orders?cursor=%00%FF'), 400],
    ['a traversal into the other version', get('/merchant_api/v1/../v2/orders?limit=1'), 200],
    ['a traversal out of both versions', get('/merchant_api/v1/%2e%2e/%2e%2e/etc/passwd'), 404],
    ['the path //', get('//'), 404],
    ['a fragment in the target (dropped)', get('/merchant_api/v1/orders?limit=1#x?y'), 200],
    ['a backslash for a slash', get('/merchant_api\\v1\\orders?limit=1'), 200],
    ['an absolute-form target', get('http://elsewhere.test/merchant_api/v1/orders?limit=1'), 200],
    ['no Host header', (s) => ({ method: 'GET', target: '/merchant_api/v1/orders?limit=1', headers: auth(s).slice(1) }), 200],
    ['an unparseable Host header', (s) => ({ method: 'GET', target: '/merchant_api/v2/orders?limit=1', headers: [['Host', '[::'], ...auth(s).slice(1)] }), 200],
    ['Expect: something', get('/merchant_api/v1/orders?limit=1', [['Expect', 'something']]), 200],
    ['HEAD (GET without the body)', (s) => ({ ...get('/merchant_api/v1/orders')(s), method: 'HEAD' }), 200],
    ['OPTIONS (405 with Allow)', (s) => ({ ...get('/merchant_api/v2/orders')(s), method: 'OPTIONS' }), 405],
    ['PROPFIND', (s) => ({ ...get('/merchant_api/v1/orders')(s), method: 'PROPFIND' }), 405],
    ['CONNECT to a path', (s) => ({ ...get('/merchant_api/v1/orders')(s), method: 'CONNECT' }), 405],
    ['CONNECT to an authority', (s) => ({ ...get('example.test:443')(s), method: 'CONNECT' }), 404],
    ['an unknown method', (s) => ({ ...get('/merchant_api/v1/orders')(s), method: 'FROB' }), 400],
    ['a lower-case method', (s) => ({ ...get('/merchant_api/v1/orders')(s), method: 'get' }), 400],
    ['headers past 16 KiB', get('/merchant_api/v1/orders', [['X-Padding', 'p'.repeat(20_000)]]), 431],
    ['a token past 16 KiB', () => ({ method: 'GET', target: '/merchant_api/v1/orders', headers: [['Authorization', `Bearer ${'t'.repeat(20_000)}`]] }), 431],
    ['a control character in a header', get('/merchant_api/v1/orders', [['X-Bad', 'a\u0001b']]), 400],
    ['Authorization: Basic', (s) => ({ method: 'GET', target: '/merchant_api/v1/orders', headers: [['Authorization', `Basic ${s.server.profile.tokens.primary}`]] }), 401],
    ['two Authorization headers', (s) => ({ method: 'GET', target: '/merchant_api/v1/orders?limit=1', headers: [...auth(s), auth(s)[1] as [string, string]] }), 200],
    ['Content-Length and Transfer-Encoding together', (s) => ({ method: 'POST', target: '/merchant_api/v1/orders', headers: [...auth(s), ['Transfer-Encoding', 'chunked']], body: Buffer.from('0\r\n\r\n') }), 400],
    ['a broken chunked body', (s) => ({ method: 'POST', target: '/merchant_api/v1/orders', headers: [...auth(s), ['Transfer-Encoding', 'chunked']], body: Buffer.from('zz\r\n\r\n'), length: 'none' }), 400],
    ['a body shorter than its Content-Length', (s) => ({ method: 'POST', target: '/merchant_api/v1/skus', headers: auth(s), body: Buffer.from('{"merchant_sku_id":"X","name":"Y"}'), length: 'long' }), 400],
    ['a TLS handshake', () => ({ method: '\u0016\u0003\u0001', target: '\u0002\u0000', headers: [] }), 400],
  ];

  it.each(cases)('%s', async (name, request, status) => {
    const sent = request(t);
    const before = await orderLists(t);
    const reply = await sendRaw(t.server.port, sent);
    expectWellFormed(reply, apiOfTarget(sent.target), sent.method, name);
    expect(reply.status, name).toBe(status);
    if (sent.method === 'HEAD') expect(reply.text).toBe('');
    if (status === 405) expect(reply.headers.get('allow')).toMatch(/^[A-Z, ]+$/);
    expect(await orderLists(t)).toBe(before);
  });
});
