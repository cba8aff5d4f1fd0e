import type { FaultCase, ProbeContext } from './types.js';
import { ids, schemaOk } from './types.js';

const shipment = { warehouse_id: 3, estimated_arrival_date: '2026-04-01', delivery_option: 'courier', restocking_shipment_items: [{ sku_id: 502, announced_quantity: 3 }] };
const order = {
  merchant_order_id: 'FAULT-1', shipping_address: { city: 'Berlin', country_code: 'DE', line1: 'Street 1', postal_code: '10115', full_name: 'A B' },
  items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 1 }, { merchant_item_id: 'B', sku_id: 503, quantity: 1 }],
};
const v1Page = (query: string, pick: (body: any) => unknown): FaultCase['probe'] => async (t) => pick((await t.v1.get(`/orders${query}`)).body);
const v2Ids = (path: string): FaultCase['probe'] => async (t) => ids(await t.v2.get(path));
const effective = (field: string): FaultCase['probe'] => async (t) => (await t.v2.get('/skus/502')).body.effective_inventory_batch_settings[field];
const tracking = async (t: ProbeContext): Promise<boolean> => (await t.v2.get('/skus/501')).body.batch_tracking_enabled;

async function allV2Ids(t: ProbeContext, path: string): Promise<number[]> {
  const found: number[] = [];
  let next: string | null = path;
  for (let guard = 0; next !== null && guard < 20; guard++) {
    const reply = await t.v2.get(next);
    found.push(...ids(reply));
    const url: string | null = reply.body.pagination.next_page_url;
    next = url === null ? null : url.slice(url.indexOf('/merchant_api/v2') + 16);
  }
  return found;
}

/** List, order, SKU, restocking, batch-settings and schema faults: fault name → probe → conforming observation. */
export const resourceCases: Record<string, FaultCase> = {
  'v1-lists-default-limit-not-20': { probe: v1Page('', (b) => b.data.length), conforming: 20 },
  'v1-lists-limit-not-capped': { probe: v1Page('?limit=150', (b) => b.pagination.items_per_page), conforming: 100 },
  'v1-lists-page-zero-based': { probe: v1Page('?page=1', (b) => b.data[0].id), conforming: 148 },
  'v1-lists-past-end-repeats-last-page': { probe: v1Page('?page=5', (b) => b.data.length), conforming: 0 },
  'v1-lists-item-count-on-page': { probe: v1Page('', (b) => b.pagination.item_count), conforming: 48 },
  'v1-lists-page-count-off-by-one': { probe: v1Page('', (b) => b.pagination.page_count), conforming: 3 },
  'v1-lists-created-at-filter-ignored': { probe: v1Page('?created_at[lt]=2026-01-05T09:00:00Z', (b) => b.pagination.item_count), conforming: 2 },
  'v1-lists-created-at-strict-as-inclusive': { probe: v1Page('?created_at[lt]=2026-01-05T08:37:00Z', (b) => b.pagination.item_count), conforming: 1 },
  'v1-orders-list-oldest-first': { probe: v1Page('?limit=1', (b) => b.data[0].id), conforming: 148 },
  'v1-orders-list-sorted-by-created-at': { probe: v1Page('?limit=5', (b) => b.data.map((o: { id: number }) => o.id)), conforming: [148, 147, 146, 145, 144] },
  'v1-orders-filter-on-created-at': { probe: v1Page('?limit=100&created_at[gte]=2026-01-06T12:00:00Z', (b) => b.pagination.item_count), conforming: 2 },
  'v1-shipments-list-includes-unshipped': { probe: async (t) => ids(await t.v1.get('/shipments')), conforming: [408] },

  'v2-lists-cursor-repeats-last': { probe: async (t) => allV2Ids(t, '/restocking_shipments?limit=5'), conforming: [901, 902, 903, 904, 905, 906, 907, 908] },
  'v2-lists-limit-ignored': { probe: v2Ids('/restocking_shipments?limit=3'), conforming: [901, 902, 903] },
  'v2-lists-next-page-url-not-null-at-end': { probe: async (t) => (await t.v2.get('/restocking_shipments')).body.pagination.next_page_url, conforming: null },
  'v2-lists-created-at-filter-ignored': { probe: v2Ids('/restocking_shipments?created_at[gt]=2026-01-08T00:00:00Z'), conforming: [907, 908] },
  'v2-lists-created-at-strict-as-inclusive': { probe: v2Ids('/restocking_shipments?created_at[gt]=2026-01-08T07:30:00Z'), conforming: [908] },
  'v2-orders-list-primary-channel-only': { probe: async (t) => (await t.v2.get('/orders?limit=100')).body.data.length, conforming: 54 },

  'v1-orders-duplicate-not-409': { probe: async (t) => { await t.v1.post('/orders', order); return (await t.v1.post('/orders', order)).status; }, conforming: 409 },
  'v1-orders-duplicate-409-without-id': {
    probe: async (t) => { const first = await t.v1.post('/orders', order); return (await t.v1.post('/orders', order)).text.includes(String(first.body.id)); },
    conforming: true,
  },
  'v1-orders-create-unknown-property-accepted': { probe: async (t) => (await t.v1.post('/orders', { ...order, mfc_unknown: 1 })).status, conforming: 422 },
  'v1-orders-update-unknown-property-accepted': { probe: async (t) => (await t.v1.patch('/orders/101', { mfc_unknown: 1 })).status, conforming: 422 },
  'v1-orders-put-not-alias': { probe: async (t) => (await t.v1.put('/orders/101', { carrier_preference: 'GLS' })).body.carrier_preference, conforming: 'GLS' },
  'v1-orders-update-omitted-cleared': { probe: async (t) => (await t.v1.patch('/orders/101', { payment_method: 'invoice' })).body.carrier_preference, conforming: 'DHL' },
  'v1-orders-update-null-clears': { probe: async (t) => (await t.v1.patch('/orders/101', { carrier_preference: null })).body.carrier_preference, conforming: 'DHL' },
  'v1-orders-update-address-replaced': { probe: async (t) => (await t.v1.patch('/orders/101', { shipping_address: { city: 'Köln' } })).body.shipping_address.email, conforming: 'buyer@example.test' },
  'v1-orders-update-missing-items-dropped': {
    probe: async (t) => { const { id } = (await t.v1.post('/orders', order)).body; return (await t.v1.patch(`/orders/${id}`, { items: [order.items[0]] })).body.items.map((i: { merchant_item_id: string }) => i.merchant_item_id).sort(); },
    conforming: ['A', 'B'],
  },
  'v1-orders-update-items-not-matched': {
    probe: async (t) => { const { id } = (await t.v1.post('/orders', order)).body; return (await t.v1.patch(`/orders/${id}`, { items: [{ ...order.items[0], quantity: 4 }] })).body.items.map((i: { merchant_item_id: string }) => i.merchant_item_id).sort(); },
    conforming: ['A', 'B'],
  },
  'v1-orders-merchant-order-id-renames': {
    probe: async (t) => { await t.v1.patch('/orders/101', { merchant_order_id: 'NEW-ID' }); return (await t.v1.get('/orders/101')).body.merchant_order_id; },
    conforming: 'SHARED-1001',
  },
  'v1-orders-merchant-order-id-change-ignored': { probe: async (t) => (await t.v1.patch('/orders/101', { merchant_order_id: 'NEW-ID' })).body.merchant_order_id, conforming: 'NEW-ID' },
  'v2-orders-duplicate-not-409': { probe: async (t) => (await t.v2.post('/orders', { ...order, merchant_order_id: 'SHARED-1001', sales_channel_id: 11 })).status, conforming: 409 },
  'v2-orders-patch-merchant-order-id-applied': { probe: async (t) => (await t.v2.patch('/orders/101', { merchant_order_id: 'NEW-ID' })).body.merchant_order_id, conforming: 'SHARED-1001' },
  'v2-orders-patch-sales-channel-applied': { probe: async (t) => (await t.v2.patch('/orders/101', { sales_channel_id: 12 })).body.sales_channel_id, conforming: 11 },
  'v2-orders-patch-omitted-cleared': { probe: async (t) => (await t.v2.patch('/orders/101', { payment_method: 'invoice' })).body.carrier_preference, conforming: 'DHL' },
  'v2-orders-cancel-not-cancelled': { probe: async (t) => (await t.v2.put('/orders/101/cancel')).body.fulfillment_status, conforming: 'cancelled' },
  'v2-orders-by-merchant-order-id-ignores-channel': { probe: async (t) => (await t.v2.get('/orders/by_merchant_order_id?merchant_order_id=SHARED-1001&sales_channel_id=11')).body.id, conforming: 101 },

  'v1-skus-put-not-alias': { probe: async (t) => (await t.v1.put('/skus/501', { name: 'Put' })).body.name, conforming: 'Put' },
  'v1-skus-update-omitted-cleared': { probe: async (t) => (await t.v1.patch('/skus/501', { name: 'x' })).body.hs_code, conforming: '610910' },
  'v1-skus-delete-not-deleted': { probe: async (t) => (await t.v1.delete('/skus/503')).body.status, conforming: 'deleted' },
  'v1-skus-update-not-reactivated': { probe: async (t) => { await t.v1.delete('/skus/503'); return (await t.v1.patch('/skus/503', {})).body.status; }, conforming: 'active' },
  'v1-skus-batch-flag-null-clears': {
    probe: async (t) => {
      await t.v1.patch('/skus/502', { batch_tracking_enabled: true });
      return (await t.v1.patch('/skus/502', { batch_tracking_enabled: null })).body.batch_tracking_enabled;
    },
    conforming: true,
  },

  'v1-restocking-create-status-created': { probe: async (t) => (await t.v1.post('/restocking_shipments', shipment)).body.status, conforming: 'shipped' },
  'v2-restocking-create-status-created': { probe: async (t) => (await t.v2.post('/restocking_shipments', shipment)).body.status, conforming: 'shipped' },
  'v1-restocking-create-200': { probe: async (t) => (await t.v1.post('/restocking_shipments', shipment)).status, conforming: 201 },
  'v1-restocking-update-any-status': { probe: async (t) => (await t.v1.put('/restocking_shipments/906', { po_number: 'x' })).status, conforming: 422 },
  'v2-restocking-update-any-status': { probe: async (t) => (await t.v2.put('/restocking_shipments/906', { po_number: 'x' })).status, conforming: 422 },
  'v1-restocking-update-omitted-items-kept': { probe: async (t) => (await t.v1.put('/restocking_shipments/902', { po_number: 'x' })).body.restocking_shipment_items.length, conforming: 0 },
  'v1-restocking-update-omitted-cleared': { probe: async (t) => (await t.v1.put('/restocking_shipments/902', { po_number: 'x' })).body.tracking_code, conforming: 'TRK902' },
  'v1-restocking-warehouse-digit-string-rejected': { probe: async (t) => (await t.v1.post('/restocking_shipments', { ...shipment, warehouse_id: '3' })).status, conforming: 201 },
  'v1-restocking-arrival-date-time-rejected': {
    probe: async (t) => (await t.v1.post('/restocking_shipments', { ...shipment, estimated_arrival_date: '2026-04-01T10:00:00Z' })).body.estimated_arrival_date,
    conforming: '2026-04-01',
  },
  'v2-restocking-cancel-not-cancelled': { probe: async (t) => (await t.v2.put('/restocking_shipments/902/cancel')).body.status, conforming: 'cancelled' },

  'v2-batch-settings-tracking-not-turned-on': { probe: async (t) => { await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: 3 }); return tracking(t); }, conforming: true },
  'v2-batch-settings-same-value-turns-on': {
    probe: async (t) => {
      await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: 3 });
      await t.v1.patch('/skus/501', { batch_tracking_enabled: false });
      await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: 3 });
      return tracking(t);
    },
    conforming: false,
  },
  'v2-batch-settings-clear-turns-on': { probe: async (t) => { await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: null }); return tracking(t); }, conforming: false },
  'v2-batch-settings-no-tracking-accepted': {
    options: { batchTracking: false },
    probe: async (t) => (await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: 3 })).status,
    conforming: 422,
  },
  'v2-batch-settings-no-tracking-saved': {
    options: { batchTracking: false },
    probe: async (t) => {
      await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: 3, b2c_shelf_life_in_weeks: 9 });
      return (await t.v2.get('/skus/501')).body.effective_inventory_batch_settings.b2c_shelf_life_in_weeks;
    },
    conforming: 12,
  },
  'v2-batch-settings-omitted-action-cleared': {
    probe: async (t) => {
      await t.v2.put('/skus/502/inventory_batch_settings', { expiry_follow_up_action: 'block_only' });
      return (await t.v2.put('/skus/502/inventory_batch_settings', { b2c_shelf_life_in_weeks: 1 })).body.expiry_follow_up_action;
    },
    conforming: 'block_only',
  },
  'v2-batch-settings-sku-value-ignored': { probe: effective('b2c_shelf_life_in_weeks'), conforming: 20 },
  'v2-batch-settings-null-action-not-inherited': { probe: effective('expiry_follow_up_action'), conforming: 'block_only' },

  'v1-schema-order-id-string': { probe: async (t) => schemaOk('v1', 'GET', '/orders/101', await t.v1.get('/orders/101')), conforming: true },
  'v2-schema-order-id-string': { probe: async (t) => schemaOk('v2', 'GET', '/orders/101', await t.v2.get('/orders/101')), conforming: true },
  'v2-schema-order-currency-lowercase': { probe: async (t) => schemaOk('v2', 'GET', '/orders/101', await t.v2.get('/orders/101')), conforming: true },
  'v2-schema-order-missing-fulfillment-status': { probe: async (t) => schemaOk('v2', 'GET', '/orders', await t.v2.get('/orders')), conforming: true },
  'v2-schema-order-unknown-fulfillment-status': { probe: async (t) => schemaOk('v2', 'GET', '/orders/101', await t.v2.get('/orders/101')), conforming: true },
  'v1-schema-restocking-unknown-status': { probe: async (t) => schemaOk('v1', 'GET', '/restocking_shipments/902', await t.v1.get('/restocking_shipments/902')), conforming: true },
  'v2-schema-restocking-v1-status': { probe: async (t) => schemaOk('v2', 'GET', '/restocking_shipments', await t.v2.get('/restocking_shipments')), conforming: true },
  'v2-schema-restocking-missing-warehouse-id': { probe: async (t) => schemaOk('v2', 'GET', '/restocking_shipments/902', await t.v2.get('/restocking_shipments/902')), conforming: true },
  'v1-schema-sku-weight-string': { probe: async (t) => schemaOk('v1', 'PATCH', '/skus/501', await t.v1.patch('/skus/501', {})), conforming: true },
  'v2-schema-batch-blocked-string': { probe: async (t) => schemaOk('v2', 'POST', '/skus/502/inventory_batches', await t.v2.post('/skus/502/inventory_batches', {})), conforming: true },
  'v1-schema-pagination-string-page': { probe: async (t) => schemaOk('v1', 'GET', '/orders', await t.v1.get('/orders')), conforming: true },
  'v2-schema-next-page-url-missing': { probe: async (t) => schemaOk('v2', 'GET', '/orders', await t.v2.get('/orders')), conforming: true },
};
