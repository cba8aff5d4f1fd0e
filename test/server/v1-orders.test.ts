import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { primaryOrderCount } from '../../packages/cli/server/seed.js';
import type { TestServer } from './client.js';
import { address, newOrder, start } from './client.js';

describe('v1 GET /orders pagination and order (§4.1)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start(); });
  afterAll(async () => { await t.close(); });

  it('pages from 1 with limit 20 by default, newest received first, without the manual order', async () => {
    const first = await t.v1.get('/orders');
    expect(first.body.pagination).toEqual({ current_page: 1, item_count: primaryOrderCount, page_count: 3, items_per_page: 20 });
    expect(first.body.data).toHaveLength(20);
    const ids: number[] = [];
    for (let page = 1; page <= 3; page++) ids.push(...(await t.v1.get(`/orders?page=${page}`)).body.data.map((o: { id: number }) => o.id));
    expect(ids).toHaveLength(primaryOrderCount);
    expect(new Set(ids).size).toBe(primaryOrderCount);
    expect(ids).not.toContain(149);
    // Seeded ids grow with the received time, while created_at is scrambled.
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const created = (await t.v1.get('/orders?limit=100')).body.data.map((o: { created_at: string }) => o.created_at);
    expect(created).not.toEqual([...created].sort().reverse());
  });

  it('caps limit at 100, returns an empty page past the end and keeps pagination consistent', async () => {
    const big = await t.v1.get('/orders?limit=150');
    expect(big.body.pagination.items_per_page).toBe(100);
    expect(big.body.pagination.page_count).toBe(1);
    const past = await t.v1.get('/orders?page=9');
    expect(past.body.data).toEqual([]);
    expect(past.body.pagination).toEqual({ current_page: 9, item_count: primaryOrderCount, page_count: 3, items_per_page: 20 });
    const small = await t.v1.get('/orders?limit=7&page=7');
    expect(small.body.data).toHaveLength(primaryOrderCount - 42);
    expect((await t.v1.get('/orders?page=0')).status).toBe(400);
  });

  it('applies created_at[gt|gte|lt|lte] to the time received', async () => {
    // Order 110 was received at 08:00 + 9×37 min; its own created_at differs.
    const received110 = new Date(Date.parse('2026-01-05T08:00:00Z') + 9 * 37 * 60_000).toISOString();
    const gte = await t.v1.get(`/orders?limit=100&created_at[gte]=${received110}`);
    expect(gte.body.data.map((o: { id: number }) => o.id).at(-1)).toBe(110);
    const gt = await t.v1.get(`/orders?limit=100&created_at[gt]=${received110}`);
    expect(gt.body.data.map((o: { id: number }) => o.id).at(-1)).toBe(111);
    const lte = await t.v1.get(`/orders?limit=100&created_at[lte]=${received110}`);
    expect(lte.body.data.map((o: { id: number }) => o.id)[0]).toBe(110);
    const lt = await t.v1.get(`/orders?limit=100&created_at[lt]=${received110}`);
    expect(lt.body.data.map((o: { id: number }) => o.id)[0]).toBe(109);
    expect(lt.body.pagination.item_count).toBe(9);
    expect((await t.v1.get('/orders?created_at[gt]=yesterday')).status).toBe(400);
  });

  it('lists an order created through the API first, even with an old created_at', async () => {
    const created = await t.v1.post('/orders', newOrder({ created_at: '2020-01-01T00:00:00Z' }));
    expect(created.status).toBe(201);
    const first = await t.v1.get('/orders?limit=1');
    expect(first.body.data[0].id).toBe(created.body.id);
    expect(Date.parse(first.body.data[0].created_at)).toBe(Date.parse('2020-01-01T00:00:00Z'));
  });
});

describe('v1 order create and update rules (§4.1)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start(); });
  afterAll(async () => { await t.close(); });

  it('creates with 201 and answers a duplicate merchant_order_id with 409 naming the existing id', async () => {
    const body = newOrder();
    const created = await t.v1.post('/orders', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ merchant_order_id: body.merchant_order_id, sales_channel_id: 11 });
    const again = await t.v1.post('/orders', body);
    expect(again.status).toBe(409);
    expect(again.body.errors.join(' ')).toContain(String(created.body.id));
    // Unique per channel only: the other channel may use the same merchant_order_id.
    const other = await t.as('sameMerchantOtherChannel').v1.post('/orders', { ...body, items: [{ merchant_item_id: 'A', sku_id: 777, quantity: 1 }] });
    expect(other.status).toBe(201);
  });

  it('rejects unknown properties on create and update with 422', async () => {
    const unknown = await t.v1.post('/orders', newOrder({ mfc_unknown_property: 1 }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.join(' ')).toContain('mfc_unknown_property');
    const created = await t.v1.post('/orders', newOrder());
    expect((await t.v1.patch(`/orders/${created.body.id}`, { mfc_unknown_property: 1 })).status).toBe(422);
  });

  it('keeps omitted and null properties, merges shipping_address, and treats PUT as PATCH', async () => {
    const created = (await t.v1.post('/orders', newOrder())).body;
    for (const method of ['patch', 'put'] as const) {
      const updated = await t.v1[method](`/orders/${created.id}`, { carrier_preference: null, tags: null, shipping_address: { city: 'Hamburg', line2: null } });
      expect(updated.status).toBe(200);
      expect(updated.body.carrier_preference).toBe('UPS');
      expect(updated.body.tags).toEqual(['test']);
      expect(updated.body.currency).toBe('EUR');
      expect(updated.body.shipping_address).toMatchObject({ ...address, city: 'Hamburg' });
      expect(updated.body.items).toHaveLength(2);
    }
    const changed = await t.v1.put(`/orders/${created.id}`, { carrier_preference: 'DPD' });
    expect(changed.body.carrier_preference).toBe('DPD');
  });

  it('takes items as the complete list: matched by merchant_item_id, missing ones still listed', async () => {
    const created = (await t.v1.post('/orders', newOrder())).body;
    const updated = await t.v1.patch(`/orders/${created.id}`, { items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 5 }, { merchant_item_id: 'C', sku_id: 503, quantity: 1 }] });
    const items = updated.body.items as { merchant_item_id: string; quantity: number }[];
    expect(items.map((i) => i.merchant_item_id).sort()).toEqual(['A', 'B', 'C']);
    expect(items.find((i) => i.merchant_item_id === 'A')?.quantity).toBe(5);
    expect((await t.v1.get(`/orders/${created.id}`)).body.items).toHaveLength(3);
  });

  it('upserts on a different merchant_order_id instead of renaming', async () => {
    const a = (await t.v1.post('/orders', newOrder())).body;
    const b = (await t.v1.post('/orders', newOrder())).body;
    const toExisting = await t.v1.patch(`/orders/${a.id}`, { merchant_order_id: b.merchant_order_id, carrier_preference: 'GLS' });
    expect(toExisting.body.id).toBe(b.id);
    expect(toExisting.body.carrier_preference).toBe('GLS');
    expect((await t.v1.get(`/orders/${a.id}`)).body).toMatchObject({ merchant_order_id: a.merchant_order_id, carrier_preference: 'UPS' });
    const toNew = await t.v1.patch(`/orders/${a.id}`, { merchant_order_id: 'UPSERT-NEW-1' });
    expect(toNew.body.id).not.toBe(a.id);
    expect(toNew.body.merchant_order_id).toBe('UPSERT-NEW-1');
    expect((await t.v1.get(`/orders/${a.id}`)).body.merchant_order_id).toBe(a.merchant_order_id);
  });

  it('reads JSON whatever the Content-Type, accepts numeric strings and stores numbers for strings as text', async () => {
    const body = newOrder({ customer_order_number: 12345, items: [{ merchant_item_id: 7, sku_id: '501', quantity: '3' }] });
    const created = await t.v1.request('POST', '/orders', { raw: JSON.stringify(body), headers: { 'content-type': 'text/plain' } });
    expect(created.status).toBe(201);
    expect(created.body.customer_order_number).toBe('12345');
    expect(created.body.items[0]).toMatchObject({ merchant_item_id: '7', sku_id: 501, quantity: 3 });
  });

  it('scopes orders to the sales channel: 404 for other channels and merchants', async () => {
    const created = (await t.v1.post('/orders', newOrder())).body;
    expect((await t.as('sameMerchantOtherChannel').v1.get(`/orders/${created.id}`)).status).toBe(404);
    expect((await t.as('otherMerchant').v1.get(`/orders/${created.id}`)).status).toBe(404);
    expect((await t.as('otherMerchant').v1.patch(`/orders/${created.id}`, { carrier_preference: 'X' })).status).toBe(404);
    expect((await t.v1.get('/orders/201')).status).toBe(404);
    const listed = (await t.as('sameMerchantOtherChannel').v1.get('/orders?limit=100')).body.data as { sales_channel_id: number }[];
    expect(listed.every((o) => o.sales_channel_id === 12)).toBe(true);
  });

  it('rejects invalid orders with 422', async () => {
    expect((await t.v1.post('/orders', newOrder({ items: [{ merchant_item_id: 'A', sku_id: 777, quantity: 1 }] }))).status).toBe(422);
    expect((await t.v1.post('/orders', newOrder({ items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 0 }] }))).status).toBe(422);
    expect((await t.v1.post('/orders', newOrder({ shipping_address: { city: 'X' } }))).status).toBe(422);
    expect((await t.v1.post('/orders', newOrder({ currency: 'eur' }))).status).toBe(422);
  });
});
