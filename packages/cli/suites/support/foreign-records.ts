// Records that belong to someone else (§1 scoping), found through their owners' own tokens, and
// what the owner reads of them: a refused write must leave that unchanged.
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

/** The owner's first record of its list, read back with `read`; skips when the owner has none. */
async function firstOf(t: CheckContext, owner: ApiClients, list: (options: SendOptions) => Promise<ApiResponse>, read: OwnerRead, what: string): Promise<ForeignRecord> {
  // The owner's list and read only find the record to work on: their own rules are other checks'.
  const listed = await list({ premise: true });
  if (listed.status !== 200) return t.skip(`the owner's list of its ${what} answered ${listed.status}`);
  const id = recordId(listRecords(listed.body)?.[0]);
  if (id === undefined) return t.skip(`the owner lists no ${what} with an integer id`);
  const first = await read(id, { premise: true });
  if (first.status !== 200) return t.skip(`the owner's own read of the first ${what} its list shows (${id}) answered ${first.status}, so it is not the owner's record to protect`);
  return { id, owner, before: first.body as Record<string, unknown>, read: (options) => read(id, options) };
}

/** A v1 order of `ownerName`'s sales channel, read by its owner (§4.1 GET /orders/{id}). */
export function foreignV1Order(t: CheckContext, ownerName: Owner): Promise<ForeignRecord> {
  const owner = t.as(ownerName);
  return firstOf(t, owner, (options) => owner.v1.get('/orders', options), (id, options) => owner.v1.get('/orders/{id}', { ...options, path: { id } }), 'v1 order');
}

/** An order of the other merchant, read through v2 by its owner. */
export function foreignV2Order(t: CheckContext): Promise<ForeignRecord> {
  const owner = t.as('otherMerchant');
  return firstOf(t, owner, (options) => owner.v2.get('/orders', options), (id, options) => owner.v2.get('/orders/{id}', { ...options, path: { id } }), 'v2 order');
}

/** A restocking shipment of the other merchant, read by its owner through `api`. */
export function foreignRestockingShipment(t: CheckContext, api: 'v1' | 'v2'): Promise<ForeignRecord> {
  const owner = t.as('otherMerchant');
  // v1 has no restocking list: the ids come from the owner's v2 list (the same records, §1).
  const read: OwnerRead = api === 'v1'
    ? (id, options) => owner.v1.get('/restocking_shipments/{id}', { ...options, path: { id } })
    : (id, options) => owner.v2.get('/restocking_shipments/{id}', { ...options, path: { id } });
  return firstOf(t, owner, (options) => owner.v2.get('/restocking_shipments', options), read, 'restocking shipment');
}

/** Fails the check unless the owner still reads `field` of the record (at `readPath`) as it was before the refused write. */
export async function expectUnchanged(t: CheckContext, record: ForeignRecord, readPath: string, field: string): Promise<void> {
  const after = await record.read();
  t.expectStatus(after, 200, `The owner reads ${readPath} after the refused write`);
  t.expect(after, `${field} of the owner's record is unchanged by the refused write (§1: another's record is not the caller's)`, record.before[field], (after.body as Record<string, unknown>)[field]);
}
