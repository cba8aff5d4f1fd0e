// §4.1 common list rules on v1 GET /shipments (suites/v1/shipments-list.check.ts): the list faults
// live in server/pagination.ts, shared by every v1 list, so they show on shipments too.

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the shipment-list checks that catch it (beside the order-list ones in v1.ts). */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v1-lists-page-zero-based': ['v1.shipments.list.pages-from-1'],
  // With one shipment, page 2 of limit 1 is already past the last page.
  'v1-lists-past-end-repeats-last-page': ['v1.shipments.list.past-last-page-empty', 'v1.shipments.list.pages-from-1'],
  'v1-lists-created-at-filter-ignored': ['v1.shipments.list.created-at-filters'],
};
