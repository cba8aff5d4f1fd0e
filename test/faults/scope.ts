import type { faults } from '../../packages/cli/server/faults/scope.js';
import { newOrder } from '../server/client.js';
import { statusOf } from './probe.js';
import type { Catalogue, Probe } from './types.js';

const statusAs = (api: 'v1' | 'v2', token: string, path = '/orders'): Probe => async (t) => (await t.as(token)[api].get(path)).status;
const v2Order = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ ...newOrder(), sales_channel_id: 11, currency: 'EUR', financial_status: 'paid', ...extra });

/** The scope faults (§1) on reads and writes: the checks that catch each, and the probe that shows it. */
export const catalogue = {
  'v1-scope-cross-channel-order-read': { checks: ['v1.scope.other-channel-order-404'], probe: statusAs('v1', 'sameMerchantOtherChannel', '/orders/101'), conforming: 404 },
  'v1-scope-cross-merchant-order-read': { checks: ['v1.scope.other-merchant-order-404'], probe: statusAs('v1', 'otherMerchant', '/orders/101'), conforming: 404 },
  'v1-scope-orders-list-all-channels': { checks: ['v1.scope.orders-list-own-channel'], probe: async (t) => (await t.v1.get('/orders')).body.pagination.item_count, conforming: 48 },
  // The SKU update fault covers PUT as well as PATCH.
  'v1-scope-cross-channel-sku-update': {
    checks: ['v1.scope.other-channel-sku-404', 'v1.scope.other-channel-sku-put-404'],
    probe: async (t) => (await t.v1.patch('/skus/777', { name: 'x' })).status,
    conforming: 404,
  },
  'v1-scope-cross-merchant-restocking-read': { checks: ['v1.scope.other-merchant-restocking-shipment-404'], probe: statusAs('v1', 'otherMerchant', '/restocking_shipments/901'), conforming: 404 },
  'v2-scope-cross-merchant-restocking-read': { checks: ['v2.scope.other-merchant-restocking-shipment-404'], probe: statusAs('v2', 'otherMerchant', '/restocking_shipments/901'), conforming: 404 },
  'v2-scope-cross-merchant-order-read': { checks: ['v2.scope.other-merchant-order-404'], probe: statusAs('v2', 'otherMerchant', '/orders/101'), conforming: 404 },
  'v1-scope-cross-channel-order-update': {
    checks: ['v1.scope.other-channel-order-patch-404', 'v1.scope.other-channel-order-put-404'],
    probe: (t) => statusOf(t.as('sameMerchantOtherChannel').v1.patch('/orders/101', { shipping_address: { line2: 'x' } })),
    conforming: 404,
  },
  'v1-scope-cross-merchant-order-update': {
    checks: ['v1.scope.other-merchant-order-patch-404', 'v1.scope.other-merchant-order-put-404'],
    probe: (t) => statusOf(t.as('otherMerchant').v1.patch('/orders/101', { shipping_address: { line2: 'x' } })),
    conforming: 404,
  },
  'v1-scope-cross-merchant-restocking-update': {
    checks: ['v1.scope.other-merchant-restocking-shipment-put-404'],
    probe: (t) => statusOf(t.as('otherMerchant').v1.put('/restocking_shipments/901', { po_number: 'x' })),
    conforming: 404,
  },
  'v2-scope-cross-merchant-order-update': {
    checks: ['v2.scope.other-merchant-order-patch-404', 'v2.scope.other-merchant-order-cancel-404'],
    probe: (t) => statusOf(t.as('otherMerchant').v2.patch('/orders/101', { tags: ['x'] })),
    conforming: 404,
  },
  'v2-scope-cross-merchant-restocking-update': {
    checks: ['v2.scope.other-merchant-restocking-shipment-put-404', 'v2.scope.other-merchant-restocking-shipment-cancel-404'],
    probe: (t) => statusOf(t.as('otherMerchant').v2.put('/restocking_shipments/901/cancel')),
    conforming: 404,
  },
  'v2-scope-create-order-foreign-channel': {
    checks: ['v2.scope.create-order-other-merchant-channel-refused'],
    probe: (t) => statusOf(t.v2.post('/orders', v2Order({ sales_channel_id: 21, items: [{ merchant_item_id: 'A', sku_id: 801, quantity: 1 }] }))),
    conforming: 422,
  },
} satisfies Catalogue<typeof faults>;
