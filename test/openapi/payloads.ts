/** Valid payloads built from the specification's tables; tests derive invalid ones from them. */

/** §2.1 Address with every required field and a name. */
export const address = {
  city: 'Berlin',
  country_code: 'DE',
  line1: 'Hauptstraße 1',
  postal_code: '10115',
  first_name: 'Ada',
  email: 'ada@example.test',
};

/** §2.1 OrderItem naming its SKU by id. */
export const orderItem = { merchant_item_id: 'line-1', sku_id: 501, quantity: 2, price_per_unit_in_cents: 1999 };

/** §2.1 Order (v2) as a response carries it. */
export const order = {
  id: 9001,
  merchant_order_id: 'mfc-test-order-1',
  sales_channel_id: 11,
  carrier_preference: null,
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:05:00Z',
  currency: 'EUR',
  financial_status: 'paid',
  fulfillment_status: 'waiting_for_picking',
  tags: null,
  items: [orderItem],
  shipping_address: address,
  total_price_in_cents: 3998,
  total_tax_in_cents: 638,
  total_net_revenue_in_cents: 3360,
  total_net_refunds_in_cents: 0,
  total_tax_refunds_in_cents: 0,
};

/** §2.3 v1 restocking shipment. */
export const restockingShipmentV1 = {
  id: 77,
  merchant_id: 5,
  warehouse_id: 3,
  barcode: 'RS-77',
  delivery_option: 'courier',
  estimated_arrival_date: '2026-02-01',
  po_number: null,
  supplier_name: 'Supplier',
  tracking_code: null,
  status: 'shipped',
  restocking_shipment_items: [{ sku_id: 501, announced_quantity: 10 }],
};

/** §2.3 v2 restocking shipment with one item. */
export const restockingShipmentV2 = {
  id: 78,
  barcode: null,
  status: 'received',
  delivery_option: 'postal',
  estimated_arrival_date: null,
  warehouse_id: 3,
  restocking_shipment_items: [{ sku_id: 501, announced_quantity: 10, arrived_quantity: 0, damaged_quantity: 0, missing_quantity: 0 }],
  priority: false,
};

/** §2.2 Shipment. */
export const shipment = {
  id: 1,
  order_id: 9001,
  sales_channel_id: 11,
  status: 'shipped',
  delivery_status: null,
  items: [{ id: 1, merchant_item_id: null, quantity: 1, sku: { id: 501, sku_code: 'TSHIRT-WHITE-M' } }],
};

/** §2.4 InventoryBatch. */
export const inventoryBatch = {
  id: 4,
  lot_number: null,
  production_date: '2025-12-01',
  expiry_date: null,
  status: 'active',
  blocked: false,
  block_reason: null,
};

/** A JSON value a test may edit freely. */
// Edits reach into arbitrary depths of a payload; typing each path would hide what a case changes.
export type Editable = any;

/** A copy of `value` with `change` applied: invalid payloads stay one edit away from valid ones. */
export function changed(value: unknown, change: (copy: Editable) => void): unknown {
  const copy: Editable = structuredClone(value);
  change(copy);
  return copy;
}
