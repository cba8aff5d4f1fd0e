import type { FaultDefinition } from './types.js';

/** Deviations of the batch-settings null rules (§2.5, §4.2) and of block_reason (§2.4). */
export const faults = [
  { name: 'v2-batch-settings-clear-weeks-ignored', section: '4.2', description: 'action_weeks_before_expiry sent as null keeps the SKU\'s stored value instead of clearing it' },
  { name: 'v2-batch-settings-null-action-ignored', section: '4.2', description: 'expiry_follow_up_action sent as null keeps the SKU\'s stored action instead of making it inherit the merchant default\'s' },
  { name: 'v2-batches-block-reason-without-block', section: '2.4', description: 'a batch created with a passed expiry date shows block_reason expiry_date_reached but blocked false' },
  { name: 'v2-batches-date-reached-in-window', section: '2.4', description: 'a batch created with an expiry date within the expiry window (not passed) is blocked with expiry_date_reached instead of expiry_window' },
  { name: 'v2-batch-settings-expiry-fields-without-expiry-handling', section: '2.5', description: 'the batch-settings answer shows the stored expiry values although the merchant is not enrolled in expiry handling (both must be null)' },
  { name: 'v2-batches-block-reason-without-expiry-handling', section: '2.4', description: 'a batch created with a passed expiry date gets block_reason expiry_date_reached although the merchant is not enrolled in expiry handling (null until it is)' },
] as const satisfies readonly FaultDefinition[];
