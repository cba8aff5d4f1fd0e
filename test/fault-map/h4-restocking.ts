// v2 restocking item and create rules (server/faults/h4-restocking.ts) → suites/v2/restocking-items.check.ts.

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the checks that must fail against `mfc serve --fault <name>`. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v2-restocking-create-sku-code-wins': ['v2.restocking.create.sku-id-over-sku-code'],
  'v2-restocking-create-sku-code-refused': ['v2.restocking.create.sku-code-resolved'],
  'v2-restocking-create-arrival-date-optional': ['v2.restocking.create.required-properties'],
  'v2-restocking-negative-quantity-accepted': ['v2.restocking.items.negative-quantity-refused'],
  'v2-restocking-update-items-merged': ['v2.restocking.update.items-replaced'],
  // The v2 restocking shape is also the payload of the v2 restocking event (§6.2).
  'v2-schema-restocking-item-missing-quantities': ['v2.schema.restocking-shipment', 'v2.webhooks.restocking-status-updated'],
};
