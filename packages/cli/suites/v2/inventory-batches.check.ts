// §2.4 and §4.2 for v2 inventory batches: creating a batch on the profile's batch SKU.
import { check } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { dateInDays } from '../support/dates.js';
import { requireSuccess } from '../support/success.js';

check({
  id: 'v2.inventory-batches.create',
  api: 'v2',
  section: '4.2',
  title: 'POST /skus/{sku_id}/inventory_batches creates the batch with the lot number and dates sent',
  needs: ['fixtures.batchSku'],
  writes: true,
}, async (t) => {
  const sku = t.fixtures.batchSku as SkuFixture;
  // An expiry two years ahead keeps the batch clear of any expiry window (§2.4).
  const body = { lot_number: t.uniqueId('lot'), production_date: dateInDays(-30), expiry_date: dateInDays(730) };
  const created = await t.v2.post('/skus/{sku_id}/inventory_batches', { path: { sku_id: sku.id }, body });
  // The success code is not shown (§4.2): any 2xx. Whether a SKU takes batches at all (batch tracking,
  // §2.6) is not stated either: a refusal skips.
  requireSuccess(t, created, 'POST /skus/{sku_id}/inventory_batches with a lot number and dates');
  for (const key of ['lot_number', 'production_date', 'expiry_date'] as const) {
    t.expect(created, `The created batch carries the ${key} sent (§2.4)`, body[key], created.body[key]);
  }
});
