// Following v2 cursor pages (§2.7, §9.4) the way a client must: only through next_page_url.
import { versionPathOf } from '@mfc-conformance/api/internal';
import type { ApiResponse, CheckContext, ListedOf, ListTemplateOf, Query } from '../../src/checks/index.js';
import { firstV2Page } from './v2-limit.js';

/** What a walk over a v2 list saw: every page's answer and every record in the order served. */
export interface V2Walk<T> {
  pages: ApiResponse[];
  records: T[];
  /** The records of each page, in the order of `pages`. */
  pageRecords: T[][];
  /** False when the walk stopped at `maxPages` while a next_page_url was still offered. */
  complete: boolean;
  /** True when the service refused the limit asked for (400) and the walk went on at its default size. */
  limitRefused: boolean;
}

/**
 * The path (and query) relative to the v2 base that a next_page_url points to, re-rooted on the
 * profile's v2 base: §2.7 says only that it is a string, so another origin (a TLS-terminating proxy,
 * an internal host name) is followed, and a relative URL is resolved against the request's URL. The
 * cursor stays opaque. Fails the check when the URL names no v2 path (§4: v2 paths live under
 * /merchant_api/v2).
 */
export function nextPagePath(t: CheckContext, nextPageUrl: string, response: ApiResponse): string {
  let path: string | undefined;
  try {
    path = versionPathOf(nextPageUrl, response.exchange.url);
  } catch {
    path = undefined;
  }
  if (path === undefined) {
    return t.fail({ title: 'next_page_url points into the v2 API (§2.7, §4)', expected: 'a URL whose path lies under /merchant_api/v2', received: nextPageUrl, response });
  }
  return path;
}

/**
 * The pagination.next_page_url of a v2 page: a string or null (§2.7). Anything else skips the check:
 * the walk cannot go on, and the page's shape is v2.schema.pagination's rule, which reports it.
 */
export function nextPageUrlOf(t: CheckContext, page: ApiResponse): string | null {
  const next: unknown = (page.body as { pagination?: { next_page_url?: unknown } } | undefined)?.pagination?.next_page_url;
  if (next === null || typeof next === 'string') return next;
  return t.skip(`a v2 list page carries no usable pagination.next_page_url (${next === undefined ? 'none' : JSON.stringify(next)}), so the list cannot be walked`);
}

/**
 * Walks a v2 list from its first page by following next_page_url until it is null, or `maxPages`
 * pages were read, or `enough` says the records so far suffice. A limit the service refuses (400: its maximum is not shown, §8) is dropped. A page
 * reached through a next_page_url must hold records: the URL is null once there are no more results (§9.4).
 */
export async function walkV2<Path extends ListTemplateOf<'v2'>>(
  t: CheckContext,
  path: Path,
  query: Query,
  maxPages: number,
  enough: (records: Array<ListedOf<'v2', Path>>) => boolean = () => false,
): Promise<V2Walk<ListedOf<'v2', Path>>> {
  const pages: ApiResponse[] = [];
  const records: Array<ListedOf<'v2', Path>> = [];
  const pageRecords: Array<Array<ListedOf<'v2', Path>>> = [];
  let page: ApiResponse = await firstV2Page(t.v2, path, query);
  const limitRefused = query.limit !== undefined && !new URL(page.exchange.url).searchParams.has('limit');
  for (;;) {
    t.expectStatus(page, 200);
    pages.push(page);
    const data: unknown = (page.body as { data?: unknown } | undefined)?.data;
    if (!Array.isArray(data)) t.fail({ title: 'A v2 list page carries a data array (§4.2)', expected: 'an array', received: data ?? 'nothing', response: page });
    if (pages.length > 1 && data.length === 0) {
      t.fail({
        title: 'A next_page_url led to an empty page: it must be null when there are no more results (§9.4)',
        expected: 'at least one record on a page reached through next_page_url',
        received: 'an empty data array',
        response: page,
      });
    }
    // A page reached through next_page_url is the list's own page, and its records are what the list
    // documents, as the service claims them (v2.schema.* holds them to it).
    const listed = data as Array<ListedOf<'v2', Path>>;
    records.push(...listed);
    pageRecords.push(listed);
    const next = nextPageUrlOf(t, page);
    if (next === null) return { pages, records, pageRecords, complete: true, limitRefused };
    if (pages.length >= maxPages || enough(records)) return { pages, records, pageRecords, complete: false, limitRefused };
    // The cursor is opaque: the path and query a next_page_url gives are followed as they are.
    page = await t.v2.request({ method: 'GET', path: nextPagePath(t, next, page) });
  }
}

/** Each record a walk served again, with the page it was first on and the page it came again on (§9.4: every record once). */
export function repeatedRecords(walk: V2Walk<{ id: number }>): Array<{ id: number; firstPage: number; page: number }> {
  const seen = new Map<number, number>();
  const repeated: Array<{ id: number; firstPage: number; page: number }> = [];
  for (const [index, records] of walk.pageRecords.entries()) {
    for (const record of records) {
      const first = seen.get(record.id);
      if (first !== undefined) repeated.push({ id: record.id, firstPage: first + 1, page: index + 1 });
      else seen.set(record.id, index);
    }
  }
  return repeated;
}
