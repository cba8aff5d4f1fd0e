import type { faults } from '../../packages/cli/server/faults/not-found.js';
import { statusOf } from './probe.js';
import type { Catalogue } from './types.js';

const unknown = 999999999999;

/** The §7 404 faults on writes and other reads: the checks that catch each, and the probe that shows it. */
export const catalogue = {
  'v1-not-found-order-update-422': {
    checks: ['v1.not-found.order-patch', 'v1.not-found.order-put'],
    probe: (t) => statusOf(t.v1.patch(`/orders/${unknown}`, { shipping_address: { city: 'Köln' } })),
    conforming: 404,
  },
  'v2-not-found-restocking-cancel-422': { checks: ['v2.not-found.restocking-shipment-cancel'], probe: (t) => statusOf(t.v2.put(`/restocking_shipments/${unknown}/cancel`)), conforming: 404 },
  'v2-not-found-unknown-sku-422': {
    checks: ['v2.not-found.inventory-batch-create', 'v2.not-found.batch-settings-put'],
    probe: (t) => statusOf(t.v2.post(`/skus/${unknown}/inventory_batches`, { lot_number: 'L1' })),
    conforming: 404,
  },
} satisfies Catalogue<typeof faults>;
