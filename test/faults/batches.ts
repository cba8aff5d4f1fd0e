import type { faults } from '../../packages/cli/server/faults/batches.js';
import type { ProbeContext } from './probe.js';
import { statusOf } from './probe.js';
import type { Catalogue } from './types.js';

const createBatch = (t: ProbeContext, body: Record<string, unknown>) => t.v2.post('/skus/502/inventory_batches', body);
// blocked and block_reason of a batch created with that expiry date.
const blockOf = async (t: ProbeContext, expiry: string) => {
  const { blocked, block_reason } = (await createBatch(t, { lot_number: 'L-1', production_date: '2025-01-01', expiry_date: expiry })).body;
  return { blocked, block_reason };
};

/**
 * The inventory batch faults (§2.4, §4.2): the checks that catch each, and the probe that shows it. The
 * block_reason rule for a merchant not enrolled in expiry handling shows only on such a merchant.
 */
export const catalogue = {
  'v2-batches-block-reason-without-block': {
    checks: ['v2.inventory-batches.block-reason.null-unless-blocked'],
    probe: (t) => blockOf(t, '2026-02-01'),
    conforming: { blocked: true, block_reason: 'expiry_date_reached' },
  },
  'v2-batches-date-reached-in-window': {
    checks: ['v2.inventory-batches.block-reason.date-reached-after-expiry'],
    probe: (t) => blockOf(t, '2026-03-06'),
    conforming: { blocked: false, block_reason: null },
  },
  'v2-batches-block-reason-without-expiry-handling': {
    checks: ['v2.inventory-batches.block-reason.null-without-expiry-handling'],
    setup: { expiryHandling: false },
    probe: (t) => blockOf(t, '2026-02-01'),
    conforming: { blocked: true, block_reason: null },
    options: { expiryHandling: false },
  },
  'v2-batches-expired-reason-expiry-window': {
    checks: ['v2.inventory-batches.block-reason.window-not-after-expiry'],
    probe: async (t) => (await createBatch(t, { lot_number: 'L-9', expiry_date: '2026-02-01' })).body.block_reason,
    conforming: 'expiry_date_reached',
  },
  'v2-batches-create-null-dates-refused': {
    checks: ['v2.inventory-batches.create.nullable-fields'],
    probe: (t) => statusOf(createBatch(t, { lot_number: null, production_date: null, expiry_date: null })),
    conforming: 201,
  },
} satisfies Catalogue<typeof faults>;
