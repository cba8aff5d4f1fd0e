import type { Query } from './core.js';
import { PaginationError } from './errors.js';

/** Fetches one page: v1 by its query, v2 by the `next_page_url` to follow (undefined for the first page). Returns the body and the URL it came from. */
export type PageFetch = (query: Query, url: string | undefined) => Promise<{ body: unknown; url: string }>;

const DEFAULT_MAX_PAGES = 10_000;

function paginationOf(body: unknown): Record<string, unknown> | undefined {
  const pagination = (body as { pagination?: unknown } | null)?.pagination;
  return pagination !== null && typeof pagination === 'object' ? (pagination as Record<string, unknown>) : undefined;
}

function dataOf(body: unknown): unknown[] | undefined {
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data : undefined;
}

// A count given as a string of digits is read as its number; the JSON type is the schema's concern.
function integerOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

/**
 * v1 (§4.1, §8): `page` 1, 2, … with the caller's other query parameters, until a page with no
 * records (a page past the last answers an empty `data`) or `current_page` reaches `page_count`.
 */
export async function* walkPages(fetchPage: PageFetch, query: Query, maxPages = DEFAULT_MAX_PAGES): AsyncGenerator<unknown> {
  const first = integerOf(query.page) ?? 1;
  for (let page = first; ; page += 1) {
    if (page - first >= maxPages) throw new PaginationError(`stopped after ${maxPages} pages (maxPages)`);
    const { body } = await fetchPage({ ...query, page }, undefined);
    const data = dataOf(body);
    const pagination = paginationOf(body);
    const current = integerOf(pagination?.current_page);
    // A server that ignores `page` would hand the same page forever.
    if (current !== undefined && current !== page) {
      throw new PaginationError(`asked for page ${page}, received current_page ${current}`);
    }
    // An empty page past the last one is the end, not a page to hand out (unless it is the only one).
    if (data !== undefined && data.length === 0 && page !== first) return;
    yield body;
    const pageCount = integerOf(pagination?.page_count);
    if (data === undefined || data.length === 0 || (pageCount !== undefined && page >= pageCount)) return;
  }
}

/**
 * v2 (§2.7, §9 rule 4): the first page with the caller's query, then `pagination.next_page_url`
 * exactly as given (absolute, or relative to the page it came from) until it is null. The client
 * never builds a cursor. It stops with `PaginationError` on a URL it already followed (a loop) and
 * on one outside `baseUrl`'s origin (the bearer token goes only to the API).
 */
export async function* walkCursors(
  fetchPage: PageFetch,
  query: Query,
  baseUrl: string,
  redact: (text: string) => string,
  maxPages = DEFAULT_MAX_PAGES,
): AsyncGenerator<unknown> {
  const origin = new URL(baseUrl).origin;
  const followed = new Set<string>();
  let next: string | undefined;
  for (let pages = 0; ; pages += 1) {
    if (pages >= maxPages) throw new PaginationError(`stopped after ${maxPages} pages (maxPages)`);
    const { body, url } = await fetchPage(query, next);
    followed.add(url);
    yield body;
    const link = paginationOf(body)?.next_page_url;
    if (typeof link !== 'string' || link === '') return;
    const resolved = new URL(link, url).toString();
    if (new URL(resolved).origin !== origin) {
      throw new PaginationError(`next_page_url ${redact(resolved)} leaves ${redact(origin)}: not followed`);
    }
    if (followed.has(resolved)) throw new PaginationError(`next_page_url ${redact(resolved)} was already followed: the list loops`);
    next = resolved;
  }
}
