import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateWebhook } from '../../packages/api/src/openapi/index.js';
import type { TestServer } from './client.js';
import { address, start } from './client.js';

function v2Order(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    merchant_order_id: `V2-${Math.random().toString(36).slice(2)}`, sales_channel_id: 11, currency: 'EUR', financial_status: 'paid',
    carrier_preference: 'UPS', tags: ['v2'], shipping_address: { ...address },
    items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 1 }], total_price_in_cents: 1000, ...extra,
  };
}

async function allPages(t: TestServer, path: string): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let next: string | null = path;
  let pages = 0;
  while (next !== null) {
    const reply = await t.v2.get(next);
    ids.push(...reply.body.data.map((r: { id: number }) => r.id));
    const url: string | null = reply.body.pagination.next_page_url;
    next = url === null ? null : url.slice(url.indexOf('/merchant_api/v2') + '/merchant_api/v2'.length);
    pages += 1;
  }
  return { ids, pages };
}

describe('v2 orders (§4.2)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start(); });
  afterAll(async () => { await t.close(); });

  it('lists every order of every channel of the merchant through cursor pages', async () => {
    const { ids, pages } = await allPages(t, '/orders?limit=10');
    expect(ids).toHaveLength(54);
    expect(new Set(ids).size).toBe(54);
    expect(pages).toBe(6);
    expect(ids).toContain(201);
    expect(ids).not.toContain(301);
    const first = await t.v2.get('/orders?limit=1000');
    expect(first.body.pagination).toMatchObject({ limit: 100, next_page_url: null });
    expect((await t.v2.get('/orders?cursor=bogus')).status).toBe(400);
    const filtered = await t.v2.get('/orders?created_at[gte]=2026-01-05T08:00:00Z&created_at[lt]=2026-01-05T09:00:00Z&limit=100');
    expect(filtered.body.data.every((o: { created_at: string }) => o.created_at >= '2026-01-05T08:00' && o.created_at < '2026-01-05T09:00')).toBe(true);
    expect(filtered.body.data.length).toBeGreaterThan(0);
  });

  it('creates for a channel of the merchant, gets and patches, ignoring merchant_order_id and sales_channel_id', async () => {
    const created = await t.v2.post('/orders', v2Order({ sales_channel_id: 12, items: [{ merchant_item_id: 'A', sku_code: 'MUG-BLUE', quantity: 2 }] }));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ sales_channel_id: 12, fulfillment_status: 'waiting_for_picking' });
    const duplicate = await t.v2.post('/orders', { ...v2Order(), merchant_order_id: created.body.merchant_order_id, sales_channel_id: 12 });
    expect(duplicate.status).toBe(409);
    expect(JSON.stringify(duplicate.body)).toContain(`order id ${created.body.id}`);
    expect((await t.v2.post('/orders', { ...v2Order(), merchant_order_id: created.body.merchant_order_id, sales_channel_id: 11 })).status).toBe(200);
    expect((await t.v2.post('/orders', v2Order({ sales_channel_id: 21 }))).status).toBe(422);
    const patched = await t.v2.patch(`/orders/${created.body.id}`, { merchant_order_id: 'RENAMED', sales_channel_id: 11, payment_method: 'invoice' });
    expect(patched.body).toMatchObject({ merchant_order_id: created.body.merchant_order_id, sales_channel_id: 12, payment_method: 'invoice', carrier_preference: 'UPS', tags: ['v2'] });
    expect((await t.v2.get(`/orders/${created.body.id}`)).body.payment_method).toBe('invoice');
    expect((await t.as('otherMerchant').v2.get(`/orders/${created.body.id}`)).status).toBe(404);
    expect((await t.as('otherMerchant').v2.patch(`/orders/${created.body.id}`, {})).status).toBe(404);
  });

  it('finds and patches by merchant_order_id and sales_channel_id', async () => {
    expect((await t.v2.get('/orders/by_merchant_order_id?merchant_order_id=SHARED-1001&sales_channel_id=11')).body.id).toBe(101);
    expect((await t.v2.get('/orders/by_merchant_order_id?merchant_order_id=SHARED-1001&sales_channel_id=12')).body.id).toBe(201);
    expect((await t.v2.get('/orders/by_merchant_order_id?merchant_order_id=SHARED-1001&sales_channel_id=21')).status).toBe(404);
    expect((await t.v2.get('/orders/by_merchant_order_id?merchant_order_id=SHARED-1001')).status).toBe(400);
    const patched = await t.v2.patch('/orders/by_merchant_order_id?merchant_order_id=SHARED-1001&sales_channel_id=12', { customer_order_number: 'N-1', merchant_order_id: 'X' });
    expect(patched.body).toMatchObject({ id: 201, customer_order_number: 'N-1', merchant_order_id: 'SHARED-1001' });
  });

  it('cancels cancellable orders and answers 422 for others', async () => {
    const created = (await t.v2.post('/orders', v2Order())).body;
    const cancelled = await t.v2.put(`/orders/${created.id}/cancel`);
    expect(cancelled.body.fulfillment_status).toBe('cancelled');
    expect((await t.v2.put(`/orders/${created.id}/cancel`)).status).toBe(422);
    expect((await t.v2.put('/orders/104/cancel')).status).toBe(422); // shipped
  });
});

const v2Shipment = { delivery_option: 'postal', estimated_arrival_date: '2026-05-02', warehouse_id: 3, restocking_shipment_items: [{ sku_code: 'TEA-GREEN', announced_quantity: 5 }], po_number: 'PO-V2' };

describe('v2 restocking shipments (§4.2, §3.1)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start(); });
  afterAll(async () => { await t.close(); });

  it('lists the merchant’s shipments in every v2 status with cursor pages and filters', async () => {
    const { ids } = await allPages(t, '/restocking_shipments?limit=3');
    expect(ids).toEqual([901, 902, 903, 904, 905, 906, 907, 908]);
    const all = (await t.v2.get('/restocking_shipments')).body.data as { status: string }[];
    expect(new Set(all.map((s) => s.status))).toEqual(new Set(['created', 'shipped', 'received', 'arrived', 'processing', 'restocked', 'cancelled']));
    const filtered = await t.v2.get('/restocking_shipments?created_at[gt]=2026-01-03T07:30:00Z&created_at[lte]=2026-01-05T07:30:00Z');
    expect(filtered.body.data.map((s: { id: number }) => s.id)).toEqual([903, 904]);
  });

  it('creates in status shipped, updates only while created or shipped, and keeps omitted properties', async () => {
    const created = await t.v2.post('/restocking_shipments', v2Shipment);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'shipped', warehouse_id: 3, restocking_shipment_items: [{ sku_id: 502, sku_code: 'TEA-GREEN', announced_quantity: 5 }] });
    const updated = await t.v2.put(`/restocking_shipments/${created.body.id}`, { supplier_name: 'New supplier', restocking_shipment_items: [{ sku_id: 502, sku_code: 'TSHIRT-WHITE-M', announced_quantity: 1 }] });
    expect(updated.body).toMatchObject({ supplier_name: 'New supplier', po_number: 'PO-V2', restocking_shipment_items: [{ sku_id: 502, announced_quantity: 1 }] });
    expect((await t.v2.put('/restocking_shipments/906', { po_number: 'x' })).status).toBe(422);
    expect((await t.v2.put('/restocking_shipments/901', { po_number: 'x' })).status).toBe(200);
    expect((await t.v2.post('/restocking_shipments', { ...v2Shipment, warehouse_id: '3' })).status).toBe(422);
    expect((await t.as('otherMerchant').v2.get(`/restocking_shipments/${created.body.id}`)).status).toBe(404);
  });

  it('cancels from created or shipped only; cancelling twice answers 422', async () => {
    const created = (await t.v2.post('/restocking_shipments', v2Shipment)).body;
    expect((await t.v2.put(`/restocking_shipments/${created.id}/cancel`)).body.status).toBe('cancelled');
    expect((await t.v2.put(`/restocking_shipments/${created.id}/cancel`)).status).toBe(422);
    for (const id of [903, 904, 905, 906, 907, 908]) expect((await t.v2.put(`/restocking_shipments/${id}/cancel`)).status).toBe(422);
    expect((await t.v2.put('/restocking_shipments/901/cancel')).body.status).toBe('cancelled');
  });
});

describe('webhook events on status changes (§6)', () => {
  const received: { path: string; body: unknown }[] = [];
  const receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => { text += chunk.toString(); });
    req.on('end', () => { received.push({ path: req.url ?? '', body: JSON.parse(text) }); res.writeHead(204).end(); });
  });
  let t: TestServer;
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    t = await start({ webhookV1Url: `http://127.0.0.1:${port}/v1`, webhookV2Url: `http://127.0.0.1:${port}/v2`, webhookTimeScale: 0.001 });
  });
  afterAll(async () => { await t.close(); await new Promise((resolve) => receiver.close(resolve)); });

  it('names the webhook target in the profile, signed with the oldest token', () => {
    const { webhooks, tokens } = t.server.profile;
    expect(webhooks).toMatchObject({ host: '127.0.0.1', v1Path: '/v1', v2Path: '/v2', timeoutMs: 10_000 });
    expect(webhooks?.signingToken).not.toBe(tokens.primary);
    // The first retry wait (60 s × 0.001) and 2/5 of the answer limit, 4 s at the least (server/profile.ts).
    expect(webhooks?.answerLimitMs).toBe(4_000);
    expect(webhooks?.retryWithinMs).toBe(60 + 1_600);
  });

  it('sends the v1 and v2 restocking events and the v2 order event on cancellation', async () => {
    await t.v2.put('/restocking_shipments/902/cancel');
    const order = (await t.v2.post('/orders', v2Order())).body;
    await t.v2.put(`/orders/${order.id}/cancel`);
    await expect.poll(() => received.length, { timeout: 3000 }).toBe(3);
    const v1 = received.find((r) => r.path === '/v1')?.body as { id: number; status: string };
    expect(v1).toMatchObject({ id: 902, status: 'cancelled' });
    expect(validateWebhook('v1', 'restocking_shipment_status_updated', v1).errors).toEqual([]);
    const v2 = received.filter((r) => r.path === '/v2').map((r) => r.body as { event_type: string; data: { id: number } });
    expect(v2.map((e) => e.event_type).sort()).toEqual(['order.status_updated', 'restocking_shipment.status_updated']);
    for (const event of v2) expect(validateWebhook('v2', event.event_type, event).errors).toEqual([]);
  });
});
