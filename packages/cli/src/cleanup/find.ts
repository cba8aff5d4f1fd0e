import { ClientError, type Client } from '@mfc-conformance/api/client';
import type { CleanupClients } from './clients.js';
import { carriesMarker } from './marker.js';
import { reasonOf } from './reason.js';
import type { CleanupResult, FoundRecord, ListWalk } from './types.js';

/** How far one list walk goes before it stops and says so (a merchant's lists can be long), and the page size it asks for. */
export interface WalkBounds {
  maxPages: number;
  maxRecords: number;
  pageSize: number;
}

/**
 * At most 100 pages or 5,000 records per list, asked for 100 at a time: §4.2 shows `limit` on both
 * lists but neither its default nor its maximum (§8), so any page size the target serves is walked.
 */
export const defaultBounds: WalkBounds = { maxPages: 100, maxRecords: 5_000, pageSize: 100 };

/** A v2 list cleanup walks, and the fields of its records that carry a run's marker. */
export interface MarkedList {
  path: '/orders' | '/restocking_shipments';
  kind: string;
  statusField: string;
  markerFields: readonly string[];
}

/**
 * The lists a marker is looked for in: v2 orders (merchant-wide, so orders made through v1 appear
 * too, §4.2) and v2 restocking shipments (merchant-scoped in both versions). The other records a run
 * creates (inventory batches, SKUs) have no list in the specification; a report.json names them.
 */
export const markedLists: readonly MarkedList[] = [
  { path: '/orders', kind: 'order', statusField: 'fulfillment_status', markerFields: ['merchant_order_id'] },
  { path: '/restocking_shipments', kind: 'restocking_shipment', statusField: 'status', markerFields: ['po_number', 'supplier_name', 'tracking_code'] },
];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The record `raw` as cleanup sees it; `marker` given: only when one of its marker fields carries it. */
export function foundRecord(list: MarkedList, raw: unknown, source: FoundRecord['source'], marker?: string): FoundRecord | undefined {
  if (!isObject(raw) || (typeof raw.id !== 'number' && typeof raw.id !== 'string')) return undefined;
  const field = marker === undefined
    ? list.markerFields.find((name) => typeof raw[name] === 'string')
    : list.markerFields.find((name) => carriesMarker(raw[name], marker));
  if (marker !== undefined && field === undefined) return undefined;
  const status = raw[list.statusField];
  return {
    kind: list.kind,
    id: String(raw.id),
    ...(field === undefined ? {} : { markedBy: { field, value: String(raw[field]) } }),
    ...(typeof status === 'string' ? { status } : {}),
    source,
  };
}

/** Walks one v2 list page by page for the records carrying `marker`, up to `bounds`. */
export async function walkList(client: Client<'v2'>, list: MarkedList, marker: string, bounds: WalkBounds = defaultBounds): Promise<{ found: FoundRecord[]; walk: ListWalk }> {
  const found: FoundRecord[] = [];
  let pages = 0;
  let records = 0;
  const listPages = list.path === '/orders'
    ? client.pages('/orders', { params: { query: { limit: bounds.pageSize } } })
    : client.pages('/restocking_shipments', { params: { query: { limit: bounds.pageSize } } });
  try {
    for await (const page of listPages) {
      pages += 1;
      const data: unknown[] = Array.isArray(page.data) ? page.data : [];
      records += data.length;
      for (const raw of data) {
        const record = foundRecord(list, raw, 'list', marker);
        if (record) found.push(record);
      }
      // At the bound the walk ends; only a next page makes that a stop before the end of the list.
      if ((pages >= bounds.maxPages || records >= bounds.maxRecords) && page.pagination?.next_page_url) {
        return { found, walk: { path: list.path, pages, records, stopped: true } };
      }
    }
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    return { found, walk: { path: list.path, pages, records, stopped: false, failure: reasonOf(error) } };
  }
  return { found, walk: { path: list.path, pages, records, stopped: false } };
}

// run.created names a record by its collection (src/checks/created.ts): the API's words, singular.
const reportedKinds: Readonly<Record<string, string>> = {
  orders: 'order',
  restocking_shipments: 'restocking_shipment',
  inventory_batches: 'inventory_batch',
  skus: 'sku',
};

/** The kind cleanup names a `run.created` entry by (`orders` → `order`). */
export function reportedKind(kind: string): string {
  return reportedKinds[kind] ?? kind;
}

/**
 * A SKU of `run.created` with its status, read as `readSku` reads it (v2 GET /skus/{id}, not shown in the
 * specification): a target without that read, or one that shows no status there, leaves it unknown
 * (`statusUnread`), and cleanup then deletes the SKU as it would without the read.
 */
async function readSkuStatus(readSku: CleanupClients['readSku'], bare: FoundRecord): Promise<FoundRecord> {
  const unread = (why: string): FoundRecord => ({ ...bare, statusUnread: why });
  if (!/^[0-9]+$/.test(bare.id)) return bare;
  try {
    const answer = await readSku(Number(bare.id));
    if (answer.status !== 200) return unread(`v2 GET /skus/${bare.id} answered ${answer.status}`);
    const status: unknown = isObject(answer.body) ? answer.body.status : undefined;
    return typeof status === 'string' ? { ...bare, status } : unread(`v2 GET /skus/${bare.id} shows no status`);
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    return unread(`v2 GET /skus/${bare.id}: ${reasonOf(error)}`);
  }
}

/**
 * A record of `run.created` read by its id, to learn its marker field and status (a SKU: its status
 * alone, `readSkuStatus`); a kind without a cancel or delete operation, or a record the target no longer
 * shows, is already its result. Orders and restocking shipments made through v1 are read through v2 by
 * the same id: v1 and v2 address the merchant's records alike (§1, §5.3), as the suites' cross-version checks do.
 */
export async function readReported(clients: Pick<CleanupClients, 'v2' | 'readSku'>, entry: { api: 'v1' | 'v2'; kind: string; id: string }): Promise<FoundRecord | CleanupResult> {
  const client = clients.v2;
  const kind = reportedKind(entry.kind);
  const list = markedLists.find((candidate) => candidate.kind === kind);
  const bare: FoundRecord = { kind, id: entry.id, source: 'report', api: entry.api };
  if (kind === 'sku') return readSkuStatus(clients.readSku, bare);
  if (!list) return { ...bare, action: 'left', reason: 'no cancel or delete operation in the specification' };
  if (!/^[0-9]+$/.test(entry.id)) return { ...bare, action: 'left', reason: `id "${entry.id}" is not an integer the v2 API can address` };
  const params = { params: { path: { id: Number(entry.id) } } };
  try {
    const answer = list.path === '/orders' ? await client.GET('/orders/{id}', params) : await client.GET('/restocking_shipments/{id}', params);
    if (answer.ok) return { ...(foundRecord(list, answer.data, 'report') ?? bare), api: entry.api };
    if (answer.status === 404) return { ...bare, action: 'left', reason: `v2 GET ${list.path}/${entry.id} answered 404: the target no longer shows it` };
    return { ...bare, action: 'failed', reason: `could not be read: ${reasonOf(answer.error)}` };
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    return { ...bare, action: 'failed', reason: `could not be read: ${reasonOf(error)}` };
  }
}
