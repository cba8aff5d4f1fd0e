import type { FaultDefinition } from './types.js';

/** Deviations of v2 cursor pagination and list contents (§4.2, §2.7, §9.4). */
export const faults = [
  { name: 'v2-lists-cursor-repeats-last', section: '9.4', description: 'v2 lists: each next page starts with the last record of the previous page (duplicates across pages)' },
  { name: 'v2-lists-limit-ignored', section: '4.2', description: 'v2 lists: the limit query parameter is ignored (pages always hold 20)' },
  { name: 'v2-lists-next-page-url-not-null-at-end', section: '9.4', description: 'v2 lists: the last page carries a next_page_url (to an empty page) instead of null' },
  { name: 'v2-lists-created-at-filter-ignored', section: '4.2', description: 'v2 lists: the created_at[gt|gte|lt|lte] filters are ignored' },
  { name: 'v2-lists-next-page-url-drops-filters', section: '4.2', description: "v2 lists: next_page_url leaves out the request's created_at filters, so the pages after the first list records outside them" },
  { name: 'v2-lists-created-at-strict-as-inclusive', section: '4.2', description: 'v2 lists: created_at[gt] and created_at[lt] include the boundary (act as gte and lte)' },
] as const satisfies readonly FaultDefinition[];
