import type { FaultDefinition } from './types.js';

/** Deviations of the v2 inventory batch settings rules: turning batch tracking on, null and omitted values, the effective settings and expiry handling (§2.5, §4.2). */
export const faults = [
  { name: 'v2-batch-settings-tracking-not-turned-on', section: '4.2', description: 'setting action_weeks_before_expiry or expiry_follow_up_action to a new value leaves batch tracking off' },
  { name: 'v2-batch-settings-same-value-turns-on', section: '4.2', description: 're-sending an expiry value already held turns batch tracking on' },
  { name: 'v2-batch-settings-clear-turns-on', section: '4.2', description: 'clearing an expiry value (null) turns batch tracking on' },
  { name: 'v2-batch-settings-no-tracking-accepted', section: '4.2', description: 'a merchant without batch tracking gets 200 (and tracking on) for a write that would turn it on, instead of 422' },
  { name: 'v2-batch-settings-no-tracking-saved', section: '4.2', description: 'the 422 for a merchant without batch tracking is answered but the settings are saved anyway' },
  { name: 'v2-batch-settings-omitted-action-cleared', section: '4.2', description: 'omitting expiry_follow_up_action clears the stored value instead of keeping it' },
  { name: 'v2-batch-settings-sku-value-ignored', section: '2.5', description: "the effective settings take the merchant default's values even where the SKU sets its own" },
  { name: 'v2-batch-settings-null-action-not-inherited', section: '2.5', description: "a SKU with expiry_follow_up_action null gets null as its effective action instead of the merchant default's" },
  { name: 'v2-batch-settings-clear-weeks-ignored', section: '4.2', description: 'action_weeks_before_expiry sent as null keeps the SKU\'s stored value instead of clearing it' },
  { name: 'v2-batch-settings-null-action-ignored', section: '4.2', description: 'expiry_follow_up_action sent as null keeps the SKU\'s stored action instead of making it inherit the merchant default\'s' },
  { name: 'v2-batch-settings-expiry-fields-without-expiry-handling', section: '2.5', description: 'the batch-settings answer shows the stored expiry values although the merchant is not enrolled in expiry handling (both must be null)' },
  { name: 'v2-batch-settings-new-action-not-turned-on', section: '4.2', description: 'v2 PUT /skus/{sku_id}/inventory_batch_settings: a new expiry_follow_up_action does not turn batch tracking on (only a new action_weeks_before_expiry does)' },
] as const satisfies readonly FaultDefinition[];
