// The v1 pagination object (§2.7): only its field names are given, so what page_count is for an
// empty list is not stated either way.
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';

/**
 * Fails the check unless page_count is ceil(item_count / items_per_page); with item_count 0 both 0
 * and 1 are accepted (an empty list has no page, or one empty page).
 */
export function expectPageCount(t: CheckContext, res: ApiResponse, itemCount: number, perPage: number, pageCount: unknown): void {
  const computed = Math.ceil(itemCount / perPage);
  if (itemCount === 0 && (pageCount === 0 || pageCount === 1)) return;
  t.expect(res, `page_count is ceil(item_count ${itemCount} / items_per_page ${perPage}) (§2.7)${itemCount === 0 ? ', or 1' : ''}`, computed, pageCount);
}
