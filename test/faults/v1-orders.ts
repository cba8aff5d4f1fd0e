import type { faults } from '../../packages/cli/server/faults/v1-orders.js';
import { statusOf } from './probe.js';
import type { Catalogue } from './types.js';

const order = {
  merchant_order_id: 'FAULT-1', shipping_address: { city: 'Berlin', country_code: 'DE', line1: 'Street 1', postal_code: '10115', full_name: 'A B' },
  items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 1 }, { merchant_item_id: 'B', sku_id: 503, quantity: 1 }],
};

/** The v1 order faults (§4.1, §8, §9.5): the checks that catch each, and the probe that shows it. */
export const catalogue = {
  'v1-orders-duplicate-not-409': {
    checks: ['v1.orders.create.duplicate-409'],
    probe: async (t) => { await t.v1.post('/orders', order); return (await t.v1.post('/orders', order)).status; },
    conforming: 409,
  },
  'v1-orders-text-double-encoded': {
    checks: ['v1.orders.create.201'],
    probe: async (t) => (await t.v1.post('/orders', { ...order, merchant_order_id: 'FAULT-TEXT', shipping_address: { ...order.shipping_address, city: 'München' } })).body.shipping_address.city,
    conforming: 'München',
  },
  'v1-orders-create-created-at-null': {
    checks: ['v1.schema.order'],
    probe: async (t) => typeof (await t.v1.post('/orders', { ...order, merchant_order_id: 'FAULT-CREATED-AT' })).body.created_at,
    conforming: 'string',
  },
  'v1-orders-duplicate-409-without-id': {
    checks: ['v1.orders.create.duplicate-409'],
    probe: async (t) => { const first = await t.v1.post('/orders', order); return (await t.v1.post('/orders', order)).text.includes(String(first.body.id)); },
    conforming: true,
  },
  'v1-orders-create-unknown-property-accepted': {
    checks: ['v1.orders.create.unknown-property-422'],
    probe: async (t) => (await t.v1.post('/orders', { ...order, mfc_unknown: 1 })).status,
    conforming: 422,
  },
  'v1-orders-update-unknown-property-accepted': {
    checks: ['v1.orders.update.unknown-property-422'],
    probe: async (t) => (await t.v1.patch('/orders/101', { mfc_unknown: 1 })).status,
    conforming: 422,
  },
  'v1-orders-put-not-alias': {
    checks: ['v1.orders.update.put-same-as-patch', 'v1.properties.order-merge'],
    probe: async (t) => (await t.v1.put('/orders/101', { carrier_preference: 'GLS' })).body.carrier_preference,
    conforming: 'GLS',
  },
  'v1-orders-update-omitted-cleared': {
    checks: ['v1.orders.update.omitted-kept'],
    probe: async (t) => (await t.v1.patch('/orders/101', { payment_method: 'invoice' })).body.carrier_preference,
    conforming: 'DHL',
  },
  'v1-orders-update-null-clears': {
    checks: ['v1.orders.update.null-keeps'],
    probe: async (t) => (await t.v1.patch('/orders/101', { carrier_preference: null })).body.carrier_preference,
    conforming: 'DHL',
  },
  'v1-orders-update-address-replaced': {
    checks: ['v1.orders.update.address-merged', 'v1.properties.order-merge', 'v1.orders.update.omitted-kept', 'v1.orders.update.null-keeps'],
    probe: async (t) => (await t.v1.patch('/orders/101', { shipping_address: { city: 'Köln' } })).body.shipping_address.email,
    conforming: 'buyer@example.test',
  },
  'v1-orders-update-missing-items-dropped': {
    checks: ['v1.orders.update.items-complete-list', 'v1.properties.order-merge'],
    probe: async (t) => { const { id } = (await t.v1.post('/orders', order)).body; return (await t.v1.patch(`/orders/${id}`, { items: [order.items[0]] })).body.items.map((i: { merchant_item_id: string }) => i.merchant_item_id).sort(); },
    conforming: ['A', 'B'],
  },
  'v1-orders-update-items-not-matched': {
    checks: ['v1.orders.update.items-complete-list', 'v1.properties.order-merge'],
    probe: async (t) => { const { id } = (await t.v1.post('/orders', order)).body; return (await t.v1.patch(`/orders/${id}`, { items: [{ ...order.items[0], quantity: 4 }] })).body.items.map((i: { merchant_item_id: string }) => i.merchant_item_id).sort(); },
    conforming: ['A', 'B'],
  },
  'v1-orders-merchant-order-id-renames': {
    checks: ['v1.orders.update.merchant-order-id-upserts', 'v1.properties.order-merge'],
    probe: async (t) => { await t.v1.patch('/orders/101', { merchant_order_id: 'NEW-ID' }); return (await t.v1.get('/orders/101')).body.merchant_order_id; },
    conforming: 'SHARED-1001',
  },
  'v1-orders-merchant-order-id-change-ignored': {
    checks: ['v1.orders.update.merchant-order-id-upserts', 'v1.properties.order-merge'],
    probe: async (t) => (await t.v1.patch('/orders/101', { merchant_order_id: 'NEW-ID' })).body.merchant_order_id,
    conforming: 'NEW-ID',
  },
  'v1-orders-update-negative-money-accepted': {
    checks: ['v1.orders.patch.invalid-data-422', 'v1.orders.put.invalid-data-422'],
    probe: (t) => statusOf(t.v1.patch('/orders/101', { total_price_in_cents: -1 })),
    conforming: 422,
  },
} satisfies Catalogue<typeof faults>;
