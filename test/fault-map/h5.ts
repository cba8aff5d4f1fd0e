// H5: v2 order fields and items, restocking answers and bodies, batches, v1 SKUs, warehouses and the
// bearer token on every endpoint (server/faults/h5.ts) → the H5 check files.

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the checks that must fail against `mfc serve --fault <name>`. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v2-orders-create-created-at-from-external': ['v2.orders.create.created-at-defaults-to-now'],
  'v2-orders-patch-fulfillment-status-applied': ['v2.orders.patch.read-only-fields-kept'],
  'v2-orders-create-items-optional': ['v2.orders.create.required-fields-refused'],
  'v2-orders-create-duplicate-merchant-item-id-accepted': ['v2.orders.create.duplicate-merchant-item-id-refused'],
  'v2-orders-create-item-without-sku-accepted': ['v2.orders.create.item-without-sku-refused'],
  'v2-orders-create-sku-code-refused': ['v2.orders.create.item-by-sku-code'],
  'v2-orders-create-item-prices-required': ['v2.orders.create.item-prices-optional'],
  'v2-restocking-priority-missing': ['v2.restocking.priority-in-answers'],
  'v2-restocking-create-item-without-sku-accepted': ['v2.restocking.create.item-without-sku-refused'],
  'v1-restocking-update-batches-listed': ['v1.restocking.update.items-without-batches'],
  'v1-restocking-create-foreign-warehouse-accepted': ['v1.restocking.create.foreign-warehouse-422'],
  'v1-restocking-create-unknown-delivery-option-accepted': ['v1.restocking.create.delivery-option-422'],
  'v1-restocking-update-extra-property-422': ['v1.restocking.update.extra-properties-allowed'],
  'v2-batches-expired-reason-expiry-window': ['v2.inventory-batches.block-reason.window-not-after-expiry'],
  'v2-batches-create-null-dates-refused': ['v2.inventory-batches.create.nullable-fields'],
  'v2-batch-settings-new-action-not-turned-on': ['v2.batch-settings.new-action-turns-tracking-on'],
  'v1-skus-cost-in-cent-in-units': ['v1.skus.cost-fields-agree'],
  'v1-skus-create-unknown-property-accepted': ['v1.skus.create.unknown-property-422'],
  'v1-lists-warehouses-paginated': ['v1.lists.warehouses.not-paginated'],
  'v1-auth-missing-token-unknown-id-404': ['v1.auth.every-endpoint-401'],
  'v2-auth-missing-token-write-422': ['v2.auth.every-endpoint-401'],
};
