// §7 404 for unknown ids on the writes and the other reads (suites/v{1,2}/not-found.check.ts).

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the not-found checks that catch it. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v1-not-found-order-update-422': ['v1.not-found.order-patch', 'v1.not-found.order-put'],
  'v2-not-found-restocking-cancel-422': ['v2.not-found.restocking-shipment-cancel'],
  'v2-not-found-unknown-sku-422': ['v2.not-found.inventory-batch-create', 'v2.not-found.batch-settings-put'],
};
