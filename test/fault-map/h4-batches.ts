// Batch-settings null rules and block_reason (server/faults/h4-batches.ts) → suites/v2/batch-settings.fallback.check.ts
// and suites/v2/inventory-batches.block-reason.check.ts. Most show on the default seed (batch tracking, expiry
// handling); the two about a merchant without expiry handling need that setup.
import type { FaultSetup } from './index.js';
import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the checks that must fail against `mfc serve --fault <name>`. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v2-batch-settings-clear-weeks-ignored': ['v2.batch-settings.clear-weeks-falls-back'],
  'v2-batch-settings-null-action-ignored': ['v2.batch-settings.null-action-inherits'],
  'v2-batches-block-reason-without-block': ['v2.inventory-batches.block-reason.null-unless-blocked'],
  'v2-batches-date-reached-in-window': ['v2.inventory-batches.block-reason.date-reached-after-expiry'],
  'v2-batch-settings-expiry-fields-without-expiry-handling': ['v2.batch-settings.expiry-fields-null-without-expiry-handling'],
  'v2-batches-block-reason-without-expiry-handling': ['v2.inventory-batches.block-reason.null-without-expiry-handling'],
};

/** The rules about a merchant not enrolled in expiry handling show only on such a merchant (profile features.expiryHandling false). */
export const faultSetup: Partial<Record<FaultName, FaultSetup>> = {
  'v2-batch-settings-expiry-fields-without-expiry-handling': { expiryHandling: false },
  'v2-batches-block-reason-without-expiry-handling': { expiryHandling: false },
};
