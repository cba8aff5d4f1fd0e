import type { FaultCase, ProbeContext } from './types.js';

const shipment = { warehouse_id: 3, estimated_arrival_date: '2026-04-01', delivery_option: 'courier', restocking_shipment_items: [{ sku_id: 501, announced_quantity: 3 }] };
// The items' SKUs and quantities of an answered shipment, or the status of a refusal.
const items = (reply: { status: number; body: { restocking_shipment_items?: { sku_id: number; announced_quantity: number }[] } }) =>
  reply.body.restocking_shipment_items?.map(({ sku_id, announced_quantity }) => [sku_id, announced_quantity]) ?? reply.status;
const settings = (t: ProbeContext, body: Record<string, unknown>) => t.v2.put('/skus/502/inventory_batch_settings', body);
const batch = async (t: ProbeContext, expiry: string) => {
  const { blocked, block_reason } = (await t.v2.post('/skus/502/inventory_batches', { lot_number: 'L-1', production_date: '2025-01-01', expiry_date: expiry })).body;
  return { blocked, block_reason };
};

/** The v2 restocking item, batch-settings null, block_reason and by_merchant_order_id faults (server/faults/h4-*.ts). */
export const h4Cases: Record<string, FaultCase> = {
  'v2-restocking-create-sku-code-wins': {
    probe: async (t) => items(await t.v2.post('/restocking_shipments', { ...shipment, restocking_shipment_items: [{ sku_id: 501, sku_code: 'TEA-GREEN', announced_quantity: 3 }] })),
    conforming: [[501, 3]],
  },
  'v2-restocking-create-sku-code-refused': {
    probe: async (t) => items(await t.v2.post('/restocking_shipments', { ...shipment, restocking_shipment_items: [{ sku_code: 'TEA-GREEN', announced_quantity: 3 }] })),
    conforming: [[502, 3]],
  },
  'v2-restocking-create-arrival-date-optional': {
    probe: async (t) => (await t.v2.post('/restocking_shipments', { ...shipment, estimated_arrival_date: undefined })).status,
    conforming: 422,
  },
  'v2-restocking-negative-quantity-accepted': {
    probe: async (t) => [
      (await t.v2.post('/restocking_shipments', { ...shipment, restocking_shipment_items: [{ sku_id: 501, announced_quantity: -1 }] })).status,
      (await t.v2.put('/restocking_shipments/902', { restocking_shipment_items: [{ sku_id: 501, announced_quantity: -1 }] })).status,
    ],
    conforming: [422, 422],
  },
  'v2-restocking-update-items-merged': {
    probe: async (t) => items(await t.v2.put('/restocking_shipments/902', { restocking_shipment_items: [{ sku_id: 501, announced_quantity: 4 }] })),
    conforming: [[501, 4]],
  },
  'v2-schema-restocking-item-missing-quantities': {
    probe: async (t) => Object.keys((await t.v2.get('/restocking_shipments/901', { validate: false })).body.restocking_shipment_items[0]).sort(),
    conforming: ['announced_quantity', 'arrived_quantity', 'damaged_quantity', 'missing_quantity', 'remarks', 'sku_code', 'sku_id', 'total_cost_in_cents'],
  },
  'v2-batch-settings-clear-weeks-ignored': { probe: async (t) => (await settings(t, { action_weeks_before_expiry: null })).body.action_weeks_before_expiry, conforming: null },
  'v2-batch-settings-null-action-ignored': {
    probe: async (t) => { await settings(t, { expiry_follow_up_action: 'block_only' }); return (await settings(t, { expiry_follow_up_action: null })).body.expiry_follow_up_action; },
    conforming: null,
  },
  'v2-batch-settings-expiry-fields-without-expiry-handling': {
    probe: async (t) => (await settings(t, {})).body.action_weeks_before_expiry,
    conforming: null,
    options: { expiryHandling: false },
  },
  'v2-batches-block-reason-without-block': { probe: (t) => batch(t, '2026-02-01'), conforming: { blocked: true, block_reason: 'expiry_date_reached' } },
  'v2-batches-date-reached-in-window': { probe: (t) => batch(t, '2026-03-06'), conforming: { blocked: false, block_reason: null } },
  'v2-batches-block-reason-without-expiry-handling': {
    probe: (t) => batch(t, '2026-02-01'),
    conforming: { blocked: true, block_reason: null },
    options: { expiryHandling: false },
  },
  'v2-orders-by-merchant-order-id-unknown-422': { probe: async (t) => (await t.v2.get('/orders/by_merchant_order_id?merchant_order_id=NO-SUCH&sales_channel_id=11')).status, conforming: 404 },
  'v2-orders-by-merchant-order-id-patch-sales-channel-applied': {
    probe: async (t) => (await t.v2.patch('/orders/by_merchant_order_id?merchant_order_id=ACME-00102&sales_channel_id=11', { sales_channel_id: 12 })).body.sales_channel_id,
    conforming: 11,
  },
};
