// §2, §2.1 and §8 order value rules on updates and on v2 (suites/v{1,2}/order-validation.check.ts).

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the order-validation checks that catch it. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v1-orders-update-negative-money-accepted': ['v1.orders.patch.invalid-data-422', 'v1.orders.put.invalid-data-422'],
  'v2-orders-create-lower-case-country-accepted': ['v2.orders.create.invalid-data-422'],
  'v2-orders-patch-zero-quantity-accepted': ['v2.orders.patch.invalid-data-422', 'v2.orders.by-merchant-order-id.patch-invalid-data-422'],
};
