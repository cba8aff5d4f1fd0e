// §2.5 and §4.2 for v2 batch settings: the SKU-specific write and the batch-tracking rules, on the
// profile's batch SKU. Batch tracking is observed through the v1 SKU's batch_tracking_enabled (the
// echo of an empty v1 PUT /skus/{id}); v2 SKU reads are not shown. Nothing shown turns batch
// tracking off, so the rules about it changing are checked only while it is off, and the order
// below matters: the checks that only observe it (clearing, re-sending, writing neither field) come
// first, then the ones that may turn it on. vitest runs one file's checks in order, and the runner
// runs this file before any other that writes to the batch SKU (files in path order).
import { check } from '../../src/checks/index.js';
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { batchTrackingOf, effectiveBatchSettings, putBatchSettings, readBatchSettings, requireEchoKeepsOmitted, type BatchSettingsAnswer } from '../support/batch-settings.js';
import { digitsAsNumber } from '../support/digits.js';

const expiryFields = ['action_weeks_before_expiry', 'expiry_follow_up_action'] as const;
type ExpiryField = (typeof expiryFields)[number];

const skuOf = (t: CheckContext): SkuFixture => t.fixtures.batchSku as SkuFixture;

/** The batch SKU's batch_tracking_enabled, as an empty v1 PATCH echoes it (§2.6, §4.1: omitted properties are kept). */
async function batchTracking(t: CheckContext): Promise<boolean> {
  return (await batchTrackingOf(t, skuOf(t).id)).enabled;
}

/** Skips the check unless batch tracking is off for the batch SKU: only then can a change be seen. */
async function requireTrackingOff(t: CheckContext): Promise<void> {
  if (await batchTracking(t)) t.skip('fixtures.batchSku already has batch tracking on, so whether a write turns it on cannot be observed (nothing shown turns it off)');
}

/**
 * The stored settings of a batch SKU whose batch tracking is off (skipping the check otherwise), read
 * through a write of neither expiry field, which must leave tracking off (§4.2).
 */
async function settingsWhileTrackingOff(t: CheckContext): Promise<BatchSettingsAnswer> {
  await requireTrackingOff(t);
  const settings = await readBatchSettings(t);
  t.expectEqual('Batch tracking stays off after a settings write of neither expiry field (§4.2)', false, await batchTracking(t));
  return settings;
}

/** A value for action_weeks_before_expiry that differs from the one held, and no larger than needed (its bounds are not shown). */
function newWeeks(held: unknown): number {
  if (typeof held !== 'number') return 3;
  return held >= 2 ? held - 1 : held + 1;
}

check({
  id: 'v2.batch-settings.clear-keeps-tracking',
  api: 'v2',
  section: '4.2',
  title: 'Clearing an expiry value (null) leaves batch tracking unchanged',
  needs: ['fixtures.batchSku'],
  writes: true,
}, async (t) => {
  const before = await settingsWhileTrackingOff(t);
  // Only values already unset are cleared: a set value, once cleared, could not be restored
  // without turning batch tracking on.
  const cleared = expiryFields.filter((field) => before.body[field] === null);
  if (cleared.length === 0) t.skip('fixtures.batchSku holds both expiry values; clearing one could not be undone without turning batch tracking on');
  const body = Object.fromEntries(cleared.map((field) => [field, null]));
  await putBatchSettings(t, body, `Clearing ${cleared.join(' and ')} is an ordinary write: it would not turn batch tracking on (§4.2)`);
  t.expectEqual(`Batch tracking stays off after sending ${cleared.join(' and ')} as null (§4.2)`, false, await batchTracking(t));
});

check({
  id: 'v2.batch-settings.resend-keeps-tracking',
  api: 'v2',
  section: '4.2',
  title: 'Re-sending an expiry value already held leaves batch tracking unchanged',
  needs: ['fixtures.batchSku'],
  writes: true,
}, async (t) => {
  const before = await settingsWhileTrackingOff(t);
  const held = expiryFields.filter((field: ExpiryField) => before.body[field] !== null && before.body[field] !== undefined);
  if (held.length === 0) t.skip('fixtures.batchSku holds no expiry value to re-send');
  const body = Object.fromEntries(held.map((field) => [field, before.body[field]]));
  await putBatchSettings(t, body, `Re-sending the held ${held.join(' and ')} is an ordinary write: it would not turn batch tracking on (§4.2)`);
  t.expectEqual(`Batch tracking stays off after re-sending the held ${held.join(' and ')} (§4.2)`, false, await batchTracking(t));
});

check({
  id: 'v2.batch-settings.no-tracking.turn-on-422',
  api: 'v2',
  section: '4.2',
  title: 'Without batch tracking, a write that would turn it on answers 422 and saves nothing',
  needs: ['fixtures.batchSku', 'features.batchTracking', 'features.expiryHandling'],
  writes: true,
}, async (t) => {
  if (t.features.batchTracking !== false) t.skip('the merchant has batch tracking (features.batchTracking true): the 422 rule does not apply');
  if (t.features.expiryHandling !== true) t.skip('the merchant is not enrolled in expiry handling (features.expiryHandling false): no write turns batch tracking on');
  const before = await settingsWhileTrackingOff(t);
  const attempt = {
    action_weeks_before_expiry: newWeeks(before.body.action_weeks_before_expiry),
    b2c_shelf_life_in_weeks: (before.body.b2c_shelf_life_in_weeks ?? 0) + 1,
  };
  const refused = await t.v2.put('/skus/{sku_id}/inventory_batch_settings', { path: { sku_id: skuOf(t).id }, body: attempt });
  t.expectStatus(refused, 422, 'A new action_weeks_before_expiry would turn batch tracking on, which the merchant lacks: 422 (§4.2, §7)');
  const after = await readBatchSettings(t);
  for (const key of ['action_weeks_before_expiry', 'b2c_shelf_life_in_weeks'] as const) {
    t.expect(after, `Nothing of the refused write is saved: ${key} (§4.2)`, before.body[key], after.body[key]);
  }
  t.expectEqual('Batch tracking stays off after the refused write (§4.2)', false, await batchTracking(t));
});

check({
  id: 'v2.batch-settings.new-value-turns-tracking-on',
  api: 'v2',
  section: '4.2',
  title: 'Under expiry handling, setting action_weeks_before_expiry to a new value turns batch tracking on for the SKU',
  needs: ['fixtures.batchSku', 'features.batchTracking', 'features.expiryHandling'],
  writes: true,
}, async (t) => {
  if (t.features.expiryHandling !== true) t.skip('the merchant is not enrolled in expiry handling (features.expiryHandling false): the rule does not apply');
  if (t.features.batchTracking !== true) t.skip('the merchant has no batch tracking (features.batchTracking false): such a write answers 422, see v2.batch-settings.no-tracking.turn-on-422');
  const before = await settingsWhileTrackingOff(t);
  const weeks = newWeeks(before.body.action_weeks_before_expiry);
  // Batch tracking stays on afterwards (nothing shown turns it off); the value itself is put back.
  t.cleanup(() => t.v2.put('/skus/{sku_id}/inventory_batch_settings', { path: { sku_id: skuOf(t).id }, body: { action_weeks_before_expiry: before.body.action_weeks_before_expiry ?? null }, validate: false }));
  const written = await putBatchSettings(t, { action_weeks_before_expiry: weeks }, 'Setting a new action_weeks_before_expiry succeeds for a merchant with batch tracking (§4.2)');
  t.expect(written, 'The SKU-specific settings hold the value sent (§2.5)', weeks, digitsAsNumber(written.body.action_weeks_before_expiry));
  const after = await batchTrackingOf(t, skuOf(t).id);
  if (!after.enabled) await requireEchoKeepsOmitted(t, skuOf(t).id, after.echo);
  t.expectEqual('Batch tracking is on for the SKU after a new expiry value was set (§4.2)', true, after.enabled);
});

check({
  id: 'v2.batch-settings.write.sku-specific',
  api: 'v2',
  section: '4.2',
  title: 'PUT /skus/{sku_id}/inventory_batch_settings answers with the SKU-specific settings of that SKU',
  needs: ['fixtures.batchSku'],
  writes: true,
}, async (t) => {
  const written = await readBatchSettings(t);
  t.expect(written, 'The answer is the SKU-specific record: is_merchant_default false (§2.5)', false, written.body.is_merchant_default);
  // An id of digits in a string still names the SKU: its JSON type is v2.schema.inventory-batch-settings' rule.
  t.expect(written, 'The answer is the record of the SKU written to: sku_id (§2.5)', skuOf(t).id, digitsAsNumber(written.body.sku_id));
});

check({
  id: 'v2.batch-settings.omitted-action-kept',
  api: 'v2',
  section: '4.2',
  title: 'A settings write that leaves out expiry_follow_up_action keeps the stored action',
  needs: ['fixtures.batchSku', 'features.batchTracking', 'features.expiryHandling'],
  writes: true,
}, async (t) => {
  if (t.features.expiryHandling !== true) t.skip('the merchant is not enrolled in expiry handling (features.expiryHandling false): both expiry fields always show null (§2.5)');
  const before = await readBatchSettings(t);
  let held: unknown = before.body.expiry_follow_up_action;
  if (held === null || held === undefined) {
    // Setting an action may turn batch tracking on, so only where the merchant has it.
    if (t.features.batchTracking !== true) t.skip('fixtures.batchSku holds no expiry_follow_up_action, and setting one needs batch tracking, which the merchant lacks');
    t.cleanup(() => t.v2.put('/skus/{sku_id}/inventory_batch_settings', { path: { sku_id: skuOf(t).id }, body: { expiry_follow_up_action: null }, validate: false }));
    // block_only is the one value §2.5 shows.
    const set = await putBatchSettings(t, { expiry_follow_up_action: 'block_only' }, 'Setting expiry_follow_up_action succeeds (§4.2)');
    t.expect(set, 'The SKU-specific settings hold the action sent (§2.5)', 'block_only', set.body.expiry_follow_up_action);
    held = 'block_only';
  }
  const written = await putBatchSettings(t, { b2c_shelf_life_in_weeks: before.body.b2c_shelf_life_in_weeks }, 'A settings write of b2c_shelf_life_in_weeks succeeds (§4.2)');
  t.expect(written, 'expiry_follow_up_action, left out, keeps the stored value (§4.2: omitting it keeps the stored value)', held, written.body.expiry_follow_up_action);
});

/**
 * The batch SKU's effective_inventory_batch_settings (§2.5), where the target shows them. v2 SKU reads
 * are not shown, so this tries GET /skus/{id} and skips the check unless it answers 200 with that object.
 */
async function effectiveSettings(t: CheckContext): Promise<{ response: ApiResponse; effective: Record<string, unknown> }> {
  const shown = await effectiveBatchSettings(t);
  if (!shown) return t.skip('the target shows no effective_inventory_batch_settings for fixtures.batchSku (v2 GET /skus/{id} is not shown in the specification)');
  return shown;
}

check({
  id: 'v2.batch-settings.effective.own-values-applied',
  api: 'v2',
  section: '2.5',
  title: "Where the SKU's effective settings are shown, every value the SKU-specific record sets is the applied one",
  needs: ['fixtures.batchSku'],
  writes: true,
}, async (t) => {
  const own = await readBatchSettings(t);
  const { response, effective } = await effectiveSettings(t);
  const fields = ['batch_priority', 'b2c_shelf_life_in_weeks', 'b2b_shelf_life_in_weeks', 'ito_shelf_life_in_weeks', 'kit_shelf_life_in_weeks', ...expiryFields] as const;
  for (const field of fields.filter((f) => own.body[f] !== null && own.body[f] !== undefined)) {
    t.expect(response, `effective_inventory_batch_settings.${field} is the SKU's own value (§2.5: resolved field by field, the SKU's value first)`, own.body[field], effective[field]);
  }
});

check({
  id: 'v2.batch-settings.effective.action-inherited',
  api: 'v2',
  section: '2.5',
  title: "Where the SKU's effective settings are shown, a SKU without its own expiry_follow_up_action applies the merchant default's",
  needs: ['fixtures.batchSku', 'features.expiryHandling'],
  writes: true,
}, async (t) => {
  if (t.features.expiryHandling !== true) t.skip('the merchant is not enrolled in expiry handling (features.expiryHandling false): both expiry fields always show null (§2.5)');
  const own = await readBatchSettings(t);
  if (own.body.expiry_follow_up_action !== null) t.skip('fixtures.batchSku sets its own expiry_follow_up_action, so nothing is inherited');
  const { response, effective } = await effectiveSettings(t);
  const action = effective.expiry_follow_up_action;
  if (typeof action !== 'string') {
    t.fail({
      title: "A SKU-specific expiry_follow_up_action of null inherits the merchant default's action, and the merchant default always carries one (§2.5)",
      expected: 'effective_inventory_batch_settings.expiry_follow_up_action set (a string)',
      received: action ?? 'nothing',
      response,
    });
  }
});
