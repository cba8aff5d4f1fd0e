// What a correct walk of a paginated list looks like (§4.1 common list parameters, §2.7, §9.4), kept
// apart from HTTP so the project's own tests can run the walkers against an in-memory list.

/** The v1 pagination object (§2.7). */
export interface V1Pagination {
  current_page: number;
  item_count: number;
  page_count: number;
  items_per_page: number;
}

/** One v1 page: the records and the pagination object. */
export interface V1Page<T> {
  data: T[];
  pagination: V1Pagination;
}

/** One v2 page (§2.7): the records and the cursor links. */
export interface V2Page<T> {
  data: T[];
  pagination: { first_page_url: string; limit: number; next_page_url: string | null };
}

/** The v1 page size a limit gives: a value above 100 acts as 100 (§4.1, §8). */
export function v1PageSize(limit: number): number {
  return Math.min(limit, 100);
}

/**
 * Walks a v1 list from page 1 through the last page the answers announce, then one page past it
 * (§4.1: an empty data array). `maxPages` bounds the walk whatever the pagination claims.
 */
export async function walkV1<T>(fetchPage: (page: number) => Promise<V1Page<T>>, maxPages: number): Promise<V1Page<T>[]> {
  const pages = [await fetchPage(1)];
  let page = 1;
  while (page < maxPages && page < (pages.at(-1)?.pagination.page_count ?? 0)) {
    page += 1;
    pages.push(await fetchPage(page));
  }
  pages.push(await fetchPage(page + 1));
  return pages;
}

/**
 * Why a v1 walk (as `walkV1` returns it) does not show exactly `expected`, in order, with `limit`:
 * no duplicate, no gap, each page as long as it should be, pagination agreeing. Empty when it does.
 */
export function v1WalkProblems<T>(pages: V1Page<T>[], expected: readonly T[], limit: number, keyOf: (record: T) => unknown): string[] {
  const problems: string[] = [];
  const size = v1PageSize(limit);
  const count = expected.length;
  const pageCount = Math.ceil(count / size);
  pages.forEach((page, index) => {
    const number = index + 1;
    const { pagination } = page;
    const want = expected.slice(index * size, index * size + size).map(keyOf);
    const got = page.data.map(keyOf);
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`page ${number} holds ${JSON.stringify(got)} instead of ${JSON.stringify(want)}`);
    if (pagination.current_page !== number) problems.push(`page ${number} says current_page ${pagination.current_page}`);
    if (pagination.items_per_page !== size) problems.push(`page ${number} says items_per_page ${pagination.items_per_page}, expected ${size}`);
    if (pagination.item_count !== count) problems.push(`page ${number} says item_count ${pagination.item_count}, expected ${count}`);
    // With no record at all, whether there are 0 or 1 (empty) pages is not shown.
    const pageCountOk = pagination.page_count === pageCount || (count === 0 && pagination.page_count === 1);
    if (!pageCountOk) problems.push(`page ${number} says page_count ${pagination.page_count}, expected ${pageCount}`);
  });
  const seen = pages.flatMap((page) => page.data.map(keyOf));
  const duplicates = seen.filter((key, i) => seen.indexOf(key) !== i);
  if (duplicates.length > 0) problems.push(`records listed twice: ${JSON.stringify([...new Set(duplicates)])}`);
  const missing = expected.map(keyOf).filter((key) => !seen.includes(key));
  if (missing.length > 0) problems.push(`records never listed: ${JSON.stringify(missing)}`);
  return problems;
}

/** The records and pages of a v2 walk; `terminated` is false when `maxPages` cut it short. */
export interface V2Walk<T> {
  pages: V2Page<T>[];
  records: T[];
  terminated: boolean;
}

/**
 * The path and query, below the v2 base, that follow a next_page_url (§2.7 says only that it is a string):
 * resolved against the URL of the page that carried it, so a relative one works; the v2 client then sends it
 * to the profile's baseUrl, so one naming another origin (a TLS-terminating proxy's inner one) reaches the target.
 */
export function nextPageRequest(nextPageUrl: string, pageUrl: string): string {
  const next = new URL(nextPageUrl, pageUrl);
  return `${next.pathname.replace(/^.*\/merchant_api\/v2(?=\/|$)/, '')}${next.search}`;
}

/** Follows next_page_url from the first page until it is null (§9.4), at most `maxPages` pages. */
export async function walkV2<T>(first: () => Promise<V2Page<T>>, follow: (url: string) => Promise<V2Page<T>>, maxPages: number): Promise<V2Walk<T>> {
  const pages = [await first()];
  let next = pages[0]?.pagination.next_page_url ?? null;
  while (next !== null && pages.length < maxPages) {
    const page = await follow(next);
    pages.push(page);
    next = page.pagination.next_page_url;
  }
  return { pages, records: pages.flatMap((page) => page.data), terminated: next === null };
}

/**
 * Why a v2 walk does not visit exactly the ids `expected` (in any order: §4.2 states none), once each,
 * in pages of at most `limit`, ending with next_page_url null; an `optional` id may be visited or not.
 * Empty when it does.
 */
export function v2WalkProblems<T>(walk: V2Walk<T>, expected: ReadonlySet<unknown>, limit: number, keyOf: (record: T) => unknown, optional: ReadonlySet<unknown> = new Set()): string[] {
  const problems: string[] = [];
  if (!walk.terminated) problems.push(`next_page_url still set after ${walk.pages.length} pages`);
  walk.pages.forEach((page, i) => {
    if (page.data.length > limit) problems.push(`page ${i + 1} holds ${page.data.length} records with limit ${limit}`);
  });
  const seen = walk.records.map(keyOf);
  const duplicates = seen.filter((key, i) => seen.indexOf(key) !== i);
  if (duplicates.length > 0) problems.push(`records visited twice: ${JSON.stringify([...new Set(duplicates)])}`);
  const missing = [...expected].filter((key) => !seen.includes(key) && !optional.has(key));
  if (missing.length > 0) problems.push(`records never visited: ${JSON.stringify(missing)}`);
  const extra = [...new Set(seen)].filter((key) => !expected.has(key) && !optional.has(key));
  if (extra.length > 0) problems.push(`records outside the set: ${JSON.stringify(extra)}`);
  return problems;
}
