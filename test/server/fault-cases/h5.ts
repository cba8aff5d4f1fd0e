import { newOrder } from '../client.js';
import type { FaultCase, ProbeContext } from './types.js';

const unknown = 999999999;
const line = { merchant_item_id: 'A', sku_id: 501, quantity: 1, price_per_unit_in_cents: 990, price_per_unit_in_cents_with_discount: 990 };
const v2Order = (extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ ...newOrder(), sales_channel_id: 11, currency: 'EUR', financial_status: 'paid', items: [line], external_created_at: '2026-02-01T08:00:00Z', ...extra });
const shipment = { warehouse_id: 3, estimated_arrival_date: '2026-04-01', delivery_option: 'courier', restocking_shipment_items: [{ sku_id: 501, announced_quantity: 3 }] };
const status = (reply: Promise<{ status: number }>): Promise<number> => reply.then((r) => r.status);
const batch = (t: ProbeContext, body: Record<string, unknown>) => t.v2.post('/skus/502/inventory_batches', body);

/** H5's faults (server/faults/h5.ts): fault name → probe → conforming observation. */
export const h5Cases: Record<string, FaultCase> = {
  'v2-orders-create-created-at-from-external': { probe: async (t) => String((await t.v2.post('/orders', v2Order())).body.created_at).slice(0, 10), conforming: '2026-03-01' },
  'v2-orders-patch-fulfillment-status-applied': { probe: async (t) => (await t.v2.patch('/orders/101', { fulfillment_status: 'shipped' })).body.fulfillment_status !== 'shipped', conforming: true },
  'v2-orders-create-items-optional': { probe: (t) => status(t.v2.post('/orders', v2Order({ items: undefined }))), conforming: 422 },
  'v2-orders-create-duplicate-merchant-item-id-accepted': { probe: (t) => status(t.v2.post('/orders', v2Order({ items: [line, line] }))), conforming: 422 },
  'v2-orders-create-item-without-sku-accepted': { probe: (t) => status(t.v2.post('/orders', v2Order({ items: [{ ...line, sku_id: undefined }] }))), conforming: 422 },
  'v2-orders-create-sku-code-refused': {
    probe: async (t) => (await t.v2.post('/orders', v2Order({ items: [{ ...line, sku_id: undefined, sku_code: 'TSHIRT-WHITE-M' }] }))).body.items?.[0]?.sku_id,
    conforming: 501,
  },
  'v2-orders-create-item-prices-required': {
    probe: (t) => status(t.v2.post('/orders', v2Order({ items: [{ ...line, price_per_unit_in_cents: undefined, price_per_unit_in_cents_with_discount: undefined }] }))),
    conforming: 200,
  },
  'v2-restocking-priority-missing': {
    probe: async (t) => [typeof (await t.v2.post('/restocking_shipments', shipment)).body.priority, typeof (await t.v2.put('/restocking_shipments/902', { po_number: 'P' })).body.priority],
    conforming: ['boolean', 'boolean'],
  },
  'v2-restocking-create-item-without-sku-accepted': { probe: (t) => status(t.v2.post('/restocking_shipments', { ...shipment, restocking_shipment_items: [{ announced_quantity: 3 }] })), conforming: 422 },
  'v1-restocking-update-batches-listed': {
    probe: async (t) => (await t.v1.put('/restocking_shipments/902', { restocking_shipment_items: [{ sku_id: 501, announced_quantity: 2 }] })).body.restocking_shipment_items[0].inventory_batches,
    conforming: [],
  },
  'v1-restocking-create-foreign-warehouse-accepted': { probe: (t) => status(t.v1.post('/restocking_shipments', { ...shipment, warehouse_id: 7 })), conforming: 422 },
  'v1-restocking-create-unknown-delivery-option-accepted': { probe: (t) => status(t.v1.post('/restocking_shipments', { ...shipment, delivery_option: 'teleport' })), conforming: 422 },
  'v1-restocking-update-extra-property-422': { probe: (t) => status(t.v1.put('/restocking_shipments/902', { po_number: 'P', mfc_extra: 1 })), conforming: 200 },
  'v2-batches-expired-reason-expiry-window': { probe: async (t) => (await batch(t, { lot_number: 'L-9', expiry_date: '2026-02-01' })).body.block_reason, conforming: 'expiry_date_reached' },
  'v2-batches-create-null-dates-refused': { probe: (t) => status(batch(t, { lot_number: null, production_date: null, expiry_date: null })), conforming: 201 },
  'v2-batch-settings-new-action-not-turned-on': {
    probe: async (t) => {
      const id = (await t.v1.post('/skus', { merchant_sku_id: 'ACT-1', name: 'action' })).body.id;
      await t.v2.put(`/skus/${id}/inventory_batch_settings`, { expiry_follow_up_action: 'block_only' });
      return (await t.v1.put(`/skus/${id}`, {})).body.batch_tracking_enabled;
    },
    conforming: true,
  },
  'v1-skus-cost-in-cent-in-units': { probe: async (t) => (await t.v1.put('/skus/501', {})).body.cost_in_cent, conforming: 450 },
  'v1-skus-create-unknown-property-accepted': { probe: (t) => status(t.v1.post('/skus', { merchant_sku_id: 'UNK-1', name: 'unknown', mfc_unknown: 1 })), conforming: 422 },
  'v1-lists-warehouses-paginated': { probe: async (t) => (await t.v1.get('/warehouses?page=2&limit=1')).body.data.length, conforming: 2 },
  'v1-auth-missing-token-unknown-id-404': { probe: (t) => status(t.as('none').v1.delete(`/skus/${unknown}`)), conforming: 401 },
  'v2-auth-missing-token-write-422': { probe: (t) => status(t.as('none').v2.post('/orders', {})), conforming: 401 },
};
