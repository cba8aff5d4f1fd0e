// §4.2: under expiry handling, setting expiry_follow_up_action to a new value turns batch tracking on
// for the SKU. Judged on a SKU the run creates (v1 POST /skus), so the batch SKU's tracking, which
// the checks of batch-settings.check.ts need off, is left alone. Batch tracking is observed through
// the v1 SKU's batch_tracking_enabled (the echo of an empty v1 PUT /skus/{id}); v2 SKU reads are not shown.
import { check } from '../../src/checks/index.js';
import { batchTrackingOf, requireEchoKeepsOmitted } from '../support/batch-settings.js';
import { recordId } from '../support/scope.js';
import { expectSuccess } from '../support/success.js';
import { deleteSkuAtEnd } from '../support/v1-skus.js';

check({
  id: 'v2.batch-settings.new-action-turns-tracking-on',
  api: 'v2',
  section: '4.2',
  title: 'Under expiry handling, setting expiry_follow_up_action to a new value turns batch tracking on for the SKU',
  needs: ['features.batchTracking', 'features.expiryHandling'],
  writes: true,
}, async (t) => {
  if (t.features.expiryHandling !== true) t.skip('the merchant is not enrolled in expiry handling (features.expiryHandling false): the rule does not apply');
  if (t.features.batchTracking !== true) t.skip('the merchant has no batch tracking (features.batchTracking false): such a write answers 422 (§4.2)');
  const merchantSkuId = t.uniqueId('sku');
  const created = await t.v1.post('/skus', { body: { merchant_sku_id: merchantSkuId, name: `${merchantSkuId} conformance` }, validate: false });
  // The create's answer is not shown (§4.1): an id is read only where it shows one.
  const id = recordId(created.body);
  if (created.status < 200 || created.status > 299 || id === undefined) {
    return t.skip(`POST /skus answered ${created.status} without a SKU id (its request and response shapes are not shown, §4.1)`);
  }
  deleteSkuAtEnd(t, id);
  if ((await batchTrackingOf(t, id)).enabled) return t.skip('a newly created SKU already has batch tracking on, so whether a write turns it on cannot be observed');
  // block_only is the value §2.5 shows; the new SKU holds no action of its own, so it is a new value.
  const written = await t.v2.put('/skus/{sku_id}/inventory_batch_settings', { path: { sku_id: id }, body: { expiry_follow_up_action: 'block_only' } });
  expectSuccess(t, written, 'Setting expiry_follow_up_action succeeds for a merchant with batch tracking (§4.2)');
  t.expect(written, 'The SKU-specific settings hold the action sent (§2.5)', 'block_only', written.body?.expiry_follow_up_action);
  const after = await batchTrackingOf(t, id);
  if (!after.enabled) await requireEchoKeepsOmitted(t, id, after.echo);
  t.expectEqual('Batch tracking is on for the SKU after a new expiry_follow_up_action was set (§4.2)', true, after.enabled);
});
