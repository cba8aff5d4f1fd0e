// v2 by_merchant_order_id faults (server/faults/h4-orders.ts) → suites/v2/orders-by-merchant-order-id.check.ts.
// The PATCH ignore rule is one rule on two operations, so the fault of the {id} PATCH, whose code both
// share, is caught here too.

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the checks that must fail against `mfc serve --fault <name>`. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v2-orders-by-merchant-order-id-unknown-422': ['v2.orders.by-merchant-order-id.unknown-404'],
  'v2-orders-by-merchant-order-id-patch-sales-channel-applied': ['v2.orders.by-merchant-order-id.patch-sales-channel-id-ignored'],
  'v2-orders-patch-sales-channel-applied': ['v2.orders.by-merchant-order-id.patch-sales-channel-id-ignored'],
};
