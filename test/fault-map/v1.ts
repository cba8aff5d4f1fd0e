// v1 orders, lists, shipments list, SKUs and body rules: each fault → the checks that must fail under it.

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the checks (suites/v1/{orders,lists,shipments,skus,body-rules}.check.ts) that catch it. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v1-body-numeric-string-rejected': ['v1.body.numeric-string-accepted', 'v1.skus.update.numeric-string-accepted', 'v1.restocking.create.warehouse-digit-string'],
  'v1-body-number-for-string-rejected': ['v1.body.number-for-string-stored-as-text'],
  'v1-body-content-type-enforced': ['v1.body.content-type-ignored'],
  'v1-body-invalid-json-not-400': ['v1.body.invalid-json-400'],

  'v1-lists-default-limit-not-20': ['v1.lists.orders.default-limit-20'],
  'v1-lists-limit-not-capped': ['v1.lists.orders.limit-capped-at-100'],
  'v1-lists-page-zero-based': ['v1.lists.orders.pages-from-1', 'v1.properties.pagination'],
  'v1-lists-past-end-repeats-last-page': ['v1.lists.orders.past-last-page-empty', 'v1.properties.pagination'],
  'v1-lists-item-count-on-page': ['v1.lists.orders.pagination-consistent', 'v1.properties.pagination'],
  'v1-lists-page-count-off-by-one': ['v1.lists.orders.pagination-consistent', 'v1.shipments.list.pagination-consistent', 'v1.properties.pagination'],
  'v1-lists-created-at-filter-ignored': ['v1.lists.orders.created-at-boundaries', 'v1.properties.pagination'],
  'v1-lists-created-at-strict-as-inclusive': ['v1.lists.orders.created-at-boundaries', 'v1.properties.pagination'],
  'v1-orders-list-oldest-first': ['v1.lists.orders.newest-received-first', 'v1.properties.pagination'],
  'v1-orders-list-sorted-by-created-at': ['v1.lists.orders.newest-received-first'],
  'v1-orders-filter-on-created-at': ['v1.lists.orders.filter-by-received-time'],
  'v1-shipments-list-includes-unshipped': ['v1.shipments.list.only-shipped'],

  'v1-orders-duplicate-not-409': ['v1.orders.create.duplicate-409'],
  'v1-orders-duplicate-409-without-id': ['v1.orders.create.duplicate-409'],
  'v1-orders-create-unknown-property-accepted': ['v1.orders.create.unknown-property-422'],
  'v1-orders-update-unknown-property-accepted': ['v1.orders.update.unknown-property-422'],
  'v1-orders-put-not-alias': ['v1.orders.update.put-same-as-patch', 'v1.properties.order-merge'],
  'v1-orders-update-omitted-cleared': ['v1.orders.update.omitted-kept'],
  'v1-orders-update-null-clears': ['v1.orders.update.null-keeps', 'v2.schema.order'],
  'v1-orders-update-address-replaced': ['v1.orders.update.address-merged', 'v1.properties.order-merge', 'v1.orders.update.omitted-kept', 'v1.orders.update.null-keeps', 'v2.schema.order'],
  'v1-orders-update-missing-items-dropped': ['v1.orders.update.items-complete-list', 'v1.properties.order-merge'],
  'v1-orders-update-items-not-matched': ['v1.orders.update.items-complete-list', 'v1.properties.order-merge'],
  'v1-orders-merchant-order-id-renames': ['v1.orders.update.merchant-order-id-upserts', 'v1.properties.order-merge'],
  'v1-orders-merchant-order-id-change-ignored': ['v1.orders.update.merchant-order-id-upserts', 'v1.properties.order-merge'],

  'v1-skus-put-not-alias': ['v1.skus.update.put-same-as-patch'],
  'v1-skus-update-omitted-cleared': ['v1.skus.update.omitted-kept'],
  'v1-skus-delete-not-deleted': ['v1.skus.delete.status-deleted'],
  'v1-skus-update-not-reactivated': ['v1.skus.update.reactivates-deleted'],
  'v1-skus-batch-flag-null-clears': ['v1.skus.update.null-batch-flag-kept'],

  // Schema faults of v1 orders, SKUs and pages: every answer these checks get is validated.
};
