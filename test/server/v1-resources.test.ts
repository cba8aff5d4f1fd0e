import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './client.js';
import { start } from './client.js';

const shipmentBody = {
  warehouse_id: 3, estimated_arrival_date: '2026-04-01', delivery_option: 'courier', tracking_code: 'TRK-1', po_number: 'PO-1',
  supplier_name: 'Tea Farm', restocking_shipment_items: [{ sku_id: 502, announced_quantity: 10 }],
};

describe('v1 restocking shipments (§4.1, §3.1)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start(); });
  afterAll(async () => { await t.close(); });

  it('creates with 201 in status shipped, accepting a digit-string warehouse and a date-time arrival', async () => {
    const created = await t.v1.post('/restocking_shipments', { ...shipmentBody, warehouse_id: '3', estimated_arrival_date: '2026-04-01T23:30:00+02:00' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'shipped', warehouse_id: 3, merchant_id: 1, estimated_arrival_date: '2026-04-01' });
    expect((await t.v1.get(`/restocking_shipments/${created.body.id}`)).body).toEqual(created.body);
    expect((await t.v1.post('/restocking_shipments', { ...shipmentBody, warehouse_id: 'three' })).status).toBe(422);
    expect((await t.v1.post('/restocking_shipments', { ...shipmentBody, warehouse_id: 7 })).status).toBe(422);
  });

  it('PUT keeps omitted properties but omitted items remove every item', async () => {
    const created = (await t.v1.post('/restocking_shipments', shipmentBody)).body;
    const updated = await t.v1.put(`/restocking_shipments/${created.id}`, { supplier_name: 'Other Farm', extra_property: true });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ supplier_name: 'Other Farm', tracking_code: 'TRK-1', po_number: 'PO-1', estimated_arrival_date: '2026-04-01', restocking_shipment_items: [] });
    const items = await t.v1.put(`/restocking_shipments/${created.id}`, { restocking_shipment_items: [{ sku_id: '501', announced_quantity: '4' }] });
    expect(items.body.restocking_shipment_items).toMatchObject([{ sku_id: 501, announced_quantity: 4, inventory_batches: [] }]);
  });

  it.each([[901, 'created', 200], [902, 'shipped', 200], [903, 'delivered', 422], [904, 'arrived', 422], [905, 'processing', 422], [906, 'restocked', 422], [907, 'on_hold', 422], [908, 'cancelled', 422]])(
    'PUT on shipment %i in status %s answers %i', async (id, status, expected) => {
      expect((await t.v1.get(`/restocking_shipments/${id}`)).body.status).toBe(status);
      expect((await t.v1.put(`/restocking_shipments/${id}`, { po_number: 'PO-X', restocking_shipment_items: [{ sku_id: 502, announced_quantity: 1 }] })).status).toBe(expected);
    });

  it('is merchant-scoped: the other channel sees it, the other merchant gets 404', async () => {
    const created = (await t.v1.post('/restocking_shipments', shipmentBody)).body;
    expect((await t.as('sameMerchantOtherChannel').v1.get(`/restocking_shipments/${created.id}`)).status).toBe(200);
    expect((await t.as('otherMerchant').v1.get(`/restocking_shipments/${created.id}`)).status).toBe(404);
    expect((await t.as('otherMerchant').v1.put(`/restocking_shipments/${created.id}`, {})).status).toBe(404);
  });
});

describe('v1 SKUs (§4.1, §2.6)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start(); });
  afterAll(async () => { await t.close(); });

  it('PUT and PATCH update identically, keep omitted properties and accept numeric strings', async () => {
    for (const method of ['put', 'patch'] as const) {
      const updated = await t.v1[method]('/skus/501', { name: `Shirt ${method}`, weight_in_kg: '0.75', cost_in_cents: '990', batch_tracking_enabled: null });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: `Shirt ${method}`, weight_in_kg: 0.75, cost_in_cents: 990, cost_in_cent: 990, hs_code: '610910', country_code_of_origin: 'PT', batch_tracking_enabled: false, status: 'active' });
    }
    expect((await t.v1.patch('/skus/502', { batch_tracking_enabled: true })).body.batch_tracking_enabled).toBe(true);
    expect((await t.v1.patch('/skus/502', { batch_tracking_enabled: null })).body.batch_tracking_enabled).toBe(true);
    expect((await t.v1.patch('/skus/501', { name: 12 })).body.name).toBe('12');
  });

  it('DELETE sets deleted; updating or re-creating sets active again', async () => {
    const deleted = await t.v1.delete('/skus/503');
    expect(deleted.body.status).toBe('deleted');
    expect((await t.v1.get('/skus/503')).body.status).toBe('deleted');
    expect((await t.v1.patch('/skus/503', {})).body.status).toBe('active');
    await t.v1.delete('/skus/503');
    const recreated = await t.v1.post('/skus', { merchant_sku_id: 'TSHIRT-BLACK-L', name: 'T-shirt black L' });
    expect(recreated.status).toBe(200);
    expect(recreated.body).toMatchObject({ id: 503, status: 'active' });
  });

  it('creates SKUs, rejecting unknown properties, and scopes them to the channel', async () => {
    const created = await t.v1.post('/skus', { merchant_sku_id: 'NEW-1', name: 'New', weight_in_kg: 1 });
    expect(created.body).toMatchObject({ merchant_sku_id: 'NEW-1', status: 'active', batch_tracking_enabled: false });
    expect((await t.v1.post('/skus', { merchant_sku_id: 'NEW-2', name: 'New', colour: 'red' })).status).toBe(422);
    expect((await t.v1.patch('/skus/777', { name: 'x' })).status).toBe(404);
    expect((await t.v1.patch(`/skus/${created.body.id}`, { merchant_sku_id: 'TEA-GREEN' })).status).toBe(422);
    expect((await t.as('otherMerchant').v1.delete('/skus/501')).status).toBe(404);
  });
});

describe('v1 shipments, returns, warehouses (§4.1)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start(); });
  afterAll(async () => { await t.close(); });

  it('GET /shipments lists only shipped shipments of the channel', async () => {
    const page = await t.v1.get('/shipments');
    expect(page.body.data.map((s: { id: number }) => s.id)).toEqual([408]);
    expect(page.body.pagination).toEqual({ current_page: 1, item_count: 1, page_count: 1, items_per_page: 20 });
  });

  it('GET /returns/{id} and GET /warehouses are merchant-scoped', async () => {
    expect((await t.v1.get('/returns/601')).status).toBe(200);
    expect((await t.v1.get('/returns/602')).status).toBe(200);
    expect((await t.v1.get('/returns/603')).status).toBe(404);
    expect((await t.v1.get('/warehouses')).body.data.map((w: { id: number }) => w.id)).toEqual([3, 4]);
    expect((await t.as('otherMerchant').v1.get('/warehouses')).body.data.map((w: { id: number }) => w.id)).toEqual([7]);
  });
});
