// What the scope checks (§1, §5.3) share: reading records out of list answers, whatever the
// list's shape, and walking v1 pages and v2 cursors to collect them.
import { versionPathOf } from '@mfc-conformance/api/internal';
import type { ApiClient, ApiResponse, CheckContext, ListTemplateOf, Query } from '../../src/checks/index.js';
import type { TokenName } from '../../src/profile/index.js';
import { digitsAsNumber } from './digits.js';
import { firstV2Page } from './v2-limit.js';

/** An id no caller owns: far above any id a service hands out in practice. */
export const UNKNOWN_ID = 999_999_999_999;

// Enough to see every record of a test deployment without walking a production one for minutes.
const MAX_PAGES = 10;
// The largest v1 page (§4.1); v2 states no maximum, so the same value is only asked for there.
const PAGE_SIZE = 100;

/**
 * The records of a list answer: the body when it is an array, else its `data` array, else its only
 * array-valued property (for lists whose shape is not shown, such as v1 warehouses). Undefined when
 * none of these is there.
 */
export function listRecords(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (body === null || typeof body !== 'object') return undefined;
  const data = (body as Record<string, unknown>).data;
  if (Array.isArray(data)) return data;
  const arrays = Object.values(body).filter((value): value is unknown[] => Array.isArray(value));
  return arrays.length === 1 ? arrays[0] : undefined;
}

/**
 * The `id` of a record to work with (§2: identifiers named id are integers), if it has one: an id of
 * digits in a string is read as its number, since its JSON type is the schema checks' rule.
 */
export function recordId(record: unknown): number | undefined {
  const id: unknown = record !== null && typeof record === 'object' ? (record as Record<string, unknown>).id : undefined;
  if (typeof id === 'number') return Number.isInteger(id) ? id : undefined;
  // Digits past 2^53 would name another record once read as a number.
  const digits = digitsAsNumber(id);
  return Number.isSafeInteger(digits) ? (digits as number) : undefined;
}

/** A walk that needs `count` records with an integer id. */
export function idsFound(count: number): Enough {
  return (records) => recordIds(records).length >= count;
}

/** The integer ids of the records of a list. */
export function recordIds(records: readonly unknown[]): number[] {
  return records.map(recordId).filter((id): id is number => id !== undefined);
}

/** Whether the records read so far are all a walk needs: it stops there (a premise read stops at its first record). */
export type Enough = (records: readonly unknown[]) => boolean;

/** Every record of a paginated v1 list (§4.1 page and limit), up to a bound of pages or until `enough`. */
export async function v1ListAll(client: ApiClient<'v1'>, path: ListTemplateOf<'v1'>, query: Query = {}, enough: Enough = () => false): Promise<unknown[]> {
  const records: unknown[] = [];
  for (let page = 1; page <= MAX_PAGES && !enough(records); page++) {
    const res = await client.get(path, { query: { ...query, page, limit: PAGE_SIZE } });
    const data = listRecords(res.body) ?? [];
    records.push(...data);
    const pageCount: unknown = res.body.pagination?.page_count;
    if (data.length === 0 || (typeof pageCount === 'number' && page >= pageCount)) break;
  }
  return records;
}

/**
 * Every record of a v2 list, following next_page_url (§9.4) up to a bound of pages or until
 * `enough`, asking for pages of 100: §4.2 names `limit` on the restocking list, the order list's
 * parameters are not shown, so a service may ignore it there (its own page size then) or refuse it,
 * as it may a limit above its maximum (§8): a refused limit is dropped (`firstV2Page`).
 */
export async function v2ListAll(client: ApiClient<'v2'>, path: ListTemplateOf<'v2'>, enough: Enough = () => false): Promise<unknown[]> {
  const records: unknown[] = [];
  let res: ApiResponse = await firstV2Page(client, path, { limit: PAGE_SIZE });
  for (let page = 1; ; page++) {
    records.push(...(listRecords(res.body) ?? []));
    const url: unknown = (res.body as { pagination?: { next_page_url?: unknown } } | undefined)?.pagination?.next_page_url;
    const next = typeof url === 'string' ? versionPathOf(url, res.exchange.url) : undefined;
    if (next === undefined || page >= MAX_PAGES || enough(records)) return records;
    // The cursor is opaque: the path and query a next_page_url gives are followed as they are.
    res = await client.request({ method: 'GET', path: next });
  }
}

/**
 * A token's whole list as the run read it once: the scope checks compare several tokens' lists,
 * and each list is read by the first check that needs it (a premise several checks share).
 */
export function sharedList(t: CheckContext, token: TokenName, ...[api, path]: ['v1', ListTemplateOf<'v1'>] | ['v2', ListTemplateOf<'v2'>]): Promise<unknown[]> {
  return t.shared(`the ${api} ${path} list of tokens.${token}`, (maker) => {
    const clients = token === 'primary' ? maker : maker.as(token);
    return api === 'v1' ? v1ListAll(clients.v1, path) : v2ListAll(clients.v2, path);
  });
}

/** The records present in both lists, compared as JSON: a record two scopes both see. */
export function sharedRecords(left: readonly unknown[], right: readonly unknown[]): unknown[] {
  const rightTexts = new Set(right.map((record) => JSON.stringify(record)));
  return left.filter((record) => rightTexts.has(JSON.stringify(record)));
}

/** The ids present in both lists. */
export function sharedIds(left: readonly number[], right: readonly number[]): number[] {
  const rightIds = new Set(right);
  return left.filter((id) => rightIds.has(id));
}

/** How records are told apart: by their integer ids when every one has one, else by their JSON. */
export function recordKeys(records: readonly unknown[]): string[] {
  const ids = recordIds(records);
  if (ids.length === records.length) return ids.map(String).sort();
  return records.map((record) => JSON.stringify(record)).sort();
}
