import { dateTimeInstant } from '@mfc-conformance/api/internal';
import type { Faults } from './faults/index.js';
import type { Api } from './http/errors.js';
import { ApiError } from './http/errors.js';
import { Switches } from './switches.js';
import type { Variants } from './variants/index.js';

const bounds = ['gt', 'gte', 'lt', 'lte'] as const;

/** Keeps records whose time (as `timeOf` reads it) passes the created_at[gt|gte|lt|lte] query filters (§4.1, §4.2). */
export function filterByCreatedAt<T>(api: Api, records: T[], query: URLSearchParams, timeOf: (record: T) => string, faults: Faults): T[] {
  let result = records;
  if (faults.has(`${api}-lists-created-at-filter-ignored`)) return result;
  if (api === 'v1' && faults.has('v1-lists-created-at-filter-first-page-only') && Number(query.get('page') ?? '1') > 1) return result;
  for (const bound of bounds) {
    const raw = query.get(`created_at[${bound}]`);
    if (raw === null) continue;
    const limit = dateTimeInstant(raw);
    if (Number.isNaN(limit)) throw new ApiError(400, [{ field: `created_at[${bound}]`, message: `expected an ISO 8601 date-time, received "${raw}"` }]);
    const inclusive = bound.endsWith('e') || faults.has(`${api}-lists-created-at-strict-as-inclusive`);
    result = result.filter((record) => {
      const time = dateTimeInstant(timeOf(record));
      if (bound.startsWith('g')) return inclusive ? time >= limit : time > limit;
      return inclusive ? time <= limit : time < limit;
    });
  }
  return result;
}

// `largest`: a page number must stay exact to be answered as current_page; a limit above the
// maximum only acts as the maximum, however large.
function positiveInteger(query: URLSearchParams, name: string, fallback: number, largest = Infinity): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > largest) {
    const expected = largest === Infinity ? 'an integer of at least 1' : `an integer from 1 to ${largest}`;
    throw new ApiError(400, [{ field: name, message: `expected ${expected}, received "${raw}"` }]);
  }
  return Number(raw);
}

/** A v1 page (§4.1 common list parameters, §2.7): page from 1, limit default 20, above 100 acts as 100. */
export function pageV1<T>(records: T[], query: URLSearchParams, faults: Faults): { data: T[]; pagination: Record<string, unknown> } {
  const page = positiveInteger(query, 'page', 1, Number.MAX_SAFE_INTEGER);
  const defaultLimit = faults.has('v1-lists-default-limit-not-20') ? 25 : 20;
  const requested = positiveInteger(query, 'limit', defaultLimit);
  const limit = faults.has('v1-lists-limit-not-capped') ? requested : Math.min(requested, 100);
  // The v1-lists-item-count-off-by-one fault counts one record the list does not hold.
  const itemCount = records.length + (faults.has('v1-lists-item-count-off-by-one') ? 1 : 0);
  const pageCount = Math.ceil(records.length / limit);
  // The faults shift page numbering to start at 0, or serve the last page for pages past the end.
  let index = faults.has('v1-lists-page-zero-based') ? (query.has('page') ? page : 0) : page - 1;
  if (faults.has('v1-lists-past-end-repeats-last-page') && index >= pageCount) index = Math.max(pageCount - 1, 0);
  // The property-only fault: pages after the first start one record late for some limits.
  const shift = index > 0 && faults.has('v1-lists-page-boundary-skip') && limit >= 3 && limit <= 99 && limit % 5 !== 0 ? 1 : 0;
  const data = records.slice(index * limit + shift, index * limit + limit + shift);
  const pagination: Record<string, unknown> = {
    current_page: page,
    item_count: faults.has('v1-lists-item-count-on-page') ? data.length : itemCount,
    page_count: faults.has('v1-lists-page-count-off-by-one') ? pageCount + 1 : Math.ceil(itemCount / limit),
    items_per_page: limit,
  };
  if (faults.has('v1-schema-pagination-string-page')) pagination.current_page = String(page);
  return { data, pagination };
}

/** The largest and default v2 page sizes: "not shown" (§8), our choice is 100 and 20. */
export const v2Limits = { max: 100, default: 20 };

/**
 * A v2 page (§2.7): records in id order after the opaque `cursor`; next_page_url null at the end.
 * The cursor is base64url of the last id served; the parameter name `cursor` is our choice (§4.2).
 * The v2-lists-* variants change the sizes, the 400 above the maximum, the name, relative URLs, and
 * the order and cursor (newest first, the cursor the next page's position).
 */
export function pageV2<T extends { id: number }>(records: T[], url: URL, faults: Faults, variants: Variants = new Switches()): { data: T[]; pagination: Record<string, unknown> } {
  const limits = variants.has('v2-lists-limit-10-max-25') ? { max: 25, default: 10 } : v2Limits;
  const requested = positiveInteger(url.searchParams, 'limit', limits.default);
  if (requested > limits.max && variants.has('v2-lists-limit-above-max-400')) {
    throw new ApiError(400, [{ field: 'limit', message: `expected at most ${limits.max}, received ${requested}` }]);
  }
  const limit = faults.has('v2-lists-limit-ignored') ? limits.default : Math.min(requested, limits.max);
  const cursorName = variants.has('v2-lists-cursor-page-after') ? 'page_after' : 'cursor';
  const cursor = url.searchParams.get(cursorName);
  const after = cursor === null ? undefined : decodeCursor(cursor, cursorName);
  const byPosition = variants.has('v2-lists-newest-first-offset');
  const sorted = [...records].sort(byPosition ? (a, b) => b.id - a.id : (a, b) => a.id - b.id);
  let start = after === undefined ? 0 : byPosition ? after : sorted.findIndex((r) => r.id > after);
  if (start === -1) start = sorted.length;
  if (faults.has('v2-lists-cursor-repeats-last') && start > 0) start -= 1;
  const data = sorted.slice(start, start + limit);
  const more = start + limit < sorted.length;
  const last = data.at(-1);
  const first = new URL(url);
  first.searchParams.delete(cursorName);
  first.searchParams.set('limit', String(limit));
  let next: string | null = null;
  if ((more || faults.has('v2-lists-next-page-url-not-null-at-end')) && last) {
    const nextUrl = new URL(first);
    if (faults.has('v2-lists-next-page-url-drops-filters')) for (const bound of bounds) nextUrl.searchParams.delete(`created_at[${bound}]`);
    nextUrl.searchParams.set(cursorName, encodeCursor(byPosition ? start + limit : last.id));
    next = pageUrl(nextUrl, variants);
  }
  const pagination: Record<string, unknown> = { first_page_url: pageUrl(first, variants), limit, next_page_url: next };
  if (faults.has('v2-schema-next-page-url-missing')) delete pagination.next_page_url;
  return { data, pagination };
}

function encodeCursor(id: number): string {
  return Buffer.from(JSON.stringify({ after: id })).toString('base64url');
}

// v2-lists-relative-page-urls: path and query only (§2.7 says "string", not which kind of URL).
function pageUrl(url: URL, variants: Variants): string {
  return variants.has('v2-lists-relative-page-urls') ? `${url.pathname}${url.search}` : url.toString();
}

function decodeCursor(cursor: string, name: string): number {
  try {
    const value = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown }).after;
    if (typeof value === 'number' && Number.isInteger(value)) return value;
  } catch {
    // Falls through to the 400 below: a cursor we did not issue.
  }
  throw new ApiError(400, [{ field: name, message: 'is not a cursor this server issued' }]);
}
