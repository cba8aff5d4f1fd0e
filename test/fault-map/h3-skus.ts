// §2.6 SKU identity and status, §4.1 PUT /skus/{id} weight (suites/v1/sku-identity.check.ts).

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the SKU identity checks that catch it. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v1-skus-create-duplicate-merchant-sku-id': ['v1.skus.create.merchant-sku-id-unique'],
  'v1-skus-update-duplicate-merchant-sku-id': ['v1.skus.update.merchant-sku-id-unique'],
  'v1-skus-create-not-reactivated': ['v1.skus.create.reactivates-deleted'],
  'v1-skus-put-numeric-weight-rejected': ['v1.skus.put.numeric-string-weight'],
  // The body-rule fault rejects every numeric string, PUT /skus/{id} weight included.
  'v1-body-numeric-string-rejected': ['v1.skus.put.numeric-string-weight'],
};
