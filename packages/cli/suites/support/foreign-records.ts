// Records that belong to someone else (§1 scoping), found through their owners' own tokens, and
// what the owner reads of them: a refused write must leave that unchanged.
import { versionPathOf } from '@mfc-conformance/api/internal';
import type { ApiClients, ApiResponse, CheckContext, SendOptions } from '../../src/checks/index.js';
import { listRecords, recordId } from './scope.js';

/** The profile tokens that own records the primary token must not touch. */
export type Owner = 'sameMerchantOtherChannel' | 'otherMerchant';

/** A record of another owner: its id and that owner's clients. */
export interface ForeignRecord {
  id: number;
  owner: ApiClients;
  /** The record as its owner reads it before the check's write. */
  before: Record<string, unknown>;
  /** The owner's read of the record. */
  read(options?: SendOptions): Promise<ApiResponse>;
}

/** The owner's read of one of its records by id. */
type OwnerRead = (id: number, options?: SendOptions) => Promise<ApiResponse>;

// The fields a run's records carry one of its ids in (`<marker>-<kind>-<n>`): an order's own id, a
// restocking shipment's references.
const MARKED_FIELDS = ['merchant_order_id', 'po_number', 'tracking_code'];

/**
 * Whether this run made the record: the checks the plan moved to the other merchant make records
 * there, and change them while other checks run. Only the run's ids count, not the bare marker: a
 * write of these checks that a faulty service let through leaves the marker on the owner's record,
 * which must stay the owner's for the next check.
 */
export function madeByRun(record: unknown, marker: string): boolean {
  return MARKED_FIELDS.some((field) => {
    const value = (record as Record<string, unknown> | null)?.[field];
    return typeof value === 'string' && value.startsWith(`${marker}-`);
  });
}

/** The owner's list page by page: the first page, and the page after `res` (undefined at the end). */
interface OwnerList {
  first(): Promise<ApiResponse>;
  next(res: ApiResponse, page: number): Promise<ApiResponse> | undefined;
}

// The run's records come first in the owner's newest-first lists once checks were moved there: a few
// pages are walked for one of the owner's own.
const MAX_PAGES = 10;

/** A v1 list by page number, at the largest page (§4.1). */
function v1Pages(client: ApiClients['v1']): OwnerList {
  const page = (n: number) => client.get('/orders', { premise: true, query: { page: n, limit: 100 } });
  return {
    first: () => page(1),
    next: (res, n) => {
      const count: unknown = (res.body as { pagination?: { page_count?: unknown } } | undefined)?.pagination?.page_count;
      return (listRecords(res.body) ?? []).length === 0 || (typeof count === 'number' && n >= count) ? undefined : page(n + 1);
    },
  };
}

/** A v2 list by its cursor (§9 point 4: next_page_url, null at the end). */
function v2Pages(client: ApiClients['v2'], path: '/orders' | '/restocking_shipments'): OwnerList {
  return {
    first: () => client.get(path, { premise: true }),
    next: (res) => {
      const url: unknown = (res.body as { pagination?: { next_page_url?: unknown } } | undefined)?.pagination?.next_page_url;
      const next = typeof url === 'string' ? versionPathOf(url, res.exchange.url) : undefined;
      return next === undefined ? undefined : client.request({ method: 'GET', path: next, premise: true });
    },
  };
}

/** The id of the owner's first listed record that this run did not make; skips when the owner has none. */
async function firstListed(t: CheckContext, list: OwnerList, what: string): Promise<number> {
  // The owner's list only finds the record to work on: its own rules are other checks'.
  let listed: ApiResponse | undefined = await list.first();
  for (let page = 1; listed !== undefined && page <= MAX_PAGES; page++) {
    if (listed.status !== 200) return t.skip(`the owner's list of its ${what} answered ${listed.status}`);
    const id = recordId((listRecords(listed.body) ?? []).find((record) => !madeByRun(record, t.marker)));
    if (id !== undefined) return id;
    listed = await list.next(listed, page);
  }
  return t.skip(`the owner lists no ${what} of its own (not made by this run) with an integer id`);
}

/**
 * The owner's first listed record that this run did not make, read back with `read`; skips when the
 * owner has none. The search is a premise every check writing to such a record shares (`ownerName`
 * and `what` name it); the read is each check's own, just before its write.
 */
async function firstOf(t: CheckContext, ownerName: Owner, list: (owner: ApiClients) => OwnerList, read: OwnerRead, what: string): Promise<ForeignRecord> {
  const owner = t.as(ownerName);
  const found = await t.shared(`the first ${what} tokens.${ownerName} lists`, (maker) => firstListed(maker, list(maker.as(ownerName)), what));
  const first = await read(found, { premise: true });
  if (first.status !== 200) return t.skip(`the owner's own read of the first ${what} its list shows (${found}) answered ${first.status}, so it is not the owner's record to protect`);
  return { id: found, owner, before: first.body as Record<string, unknown>, read: (options) => read(found, options) };
}

/** A v1 order of `ownerName`'s sales channel, read by its owner (§4.1 GET /orders/{id}). */
export function foreignV1Order(t: CheckContext, ownerName: Owner): Promise<ForeignRecord> {
  const owner = t.as(ownerName);
  return firstOf(t, ownerName, (clients) => v1Pages(clients.v1), (id, options) => owner.v1.get('/orders/{id}', { ...options, path: { id } }), 'v1 order');
}

/** An order of the other merchant, read through v2 by its owner. */
export function foreignV2Order(t: CheckContext): Promise<ForeignRecord> {
  const owner = t.as('otherMerchant');
  return firstOf(t, 'otherMerchant', (clients) => v2Pages(clients.v2, '/orders'), (id, options) => owner.v2.get('/orders/{id}', { ...options, path: { id } }), 'v2 order');
}

/** A restocking shipment of the other merchant, read by its owner through `api`. */
export function foreignRestockingShipment(t: CheckContext, api: 'v1' | 'v2'): Promise<ForeignRecord> {
  const owner = t.as('otherMerchant');
  // v1 has no restocking list: the ids come from the owner's v2 list (the same records, §1).
  const read: OwnerRead = api === 'v1'
    ? (id, options) => owner.v1.get('/restocking_shipments/{id}', { ...options, path: { id } })
    : (id, options) => owner.v2.get('/restocking_shipments/{id}', { ...options, path: { id } });
  return firstOf(t, 'otherMerchant', (clients) => v2Pages(clients.v2, '/restocking_shipments'), read, 'restocking shipment');
}

/** Fails the check unless the owner still reads `field` of the record (at `readPath`) as it was before the refused write. */
export async function expectUnchanged(t: CheckContext, record: ForeignRecord, readPath: string, field: string, setsTo?: string): Promise<void> {
  const after = await record.read();
  t.expectStatus(after, 200, `The owner reads ${readPath} after the refused write`);
  const before = record.before[field];
  const now = (after.body as Record<string, unknown>)[field];
  // A status the service moves on its own (the owner's order is picked, a shipment arrives) may
  // change meanwhile; only the one the refused write would set shows that it went through.
  if (setsTo !== undefined) {
    if (now === setsTo && before !== setsTo) {
      t.fail({ title: `The refused write left ${field} of the owner's record as it was (§1: another's record is not the caller's)`, expected: `${field} ${JSON.stringify(before)}, or any status the service moved it to but ${setsTo}`, received: `${field} ${JSON.stringify(now)}`, response: after });
    }
    return;
  }
  t.expect(after, `${field} of the owner's record is unchanged by the refused write (§1: another's record is not the caller's)`, before, now);
}
