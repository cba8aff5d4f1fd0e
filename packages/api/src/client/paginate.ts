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

// Where v2 paths live under a base address (§4, §9 point 1).
const V2_ROOT = /\/merchant_api\/v2(?=\/|$)/;

/**
 * The path (relative to the v2 base) and query a v2 next_page_url names, resolved against the URL of
 * the page it came from: the part after `/merchant_api/v2`. §2.7 says only that it is a string, and a
 * service behind a gateway often shows its own address (another origin, or its path without the
 * gateway's prefix); re-rooted on the caller's own v2 base, the walk stays under the base URL and its
 * path. Undefined when the URL names no v2 path. The cursor stays opaque.
 */
export function versionPathOf(nextPageUrl: string, pageUrl: string): string | undefined {
  const url = new URL(nextPageUrl, pageUrl);
  const root = V2_ROOT.exec(url.pathname);
  if (!root) return undefined;
  return `${url.pathname.slice(root.index + root[0].length)}${url.search}`;
}

/**
 * v2 (§2.7, §9 rule 4): the first page with the caller's query, then `pagination.next_page_url`
 * (absolute, or relative to the page it came from) until it is null. The client never builds a
 * cursor: a URL under `versionBase` is followed as given, any other is re-rooted there
 * (`versionPathOf`), so the bearer token goes only to the base URL, under its path. It stops with
 * `PaginationError` on a URL it already followed (a loop) and on one that names no v2 path.
 */
export async function* walkCursors(
  fetchPage: PageFetch,
  query: Query,
  versionBase: string,
  redact: (text: string) => string,
  maxPages = DEFAULT_MAX_PAGES,
): AsyncGenerator<unknown> {
  const base = versionBase.replace(/\/+$/, '');
  const followed = new Set<string>();
  let next: string | undefined;
  for (let pages = 0; ; pages += 1) {
    if (pages >= maxPages) throw new PaginationError(`stopped after ${maxPages} pages (maxPages)`);
    const { body, url } = await fetchPage(query, next);
    followed.add(url);
    yield body;
    const link = paginationOf(body)?.next_page_url;
    if (typeof link !== 'string' || link === '') return;
    const given = new URL(link, url).toString();
    const underBase = given === base || given.startsWith(`${base}/`) || given.startsWith(`${base}?`);
    const path = underBase ? undefined : versionPathOf(given, url);
    if (!underBase && path === undefined) throw new PaginationError(`next_page_url ${redact(given)} names no path under /merchant_api/v2: not followed`);
    const resolved = path === undefined ? given : `${base}${path}`;
    if (followed.has(resolved)) throw new PaginationError(`next_page_url ${redact(resolved)} was already followed: the list loops`);
    next = resolved;
  }
}
