// §2.4 and §4.2 for v2 inventory batch creates: block_reason expiry_window is for a batch whose
// expiry date came within the window and has not passed, and the three body fields may be null.
// The success code is not shown (§4.2): any 2xx.
import { check } from '../../src/checks/index.js';
import type { CheckContext } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { dateInDays } from '../support/dates.js';
import { answerExcerpt, requireSuccess } from '../support/success.js';

/** The path parameters of the batch SKU's inventory_batches. */
const batchSku = (t: CheckContext): { sku_id: number } => ({ sku_id: (t.fixtures.batchSku as SkuFixture).id });

check({
  id: 'v2.inventory-batches.block-reason.window-not-after-expiry',
  api: 'v2',
  section: '2.4',
  title: 'A batch whose expiry date has passed does not get block_reason expiry_window',
  needs: ['fixtures.batchSku'],
  writes: true,
}, async (t) => {
  const created = await t.v2.post('/skus/{sku_id}/inventory_batches', { path: batchSku(t), body: { lot_number: t.uniqueId('lot'), production_date: dateInDays(-70), expiry_date: dateInDays(-10) } });
  // Whether a batch already expired may be announced is not stated: a refusal skips.
  requireSuccess(t, created, 'POST /skus/{sku_id}/inventory_batches creates a batch expired 10 days ago (§4.2)');
  if (created.body?.block_reason === 'expiry_window') {
    t.fail({
      title: 'block_reason is expiry_window when the expiry date came within the window, expiry_date_reached once it has passed (§2.4)',
      expected: `a block_reason other than expiry_window for a batch expiring ${dateInDays(-10)}, which has passed`,
      received: 'expiry_window',
      response: created,
    });
  }
});

check({
  id: 'v2.inventory-batches.create.nullable-fields',
  api: 'v2',
  section: '4.2',
  title: 'POST /skus/{sku_id}/inventory_batches with lot_number, production_date and expiry_date null is accepted',
  needs: ['fixtures.batchSku'],
  writes: true,
}, async (t) => {
  const control = await t.v2.post('/skus/{sku_id}/inventory_batches', { path: batchSku(t), body: { lot_number: t.uniqueId('lot'), production_date: dateInDays(-30), expiry_date: dateInDays(365) } });
  // The control shows the SKU takes batches at all (not stated, §2.6): a refusal skips.
  requireSuccess(t, control, 'POST /skus/{sku_id}/inventory_batches creates a batch with every field set (§4.2)');
  const nulls = await t.v2.post('/skus/{sku_id}/inventory_batches', { path: batchSku(t), body: { lot_number: null, production_date: null, expiry_date: null }, validate: false });
  if (nulls.status < 200 || nulls.status > 299) {
    t.fail({
      title: 'lot_number, production_date and expiry_date may be sent as null (§4.2: string or null, date or null)',
      expected: 'a 2xx, as for the batch with every field set',
      received: answerExcerpt(nulls),
      response: nulls,
    });
  }
});
