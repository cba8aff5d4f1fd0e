import type { faults } from '../../packages/cli/server/faults/v2-orders.js';
import { address, newOrder } from '../server/client.js';
import { statusOf } from './probe.js';
import type { Catalogue } from './types.js';

const line = { merchant_item_id: 'A', sku_id: 501, quantity: 1, price_per_unit_in_cents: 990, price_per_unit_in_cents_with_discount: 990 };
const v2Order = (extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ ...newOrder(), sales_channel_id: 11, currency: 'EUR', financial_status: 'paid', items: [line], external_created_at: '2026-02-01T08:00:00Z', ...extra });
const order = {
  merchant_order_id: 'FAULT-1', shipping_address: { city: 'Berlin', country_code: 'DE', line1: 'Street 1', postal_code: '10115', full_name: 'A B' },
  items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 1 }, { merchant_item_id: 'B', sku_id: 503, quantity: 1 }],
};

/** The v2 order faults (§2, §2.1, §3.2, §4.2, §7, §8): the checks that catch each, and the probe that shows it. */
export const catalogue = {
  'v2-orders-duplicate-not-409': {
    checks: ['v2.orders.create.duplicate-409'],
    probe: async (t) => (await t.v2.post('/orders', { ...order, merchant_order_id: 'SHARED-1001', sales_channel_id: 11 })).status,
    conforming: 409,
  },
  'v2-orders-patch-merchant-order-id-applied': {
    checks: ['v2.orders.patch.merchant-order-id-ignored', 'v2.orders.by-merchant-order-id.patch'],
    probe: async (t) => (await t.v2.patch('/orders/101', { merchant_order_id: 'NEW-ID' })).body.merchant_order_id,
    conforming: 'SHARED-1001',
  },
  'v2-orders-patch-sales-channel-applied': {
    // One rule on two operations: the by_merchant_order_id PATCH shares this code, so its check fails too.
    checks: ['v2.orders.patch.sales-channel-id-ignored', 'v2.orders.by-merchant-order-id.patch-sales-channel-id-ignored'],
    probe: async (t) => (await t.v2.patch('/orders/101', { sales_channel_id: 12 })).body.sales_channel_id,
    conforming: 11,
  },
  'v2-orders-patch-omitted-cleared': {
    checks: ['v2.orders.patch.only-provided-change'],
    probe: async (t) => (await t.v2.patch('/orders/101', { payment_method: 'invoice' })).body.carrier_preference,
    conforming: 'DHL',
  },
  'v2-orders-cancel-not-cancelled': { checks: ['v2.orders.cancel.cancelled'], probe: async (t) => (await t.v2.put('/orders/101/cancel')).body.fulfillment_status, conforming: 'cancelled' },
  'v2-orders-by-merchant-order-id-ignores-channel': {
    checks: ['v2.orders.by-merchant-order-id.get-channel'],
    probe: async (t) => (await t.v2.get('/orders/by_merchant_order_id?merchant_order_id=SHARED-1001&sales_channel_id=11')).body.id,
    conforming: 101,
  },
  'v2-orders-by-merchant-order-id-get-unknown-422': {
    checks: ['v2.orders.by-merchant-order-id.unknown-404', 'v2.properties.generated.orders-by-merchant-order-id'],
    probe: (t) => statusOf(t.v2.get('/orders/by_merchant_order_id?merchant_order_id=NO-SUCH&sales_channel_id=11')),
    conforming: 404,
  },
  'v2-orders-by-merchant-order-id-patch-unknown-422': {
    checks: ['v2.orders.by-merchant-order-id.patch-unknown-404'],
    probe: async (t) => [
      (await t.v2.get('/orders/by_merchant_order_id?merchant_order_id=NO-SUCH&sales_channel_id=11')).status,
      (await t.v2.patch('/orders/by_merchant_order_id?merchant_order_id=NO-SUCH&sales_channel_id=11', { payment_method: 'invoice' })).status,
    ],
    conforming: [404, 404],
  },
  'v2-orders-by-merchant-order-id-patch-sales-channel-applied': {
    checks: ['v2.orders.by-merchant-order-id.patch-sales-channel-id-ignored'],
    probe: async (t) => (await t.v2.patch('/orders/by_merchant_order_id?merchant_order_id=ACME-00102&sales_channel_id=11', { sales_channel_id: 12 })).body.sales_channel_id,
    conforming: 11,
  },
  'v2-orders-text-double-encoded': {
    checks: ['v2.orders.create.sales-channel', 'v2.properties.generated.orders-create', 'v2.properties.generated.orders-patch', 'v2.properties.generated.orders-by-merchant-order-id-patch'],
    probe: async (t) => (await t.v2.patch('/orders/101', { tags: ['größe-m'] })).body.tags,
    conforming: ['größe-m'],
  },
  'v2-orders-create-created-at-null': {
    // The order.status_updated payload carries the invalid order too (§6.2: data is the Order).
    checks: ['v2.orders.create.created-at-defaults-to-now', 'v2.schema.order', 'v2.webhooks.order-status-updated'],
    probe: async (t) => typeof (await t.v2.post('/orders', v2Order())).body.created_at,
    conforming: 'string',
  },
  'v2-orders-create-created-at-from-external': {
    checks: ['v2.orders.create.created-at-defaults-to-now'],
    probe: async (t) => String((await t.v2.post('/orders', v2Order())).body.created_at).slice(0, 10),
    conforming: '2026-03-01',
  },
  'v2-orders-patch-fulfillment-status-applied': {
    checks: ['v2.orders.patch.read-only-fields-kept'],
    probe: async (t) => (await t.v2.patch('/orders/101', { fulfillment_status: 'shipped' })).body.fulfillment_status !== 'shipped',
    conforming: true,
  },
  'v2-orders-create-items-optional': { checks: ['v2.orders.create.required-fields-refused'], probe: (t) => statusOf(t.v2.post('/orders', v2Order({ items: undefined }))), conforming: 422 },
  'v2-orders-create-duplicate-merchant-item-id-accepted': {
    checks: ['v2.orders.create.duplicate-merchant-item-id-refused'],
    probe: (t) => statusOf(t.v2.post('/orders', v2Order({ items: [line, line] }))),
    conforming: 422,
  },
  'v2-orders-create-item-without-sku-accepted': {
    checks: ['v2.orders.create.item-without-sku-refused'],
    probe: (t) => statusOf(t.v2.post('/orders', v2Order({ items: [{ ...line, sku_id: undefined }] }))),
    conforming: 422,
  },
  'v2-orders-create-sku-code-refused': {
    checks: ['v2.orders.create.item-by-sku-code'],
    probe: async (t) => (await t.v2.post('/orders', v2Order({ items: [{ ...line, sku_id: undefined, sku_code: 'TSHIRT-WHITE-M' }] }))).body.items?.[0]?.sku_id,
    conforming: 501,
  },
  'v2-orders-create-item-prices-required': {
    checks: ['v2.orders.create.item-prices-optional'],
    probe: (t) => statusOf(t.v2.post('/orders', v2Order({ items: [{ ...line, price_per_unit_in_cents: undefined, price_per_unit_in_cents_with_discount: undefined }] }))),
    conforming: 200,
  },
  'v2-orders-create-lower-case-country-accepted': {
    checks: ['v2.orders.create.invalid-data-422'],
    probe: (t) => statusOf(t.v2.post('/orders', v2Order({ shipping_address: { ...address, country_code: 'de' } }))),
    conforming: 422,
  },
  'v2-orders-patch-zero-quantity-accepted': {
    checks: ['v2.orders.patch.invalid-data-422', 'v2.orders.by-merchant-order-id.patch-invalid-data-422'],
    probe: (t) => statusOf(t.v2.patch('/orders/101', { items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 0 }] })),
    conforming: 422,
  },
  'v2-orders-financial-status-unchecked': {
    checks: ['v2.orders.create.invalid-data-422', 'v2.orders.patch.invalid-data-422', 'v2.orders.by-merchant-order-id.patch-invalid-data-422', 'v2.schema.order'],
    probe: async (t) => {
      const created = await t.v2.post('/orders', v2Order({ merchant_order_id: 'BOGUS-1', financial_status: 'bogus' }), { validate: false });
      const patched = await t.v2.patch('/orders/101', { financial_status: 'bogus' }, { validate: false });
      return [created.status, patched.status, (await t.v2.get('/orders/101', { validate: false })).body.financial_status];
    },
    conforming: [422, 422, 'paid'],
  },
  'v2-orders-create-postal-code-filled': {
    checks: ['v2.orders.create.invalid-data-422'],
    probe: (t) => {
      const { postal_code: _left, ...withoutPostalCode } = address;
      return statusOf(t.v2.post('/orders', v2Order({ merchant_order_id: 'NO-POSTAL-1', shipping_address: withoutPostalCode })));
    },
    conforming: 422,
  },
  'v2-orders-create-201': {
    checks: ['v2.orders.create.sales-channel'],
    probe: (t) => statusOf(t.v2.post('/orders', v2Order({ merchant_order_id: 'CREATED-1' }), { validate: false })),
    conforming: 200,
  },
  'v2-orders-merchant-order-id-unique-per-merchant': {
    checks: ['v2.orders.by-merchant-order-id.get-channel'],
    // ACME-00102 is an order of channel 11 only; channel 12 (SKU 777) belongs to the same merchant.
    probe: (t) => statusOf(t.v2.post('/orders', v2Order({ merchant_order_id: 'ACME-00102', sales_channel_id: 12, items: [{ ...line, sku_id: 777 }] }), { validate: false })),
    conforming: 200,
  },
  'v2-orders-list-primary-channel-only': { checks: ['v2.orders.list.across-channels'], probe: async (t) => (await t.v2.get('/orders?limit=100')).body.data.length, conforming: 54 },
} satisfies Catalogue<typeof faults>;
