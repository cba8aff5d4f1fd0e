import type { FaultDefinition } from './types.js';

/** Deviations of v1 page pagination and list contents (§4.1 common list parameters, §2.7, §8), and of the unpaginated warehouse list. */
export const faults = [
  { name: 'v1-lists-default-limit-not-20', section: '4.1', description: 'v1 lists: without limit, pages hold 25 records instead of 20' },
  { name: 'v1-lists-limit-not-capped', section: '4.1', description: 'v1 lists: a limit above 100 is used as given instead of acting as 100 (items_per_page shows it)' },
  { name: 'v1-lists-page-zero-based', section: '4.1', description: 'v1 lists: pages are numbered from 0, so page=1 returns the second page (without page, the first)' },
  { name: 'v1-lists-past-end-repeats-last-page', section: '4.1', description: 'v1 lists: a page past the last returns the last page again instead of an empty data array' },
  { name: 'v1-lists-item-count-on-page', section: '2.7', description: 'v1 lists: pagination.item_count is the count on this page instead of the total' },
  { name: 'v1-lists-item-count-off-by-one', section: '2.7', description: 'v1 lists: pagination.item_count counts one record more than the list holds (page_count follows it), as if a record the list leaves out were counted' },
  { name: 'v1-lists-page-count-off-by-one', section: '2.7', description: 'v1 lists: pagination.page_count is one more than the number of pages' },
  { name: 'v1-lists-created-at-filter-ignored', section: '4.1', description: 'v1 lists: the created_at[gt|gte|lt|lte] filters are ignored' },
  { name: 'v1-lists-created-at-filter-first-page-only', section: '4.1', description: 'v1 lists: the created_at filters apply to the first page only; page 2 onwards is cut from the whole list' },
  { name: 'v1-lists-created-at-strict-as-inclusive', section: '4.1', description: 'v1 lists: created_at[gt] and created_at[lt] include the boundary (act as gte and lte)' },
  { name: 'v1-orders-list-api-orders-missing', section: '4.1', description: 'v1 GET /orders leaves out every order created through the API, as if created manually in the provider\'s application (lists only the seeded ones)' },
  { name: 'v1-orders-list-oldest-first', section: '4.1', description: 'v1 GET /orders: oldest first instead of newest first' },
  { name: 'v1-orders-list-sorted-by-created-at', section: '4.1', description: "v1 GET /orders: sorted by the order's created_at instead of the time it was received" },
  { name: 'v1-orders-filter-on-created-at', section: '4.1', description: "v1 GET /orders: the created_at filters apply to the order's created_at instead of the time it was received" },
  { name: 'v1-shipments-created-at-upper-bound-ignored', section: '4.1', description: 'v1 GET /shipments: the created_at[lt] and [lte] filters are ignored while [gt] and [gte] apply' },
  { name: 'v1-shipments-list-includes-unshipped', section: '4.1', description: 'v1 GET /shipments: lists shipments in every status instead of only shipped ones' },
  { name: 'v1-lists-warehouses-paginated', section: '4.1', description: 'v1 GET /warehouses cuts its answer by page and limit although it is not paginated' },
] as const satisfies readonly FaultDefinition[];
