// The list queries whose parameters are generated (§4.1 common list parameters, §4.2): page, limit and
// the created_at filters at the edges of their ranges and in every legal spelling. Beyond never a 5xx
// and a malformed parameter refused, one more rule shows only with generated spellings: a filter names
// an instant, so the same instant spelled otherwise lists the same records.
import { dateTimeInstant, hasOffset } from '@mfc-conformance/api/internal';
import type { ApiResponse, CheckContext, ListTemplateOf } from '../../../src/checks/index.js';
import { recordIds } from '../../../suites/support/scope.js';
import type { GeneratedOperation, Problem } from '../operation.js';
import { queryOf } from '../query.js';

const filters = ['created_at[gt]', 'created_at[gte]', 'created_at[lt]', 'created_at[lte]'];
// A window that ended this long ago holds no record the run adds meanwhile: two reads of it compare.
const SETTLED_MS = 3_600_000;

/** The same instant in another spelling: UTC with a `Z` (or `+00:00` for one already in UTC), seconds written, the fraction kept as written. */
export function respelled(dateTime: string): string | undefined {
  if (!hasOffset(dateTime)) return undefined;
  const instant = dateTimeInstant(dateTime);
  if (Number.isNaN(instant)) return undefined;
  const fraction = /[.,](\d+)/.exec(dateTime.slice(16))?.[1];
  const whole = new Date(Math.floor(instant / 1000) * 1000).toISOString().slice(0, 19);
  const utc = /(?:[Zz]|[+-]00(?::?00)?)$/.test(dateTime);
  return `${whole}${fraction === undefined ? '' : `.${fraction}`}${utc ? '+00:00' : 'Z'}`;
}

/** Whether the query's created_at filters make a window nothing the run does can change: one that ended an hour ago. */
function settled(query: Record<string, string>): boolean {
  const upper = ['created_at[lt]', 'created_at[lte]'].map((name) => query[name]).filter((value): value is string => value !== undefined);
  return upper.some((value) => hasOffset(value) && dateTimeInstant(value) < Date.now() - SETTLED_MS);
}

/**
 * After an accepted list query with created_at filters: the same query with each filter's instant spelled
 * otherwise answers the same records, in the same order (§2: ISO 8601 date-times; a filter is an instant).
 */
async function sameInstantSameRecords(t: CheckContext, api: 'v1' | 'v2', path: ListTemplateOf<'v1'> | ListTemplateOf<'v2'>, input: unknown, answer: ApiResponse): Promise<Problem | undefined> {
  const query = queryOf(input) as Record<string, string>;
  const spelled = Object.fromEntries(Object.entries(query).map(([name, value]) => [name, filters.includes(name) ? (respelled(value) ?? value) : value]));
  if (!settled(query) || JSON.stringify(spelled) === JSON.stringify(query)) return undefined;
  const again = await t[api].request({ method: 'GET', path, query: spelled });
  const listed = (response: ApiResponse) => recordIds(((response.body as { data?: unknown } | undefined)?.data as unknown[] | undefined) ?? []);
  if (again.status === answer.status && JSON.stringify(listed(again)) === JSON.stringify(listed(answer))) return undefined;
  return {
    title: `${api} GET ${path}: a created_at filter names an instant, so the same instant spelled otherwise lists the same records (§2, §${api === 'v1' ? '4.1' : '4.2'})`,
    expected: `status ${answer.status}, records [${listed(answer).join(', ')}] (as for ${JSON.stringify(query)})`,
    received: `status ${again.status}, records [${listed(again).join(', ')}] for ${JSON.stringify(spelled)}`,
    response: again,
  };
}

/** v1 `limit`: 1 to 100, and above 100 treated as 100 (§4.1); below 1 it is not stated, so a refusal is legal there, as past int32 for page and limit. */
function v1RefusalLegal(input: unknown): string | undefined {
  const query = input as Record<string, unknown>;
  const limit = typeof query.limit === 'number' ? query.limit : undefined;
  if (limit !== undefined && limit < 1) return 'a limit below 1 (§4.1 states only values above 100)';
  const large = [query.page, query.limit].some((value) => typeof value === 'number' && value > 2 ** 31 - 1);
  return large ? 'a page or limit past int32, an integer range §8 leaves open' : undefined;
}

/** A v1 list of the common list parameters. */
function v1List(path: '/orders' | '/shipments', name: string): GeneratedOperation {
  return {
    id: `v1.properties.generated.${name}-list`,
    api: 'v1',
    operation: `GET ${path}`,
    section: '4.1',
    title: `v1 GET ${path} with generated queries: page, limit and created_at filters at their edges and in every spelling answer a page (the same instant spelled otherwise, the same records), malformed ones 400 or 422, never a 5xx`,
    needs: [],
    writes: false,
    input: 'query',
    send: (t, query, _prepared, unjudged) => t.v1.request({ method: 'GET', path, query: queryOf(query), unjudged }),
    refusalLegal: (_t, query) => v1RefusalLegal(query),
    accepted: (t, query, answer) => sameInstantSameRecords(t, 'v1', path, query, answer),
  };
}

/** v1 GET /orders. */
export const v1OrdersList = v1List('/orders', 'orders');
/** v1 GET /shipments. */
export const v1ShipmentsList = v1List('/shipments', 'shipments');

/** v2 GET /restocking_shipments: limit (default and maximum not shown, §8: any refusal legal) and the created_at filters. */
export const v2RestockingList: GeneratedOperation = {
  id: 'v2.properties.generated.restocking-shipments-list',
  api: 'v2',
  operation: 'GET /restocking_shipments',
  section: '4.2',
  title: 'GET /restocking_shipments with generated queries: limit and created_at filters at their edges and in every spelling answer a page (the same instant spelled otherwise, the same records), malformed ones 400 or 422, never a 5xx',
  needs: [],
  writes: false,
  input: 'query',
  send: (t, query, _prepared, unjudged) => t.v2.request({ method: 'GET', path: '/restocking_shipments', query: queryOf(query), unjudged }),
  refusalLegal: (_t, query) => ((query as Record<string, unknown>).limit === undefined ? undefined : 'a limit: its default and maximum are not shown (§8)'),
  accepted: (t, query, answer) => sameInstantSameRecords(t, 'v2', '/restocking_shipments', query, answer),
};
