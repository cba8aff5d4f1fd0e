import type { faults } from '../../packages/cli/server/faults/inputs.js';
import { bareStatus, statusOf } from './probe.js';
import type { Catalogue, FaultSetup } from './types.js';

// A failing generated case shrinks with further requests: the matrix only needs to see it fail, not to
// wait for rate-limit windows. At a field run's default of 8 cases per operation each of these faults
// is caught under 6 to 10 seeds in 10 (a stated edge is one of several a boundary case may take); the
// matrix runs as a CI run against a local server would, with 40.
const unpaced: FaultSetup = { rateLimit: 10_000, cases: 40 };
const address = { city: 'Berlin 📦', country_code: 'DE', line1: 'Street 1', postal_code: '10115', full_name: 'A B' };
const order = {
  merchant_order_id: 'INPUTS-1', sales_channel_id: 11, carrier_preference: null, currency: 'EUR', financial_status: 'paid',
  items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 1 }], shipping_address: address,
  total_price_in_cents: 0, total_tax_in_cents: 0, total_net_revenue_in_cents: 0, total_net_refunds_in_cents: 0, total_tax_refunds_in_cents: 0,
};
const v2Shipment = { warehouse_id: 3, estimated_arrival_date: '2026-04-01', delivery_option: 'courier', restocking_shipment_items: [{ sku_id: 501, announced_quantity: 3 }] };

/** The faults only generated inputs catch (properties/generated-inputs.property.ts): the generated check of the operation each bends, and the probe that shows it. */
export const catalogue = {
  'v2-orders-create-address-astral-replaced': {
    checks: ['v2.properties.generated.orders-create'],
    setup: unpaced,
    probe: async (t) => (await t.v2.post('/orders', order)).body.shipping_address.city,
    conforming: 'Berlin 📦',
  },
  'v2-restocking-create-zero-quantity-refused': {
    checks: ['v2.properties.generated.restocking-shipments-create'],
    setup: unpaced,
    probe: (t) => statusOf(t.v2.post('/restocking_shipments', { ...v2Shipment, restocking_shipment_items: [{ sku_id: 501, announced_quantity: 0 }] })),
    conforming: 201,
  },
  'v2-restocking-update-empty-items-500': {
    checks: ['v2.properties.generated.restocking-shipments-update'],
    setup: unpaced,
    probe: async (t) => bareStatus(t, 'v2', 'PUT', `/restocking_shipments/${(await t.v2.post('/restocking_shipments', v2Shipment)).body.id}`, { restocking_shipment_items: [] }),
    conforming: 200,
  },
  'v2-orders-by-merchant-order-id-patch-metadata-flattened': {
    checks: ['v2.properties.generated.orders-by-merchant-order-id-patch'],
    setup: unpaced,
    probe: async (t) => (await t.v2.patch('/orders/by_merchant_order_id?merchant_order_id=SHARED-1001&sales_channel_id=11', { custom_metadata: { a: { b: [1] } } })).body.custom_metadata,
    conforming: { a: { b: [1] } },
  },
  'v2-orders-patch-null-500': {
    checks: ['v2.properties.generated.orders-patch'],
    setup: unpaced,
    probe: (t) => bareStatus(t, 'v2', 'PATCH', '/orders/101', { customer_order_number: null }),
    conforming: 200,
  },
  'v1-orders-create-created-at-offset-dropped': {
    checks: ['v1.properties.generated.orders-create'],
    setup: unpaced,
    probe: async (t) => Date.parse((await t.v1.post('/orders', { ...order, sales_channel_id: undefined, created_at: '2026-01-05T10:00:00+02:00' })).body.created_at),
    conforming: Date.parse('2026-01-05T08:00:00Z'),
  },
  'v1-restocking-create-text-cut-255': {
    checks: ['v1.properties.generated.restocking-shipments-create'],
    setup: unpaced,
    probe: async (t) => (await t.v1.post('/restocking_shipments', { ...v2Shipment, supplier_name: 'x'.repeat(300) })).body.supplier_name.length,
    conforming: 300,
  },
  'v1-orders-list-deep-page-500': {
    checks: ['v1.properties.generated.orders-list'],
    setup: unpaced,
    probe: (t) => bareStatus(t, 'v1', 'GET', '/orders?page=99999&limit=2'),
    conforming: 200,
  },
} satisfies Catalogue<typeof faults>;
