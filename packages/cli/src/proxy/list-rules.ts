// Lists across a conversation. The integration's side: v1 read by page within page_count (§4.1),
// v2 by following next_page_url (§9.4). The deployment's side: v1 pagination counts (§2.7) and
// pages from 1; a v2 walk lists each record once, keeps its limit and its created_at filters.
import { dateTimeInstant } from '@mfc-conformance/api/internal';
import { pageCountProblem } from '../judgements/index.js';
import { BoundedMap } from './bounded-map.js';
import { isListOperation } from './documents.js';
import type { ProxyExchange, ProxyRequest } from './exchange.js';
import { judged, kept, type Judgement } from './findings.js';

// Lists and walks remembered at once, and the record ids one walk remembers.
const LISTS = 1_000;
const WALK_IDS = 10_000;
const V2_LIST_PARAMETERS = new Set(['limit', 'created_at[gt]', 'created_at[gte]', 'created_at[lt]', 'created_at[lte]']);

/** A v2 walk: its first page's limit and filters, the records and next_page_urls it has shown. */
interface Walk {
  resource: 'orders' | 'restocking-shipments' | undefined;
  limit?: number;
  filters: Array<[string, string]>;
  ids: Set<string>;
  followed: Set<string>;
}

/** `/orders?cursor=…` for a URL or path holding `/merchant_api/v2`: what a next_page_url and a request are compared by. */
function v2Target(url: string): string | undefined {
  const parsed = new URL(url, 'http://proxy.invalid');
  const at = parsed.pathname.indexOf('/merchant_api/v2/');
  return at < 0 ? undefined : `${parsed.pathname.slice(at + '/merchant_api/v2'.length)}${parsed.search}`;
}

function paginationOf(body: unknown): Record<string, unknown> | undefined {
  const pagination = (body as { pagination?: unknown } | null | undefined)?.pagination;
  return typeof pagination === 'object' && pagination !== null ? pagination as Record<string, unknown> : undefined;
}

function recordsOf(body: unknown): unknown[] {
  const data = (body as { data?: unknown } | null | undefined)?.data;
  return Array.isArray(data) ? data : [];
}

function resourceOf(path: string): Walk['resource'] {
  if (/\/merchant_api\/v2\/orders$/.test(path)) return 'orders';
  if (/\/merchant_api\/v2\/restocking_shipments$/.test(path)) return 'restocking-shipments';
  return undefined;
}

/** Whether a created_at satisfies one filter (§4.2: gt, gte, lt, lte). */
function satisfies(createdAt: unknown, [name, value]: [string, string]): boolean {
  const at = dateTimeInstant(createdAt);
  const bound = dateTimeInstant(value);
  if (Number.isNaN(at) || Number.isNaN(bound)) return true;
  switch (name) {
    case 'created_at[gt]': return at > bound;
    case 'created_at[gte]': return at >= bound;
    case 'created_at[lt]': return at < bound;
    default: return at <= bound;
  }
}

/** The list rules of a conversation. */
export class ListRules {
  /** v1: per list (window, path, query without page) the last page_count shown. */
  readonly #pageCounts = new BoundedMap<string, number>(LISTS);
  /** v2: per next_page_url given (as a v2 target), the walk it continues. */
  readonly #walks = new BoundedMap<string, Walk>(LISTS);

  /** The integration's side of a list request. */
  beforeRequest(request: ProxyRequest): Judgement[] {
    if (request.api === undefined || request.operation === undefined || !isListOperation(request.api, request.operation.key)) return [];
    if (request.api === 'v1') {
      const pageCount = this.#pageCounts.get(this.#v1Key(request));
      if (pageCount === undefined) return [];
      const page = Number(request.query.get('page') ?? '1');
      return [judged('v1.client.pages-within-page-count', !(page > Math.max(pageCount, 1)) ? undefined : {
        title: `Page ${page} was asked for after the list showed page_count ${pageCount} (§4.1, §2.7)`,
        expected: `page between 1 and ${Math.max(pageCount, 1)}`,
        received: `page=${request.query.get('page')}`,
      })];
    }
    const target = v2Target(request.target);
    if (target !== undefined && this.#walks.has(target)) return [kept('v2.client.next-page-url-followed')];
    const made = [...request.query.keys()].filter((name) => !V2_LIST_PARAMETERS.has(name));
    if (made.length === 0) return [];
    return [judged('v2.client.next-page-url-followed', {
      title: 'A v2 list was asked for with a parameter no next_page_url gave (§9.4: v2 lists are cursor-based; §4.2: no page-number parameter)',
      expected: 'the first page with limit and created_at filters only, then each pagination.next_page_url as given',
      received: made.map((name) => `${name}=${request.query.get(name)}`).join('&'),
    })];
  }

  /** The deployment's side of a list answer. */
  afterAnswer(exchange: ProxyExchange): Judgement[] {
    if (exchange.method !== 'GET' || exchange.status !== 200) return [];
    const pagination = paginationOf(exchange.responseJson);
    if (pagination === undefined) return [];
    return exchange.api === 'v1' ? this.#v1Page(exchange, pagination) : exchange.api === 'v2' ? this.#v2Page(exchange, pagination) : [];
  }

  #v1Key(request: ProxyRequest): string {
    const query = new URLSearchParams(request.query);
    query.delete('page');
    query.sort();
    return `${request.window} ${request.path}?${query}`;
  }

  #v1Page(exchange: ProxyExchange, pagination: Record<string, unknown>): Judgement[] {
    const count = (name: string) => typeof pagination[name] === 'number' ? pagination[name] as number : Number.NaN;
    const [itemCount, perPage, pageCount, currentPage] = [count('item_count'), count('items_per_page'), count('page_count'), count('current_page')];
    if (Number.isInteger(pageCount)) this.#pageCounts.set(this.#v1Key(exchange), pageCount);
    // The run's checks of these rules read the orders list; other lists have no check to share a name with.
    if (!/\/merchant_api\/v1\/orders$/.test(exchange.path)) return [];
    const judgements: Judgement[] = [];
    if (Number.isInteger(itemCount) && perPage > 0) judgements.push(judged('v1.lists.orders.pagination-consistent', pageCountProblem(itemCount, perPage, pagination.page_count)));
    const asked = Number(exchange.query.get('page') ?? '1');
    if (Number.isInteger(asked) && asked >= 1) {
      judgements.push(judged('v1.lists.orders.pages-from-1', currentPage === asked ? undefined : {
        title: `current_page of the page asked for as page=${asked} (§4.1: pages start at 1)`, expected: asked, received: pagination.current_page,
      }));
    }
    return judgements;
  }

  #v2Page(exchange: ProxyExchange, pagination: Record<string, unknown>): Judgement[] {
    const target = v2Target(exchange.target);
    let walk = target === undefined ? undefined : this.#walks.get(target);
    if (walk === undefined) {
      const limit = Number(exchange.query.get('limit'));
      walk = {
        resource: resourceOf(exchange.path),
        ...(Number.isInteger(limit) && limit > 0 ? { limit } : {}),
        filters: [...exchange.query].filter(([name]) => name.startsWith('created_at[')),
        ids: new Set(), followed: new Set(),
      };
    }
    const judgements: Judgement[] = [];
    const records = recordsOf(exchange.responseJson);
    const next = typeof pagination.next_page_url === 'string' ? v2Target(pagination.next_page_url) : undefined;
    const { resource } = walk;
    if (resource !== undefined) {
      const repeated = records.map((record) => String((record as { id?: unknown })?.id)).filter((id) => walk.ids.has(id));
      const looped = next !== undefined && walk.followed.has(next);
      judgements.push(judged(`v2.lists.${resource}.cursor-walk`, repeated.length === 0 && !looped ? undefined : {
        title: looped ? 'next_page_url leads back to a page the walk already read (§9.4)' : 'A record the walk already listed is listed again (§9.4: following next_page_url lists each record once)',
        expected: 'each record once, and a walk that ends with next_page_url null',
        received: looped ? `next_page_url ${String(pagination.next_page_url)}` : `id ${repeated.join(', ')} again`,
      }));
      if (walk.limit !== undefined) {
        judgements.push(judged(`v2.lists.${resource}.limit`, records.length <= walk.limit ? undefined : {
          title: `A page of a walk asked with limit=${walk.limit} holds more records (§4.2)`, expected: `at most ${walk.limit} records`, received: `${records.length} records`,
        }));
      }
      if (resource === 'restocking-shipments' && walk.filters.length > 0) {
        const outside = records.filter((record) => !walk.filters.every((filter) => satisfies((record as { created_at?: unknown })?.created_at, filter)));
        judgements.push(judged('v2.lists.restocking-shipments.created-at', outside.length === 0 ? undefined : {
          title: "A page of the walk lists records outside its first page's created_at filters (§4.2)",
          expected: `every record within ${walk.filters.map(([name, value]) => `${name}=${value}`).join('&')}`,
          received: outside.slice(0, 5).map((record) => `id ${String((record as { id?: unknown }).id)} created_at ${String((record as { created_at?: unknown }).created_at)}`).join('; '),
        }));
      }
    }
    for (const record of records) if (walk.ids.size < WALK_IDS) walk.ids.add(String((record as { id?: unknown })?.id));
    if (target !== undefined) walk.followed.add(target);
    if (next !== undefined) this.#walks.set(next, walk);
    return judgements;
  }
}
