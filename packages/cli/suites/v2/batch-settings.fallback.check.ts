// §2.5 and §4.2: null in a SKU-specific expiry field clears the SKU's own value, and the applied value
// falls back (action_weeks_before_expiry to the merchant default's or the service's; the action to the
// merchant default's, which always carries one). These checks set new expiry values, which may turn
// batch tracking on for the batch SKU, so the file's name keeps it after batch-settings.check.ts,
// whose checks need batch tracking still off (the runner runs files in path order). Without expiry
// handling, both expiry fields show null.
import { check } from '../../src/checks/index.js';
import { effectiveBatchSettings, putBatchSettings, readBatchSettings, requireExpiryWrites, restoreBatchSettingsAfterwards } from '../support/batch-settings.js';
import { digitsAsNumber } from '../support/digits.js';

const needs = ['fixtures.batchSku', 'features.batchTracking', 'features.expiryHandling'];
const expiryFields = ['action_weeks_before_expiry', 'expiry_follow_up_action'] as const;

// Two different values: a service that keeps the cleared value applies each in turn, one that falls
// back applies the same value twice, whatever it is (even one of these). Within a year, as the bounds
// of the field are not shown and a service may well refuse more than 52 weeks.
const ownWeeks = [11, 13] as const;

check({
  id: 'v2.batch-settings.clear-weeks-falls-back',
  api: 'v2',
  section: '2.5',
  title: "action_weeks_before_expiry null clears the SKU's own value; the applied value then does not depend on the value cleared",
  needs,
  writes: true,
}, async (t) => {
  requireExpiryWrites(t);
  const before = await readBatchSettings(t);
  restoreBatchSettingsAfterwards(t, { action_weeks_before_expiry: before.body.action_weeks_before_expiry ?? null });
  const applied: unknown[] = [];
  for (const weeks of ownWeeks) {
    const set = await putBatchSettings(t, { action_weeks_before_expiry: weeks }, 'Setting action_weeks_before_expiry succeeds for a merchant with batch tracking (§4.2)');
    // A value of digits in a string is read as its number: its JSON type is v2.schema.inventory-batch-settings' rule.
    t.expect(set, 'The SKU-specific record holds the value sent (§2.5)', weeks, digitsAsNumber(set.body.action_weeks_before_expiry));
    const cleared = await putBatchSettings(t, { action_weeks_before_expiry: null }, 'Clearing action_weeks_before_expiry succeeds (§4.2)');
    t.expect(cleared, 'null clears the value: the SKU-specific record sets none (§4.2, §2.5: as stored on this record)', null, cleared.body.action_weeks_before_expiry);
    const shown = await effectiveBatchSettings(t);
    if (shown === undefined) continue;
    const value = shown.effective['action_weeks_before_expiry'];
    if (!Number.isInteger(value)) {
      t.fail({ title: "With the SKU's own value cleared, the merchant default's or the service's value applies (§2.5)", expected: 'effective_inventory_batch_settings.action_weeks_before_expiry an integer', received: value ?? 'nothing', response: shown.response });
    }
    applied.push(value);
  }
  // Where the SKU's effective settings are not shown, only the records are judged.
  if (applied.length < ownWeeks.length) return;
  t.expectEqual(`The value applied after clearing ${ownWeeks.join(' and ')} is the same fallback both times, not the cleared own value (§2.5)`, applied[0], applied[1]);
});

check({
  id: 'v2.batch-settings.null-action-inherits',
  api: 'v2',
  section: '4.2',
  title: 'expiry_follow_up_action null leaves the SKU-specific record without an action of its own (the SKU inherits the merchant default\'s)',
  needs,
  writes: true,
}, async (t) => {
  requireExpiryWrites(t);
  const before = await readBatchSettings(t);
  restoreBatchSettingsAfterwards(t, { expiry_follow_up_action: before.body.expiry_follow_up_action ?? null });
  // block_only is the one value §2.5 shows.
  const set = await putBatchSettings(t, { expiry_follow_up_action: 'block_only' }, 'Setting expiry_follow_up_action succeeds (§4.2)');
  t.expect(set, 'The SKU-specific record holds the action sent (§2.5)', 'block_only', set.body.expiry_follow_up_action);
  const cleared = await putBatchSettings(t, { expiry_follow_up_action: null }, 'Sending expiry_follow_up_action null succeeds (§4.2)');
  // The applied action that follows is v2.batch-settings.effective.action-inherited's rule.
  t.expect(cleared, 'null makes the SKU inherit: the SKU-specific record holds no action of its own (§4.2, §2.5)', null, cleared.body.expiry_follow_up_action);
});

check({
  id: 'v2.batch-settings.expiry-fields-null-without-expiry-handling',
  api: 'v2',
  section: '2.5',
  title: 'Until expiry handling is enabled for the account, both expiry fields show null, on the SKU record and where the effective settings are shown',
  needs: ['fixtures.batchSku', 'features.expiryHandling'],
  writes: true,
}, async (t) => {
  if (t.features.expiryHandling !== false) t.skip('the merchant is enrolled in expiry handling (features.expiryHandling true): the rule does not apply');
  const record = await readBatchSettings(t);
  const shown = await effectiveBatchSettings(t);
  for (const field of expiryFields) {
    t.expect(record, `${field} of the SKU-specific record is null until expiry handling is enabled (§2.5)`, null, record.body[field]);
    if (shown) t.expect(shown.response, `effective_inventory_batch_settings.${field} is null until expiry handling is enabled (§2.5)`, null, shown.effective[field]);
  }
});
