import type { FaultDefinition } from './types.js';

/** Deviations of the inventory batch settings rules (§2.5, §4.2). */
export const faults = [
  { name: 'v2-batch-settings-tracking-not-turned-on', section: '4.2', description: 'setting action_weeks_before_expiry or expiry_follow_up_action to a new value leaves batch tracking off' },
  { name: 'v2-batch-settings-same-value-turns-on', section: '4.2', description: 're-sending an expiry value already held turns batch tracking on' },
  { name: 'v2-batch-settings-clear-turns-on', section: '4.2', description: 'clearing an expiry value (null) turns batch tracking on' },
  { name: 'v2-batch-settings-no-tracking-accepted', section: '4.2', description: 'a merchant without batch tracking gets 200 (and tracking on) for a write that would turn it on, instead of 422' },
  { name: 'v2-batch-settings-no-tracking-saved', section: '4.2', description: 'the 422 for a merchant without batch tracking is answered but the settings are saved anyway' },
  { name: 'v2-batch-settings-omitted-action-cleared', section: '4.2', description: 'omitting expiry_follow_up_action clears the stored value instead of keeping it' },
  { name: 'v2-batch-settings-sku-value-ignored', section: '2.5', description: "the effective settings take the merchant default's values even where the SKU sets its own" },
  { name: 'v2-batch-settings-null-action-not-inherited', section: '2.5', description: "a SKU with expiry_follow_up_action null gets null as its effective action instead of the merchant default's" },
] as const satisfies readonly FaultDefinition[];
