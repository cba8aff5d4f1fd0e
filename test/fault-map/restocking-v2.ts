// Restocking (v1, v2), v2 orders, v2 lists and batch-settings faults → the checks that catch them.
import type { FaultSetup } from './index.js';
import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the checks that must fail against `mfc serve --fault <name>`. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v1-restocking-create-status-created': ['v1.restocking.create.shipped-201'],
  'v2-restocking-create-status-created': ['v2.restocking.create.shipped-201'],
  'v1-restocking-create-200': ['v1.restocking.create.shipped-201'],
  'v1-restocking-update-any-status': ['v1.restocking.update.guard-422', 'v1.properties.restocking-guards'],
  'v2-restocking-update-any-status': ['v2.restocking.update.guard-422', 'v2.properties.restocking-guards'],
  'v1-restocking-update-omitted-items-kept': ['v1.restocking.update.omitted-items-removed'],
  'v1-restocking-update-omitted-cleared': ['v1.restocking.update.omitted-kept'],
  'v1-restocking-warehouse-digit-string-rejected': ['v1.restocking.create.warehouse-digit-string'],
  'v1-restocking-arrival-date-time-rejected': ['v1.restocking.create.arrival-date-time'],
  'v2-restocking-cancel-not-cancelled': ['v2.restocking.cancel.shipped-cancelled', 'v2.properties.restocking-guards', 'v2.properties.webhook-signatures', 'v2.webhooks.signature'],
  'v2-orders-duplicate-not-409': ['v2.orders.create.duplicate-409'],
  'v2-orders-patch-merchant-order-id-applied': ['v2.orders.patch.merchant-order-id-ignored', 'v2.orders.by-merchant-order-id.patch'],
  'v2-orders-patch-sales-channel-applied': ['v2.orders.patch.sales-channel-id-ignored'],
  'v2-orders-patch-omitted-cleared': ['v2.orders.patch.only-provided-change'],
  'v2-orders-cancel-not-cancelled': ['v2.orders.cancel.cancelled'],
  'v2-orders-by-merchant-order-id-ignores-channel': ['v2.orders.by-merchant-order-id.get-channel'],
  'v2-lists-cursor-repeats-last': ['v2.lists.restocking-shipments.cursor-walk', 'v2.lists.orders.cursor-walk'],
  'v2-lists-limit-ignored': ['v2.lists.restocking-shipments.limit', 'v2.lists.orders.limit'],
  'v2-lists-next-page-url-not-null-at-end': ['v2.lists.restocking-shipments.cursor-walk', 'v2.lists.orders.cursor-walk', 'v2.lists.restocking-shipments.created-at'],
  'v2-lists-created-at-filter-ignored': ['v2.lists.restocking-shipments.created-at', 'v2.properties.pagination'],
  'v2-lists-created-at-strict-as-inclusive': ['v2.lists.restocking-shipments.created-at'],
  'v2-orders-list-primary-channel-only': ['v2.orders.list.across-channels'],
  'v2-batch-settings-omitted-action-cleared': ['v2.batch-settings.omitted-action-kept'],
  'v2-batch-settings-tracking-not-turned-on': ['v2.batch-settings.new-value-turns-tracking-on', 'v2.batch-settings.new-action-turns-tracking-on'],
  'v2-batch-settings-clear-turns-on': ['v2.batch-settings.clear-keeps-tracking'],
  'v2-batch-settings-same-value-turns-on': ['v2.batch-settings.resend-keeps-tracking'],
  'v2-batch-settings-no-tracking-accepted': ['v2.batch-settings.no-tracking.turn-on-422'],
  'v2-batch-settings-sku-value-ignored': ['v2.batch-settings.effective.own-values-applied'],
  'v2-batch-settings-null-action-not-inherited': ['v2.batch-settings.effective.action-inherited'],
  'v2-batch-settings-no-tracking-saved': ['v2.batch-settings.no-tracking.turn-on-422'],
};

/**
 * The setup a fault needs to show. The 422 rule for a merchant without batch tracking shows only
 * on such a merchant (profile features.batchTracking false); the other tracking rules show on the
 * default seed, whose batch SKU has batch tracking off.
 */
export const faultSetup: Partial<Record<FaultName, FaultSetup>> = {
  'v2-batch-settings-no-tracking-accepted': { batchTracking: false },
  'v2-batch-settings-no-tracking-saved': { batchTracking: false },
};
