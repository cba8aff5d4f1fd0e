// The v1 pagination object (§2.7): only its field names are given, so what page_count is for an
// empty list is not stated either way.
import type { Verdict } from './verdict.js';

/**
 * What fails a page_count other than ceil(item_count / items_per_page), or undefined; with
 * item_count 0 both 0 and 1 are accepted (an empty list has no page, or one empty page).
 */
export function pageCountProblem(itemCount: number, perPage: number, pageCount: unknown): Verdict | undefined {
  const computed = Math.ceil(itemCount / perPage);
  if (pageCount === computed || (itemCount === 0 && (pageCount === 0 || pageCount === 1))) return undefined;
  return { title: `page_count is ceil(item_count ${itemCount} / items_per_page ${perPage}) (§2.7)${itemCount === 0 ? ', or 1' : ''}`, expected: computed, received: pageCount };
}
