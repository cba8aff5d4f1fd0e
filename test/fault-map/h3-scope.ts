// §1 scope on writes (suites/v{1,2}/scope-writes.check.ts); the read faults stay in auth-errors-rate.ts.

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the scope-on-writes checks that catch it. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v1-scope-cross-channel-order-update': ['v1.scope.other-channel-order-patch-404', 'v1.scope.other-channel-order-put-404'],
  'v1-scope-cross-merchant-order-update': ['v1.scope.other-merchant-order-patch-404', 'v1.scope.other-merchant-order-put-404'],
  'v1-scope-cross-merchant-restocking-update': ['v1.scope.other-merchant-restocking-shipment-put-404'],
  // The SKU update fault predates these checks and covers PUT as well as PATCH.
  'v1-scope-cross-channel-sku-update': ['v1.scope.other-channel-sku-put-404'],
  'v2-scope-cross-merchant-order-update': ['v2.scope.other-merchant-order-patch-404', 'v2.scope.other-merchant-order-cancel-404'],
  'v2-scope-cross-merchant-restocking-update': ['v2.scope.other-merchant-restocking-shipment-put-404', 'v2.scope.other-merchant-restocking-shipment-cancel-404'],
  'v2-scope-create-order-foreign-channel': ['v2.scope.create-order-other-merchant-channel-refused'],
};
