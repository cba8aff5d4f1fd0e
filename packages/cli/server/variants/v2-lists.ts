import type { VariantDefinition } from './types.js';

/** Other v2 page sizes, cursor names and page URLs (§4.2 and §8: default, maximum and cursor name not shown; §2.7: URLs are strings). */
export const variants = [
  { name: 'v2-lists-limit-10-max-25', section: '8', description: 'v2 lists: limit defaults to 10 and its maximum is 25 (larger values act as 25) instead of 20 and 100' },
  { name: 'v2-lists-limit-above-max-400', section: '8', description: 'v2 lists: a limit above the maximum answers 400 instead of being capped' },
  { name: 'v2-lists-cursor-page-after', section: '4.2', description: 'v2 lists: the cursor query parameter is page_after instead of cursor' },
  { name: 'v2-lists-newest-first-offset', section: '4.2', description: 'v2 lists: newest record first, and the cursor is the position of the next page (an offset), so a record created during a walk moves the later ones one place down' },
  { name: 'v2-lists-relative-page-urls', section: '2.7', description: 'v2 lists: first_page_url and next_page_url are relative (path and query, e.g. /merchant_api/v2/orders?limit=20&cursor=…) instead of absolute' },
] as const satisfies readonly VariantDefinition[];
