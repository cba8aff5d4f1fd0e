import type { faults } from '../../packages/cli/server/faults/properties.js';
import { ids } from './probe.js';
import type { Catalogue, FaultSetup } from './types.js';

// A failing property shrinks its counterexample with further requests: the matrix only needs to see
// it fail, not to wait for rate-limit windows.
const unpaced: FaultSetup = { rateLimit: 10_000 };
const order = {
  merchant_order_id: 'PROPERTY-1', shipping_address: { city: 'Berlin', country_code: 'DE', line1: 'Street 1', postal_code: '10115', full_name: 'A B' },
  items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 1 }, { merchant_item_id: 'B', sku_id: 503, quantity: 1 }],
};

/** The faults only property checks catch (properties/*.property.ts): the property that fails, and the probe that shows each. */
export const catalogue = {
  'v1-lists-page-boundary-skip': { checks: ['v1.properties.pagination'], setup: unpaced, probe: async (t) => ids(await t.v1.get('/orders?limit=7&page=2'))[0], conforming: 141 },
  'v1-orders-update-cancelled-items-dropped-later': {
    checks: ['v1.properties.order-merge'],
    setup: unpaced,
    probe: async (t) => {
      const { id } = (await t.v1.post('/orders', order)).body;
      await t.v1.patch(`/orders/${id}`, { items: [order.items[0]] });
      return (await t.v1.patch(`/orders/${id}`, { items: [order.items[0]] })).body.items.map((i: { merchant_item_id: string }) => i.merchant_item_id).sort();
    },
    conforming: ['A', 'B'],
  },
  'v2-restocking-update-guard-multi-item': {
    checks: ['v2.properties.restocking-guards'],
    setup: unpaced,
    probe: async (t) => (await t.v2.put('/restocking_shipments/906', { restocking_shipment_items: [{ sku_id: 502, announced_quantity: 1 }, { sku_id: 501, announced_quantity: 1 }] })).status,
    conforming: 422,
  },
  'webhooks-signature-astral-escaped': { checks: ['v2.properties.webhook-signatures'], setup: unpaced, provenBy: 'test/properties/astral-signature-fault.test.ts' },
} satisfies Catalogue<typeof faults>;
