// §2.4: what block_reason says about a batch. It is null when the batch is not blocked and until
// expiry handling is enabled for the account, and expiry_date_reached only once the expiry date has passed. When the service blocks a batch is not
// shown, so each check judges the batches it creates (the success code is not shown either: any 2xx).
import { check } from '../../src/checks/index.js';
import type { Answer, CheckContext } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { dateInDays } from '../support/dates.js';
import { requireSuccess } from '../support/success.js';

type Batch = Answer<'v2', 'POST /skus/{sku_id}/inventory_batches'>;

/**
 * Creates a batch on the batch SKU expiring `days` from today (negative: already expired). Whether the
 * SKU takes batches, and whether a batch already expired may be announced, are not stated: a refused
 * future batch skips the check, a refused expired one is left out (undefined).
 */
async function createBatch(t: CheckContext, days: number): Promise<Batch | undefined> {
  const sku = t.fixtures.batchSku as SkuFixture;
  const body = { lot_number: t.uniqueId('lot'), production_date: dateInDays(Math.min(days, 0) - 60), expiry_date: dateInDays(days) };
  const created = await t.v2.post('/skus/{sku_id}/inventory_batches', { path: { sku_id: sku.id }, body });
  if (days < 0 && created.status >= 400 && created.status < 500) return undefined;
  requireSuccess(t, created, 'POST /skus/{sku_id}/inventory_batches creates the batch (§4.2)');
  return created;
}

// Expiry dates across what expiry handling may act on: long past, about to pass, in any window, far off.
const expiryDays = [-10, 5, 730] as const;

check({
  id: 'v2.inventory-batches.block-reason.null-unless-blocked',
  api: 'v2',
  section: '2.4',
  title: 'A batch that is not blocked has block_reason null',
  needs: ['fixtures.batchSku'],
  writes: true,
}, async (t) => {
  for (const days of expiryDays) {
    const batch = await createBatch(t, days);
    if (batch?.body.blocked === false) {
      t.expect(batch, `A batch expiring ${batch.body.expiry_date} shows blocked false: block_reason is null when the batch is not blocked (§2.4)`, null, batch.body.block_reason);
    }
  }
});

check({
  id: 'v2.inventory-batches.block-reason.date-reached-after-expiry',
  api: 'v2',
  section: '2.4',
  title: 'block_reason expiry_date_reached is given only to a batch whose expiry date has passed',
  needs: ['fixtures.batchSku'],
  writes: true,
}, async (t) => {
  for (const days of expiryDays.filter((d) => d > 0)) {
    const batch = await createBatch(t, days);
    if (batch?.body.block_reason === 'expiry_date_reached') {
      t.fail({
        title: 'block_reason is expiry_date_reached when the expiry date has passed, expiry_window when it came within the window (§2.4)',
        expected: `a block_reason other than expiry_date_reached for a batch expiring ${batch.body.expiry_date ?? dateInDays(days)}, which has not passed`,
        received: 'expiry_date_reached',
        response: batch,
      });
    }
  }
});

check({
  id: 'v2.inventory-batches.block-reason.null-without-expiry-handling',
  api: 'v2',
  section: '2.4',
  title: 'Until expiry handling is enabled for the account, a batch has block_reason null, even one already expired',
  needs: ['fixtures.batchSku', 'features.expiryHandling'],
  writes: true,
}, async (t) => {
  if (t.features.expiryHandling !== false) t.skip('the merchant is enrolled in expiry handling (features.expiryHandling true): the rule does not apply');
  for (const days of expiryDays) {
    const batch = await createBatch(t, days);
    if (batch === undefined) continue;
    t.expect(batch, `A batch expiring ${batch.body.expiry_date} of a merchant without expiry handling has block_reason null (§2.4)`, null, batch.body.block_reason);
  }
});
