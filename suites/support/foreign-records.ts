// Records that belong to someone else (§1 scoping), found through their owners' own tokens, and
// what the owner reads of them: a refused write must leave that unchanged.
import type { ApiClient, ApiClients, CheckContext } from '../../src/checks/index.js';
import { listRecords, recordId } from './scope.js';

/** The profile tokens that own records the primary token must not touch. */
export type Owner = 'sameMerchantOtherChannel' | 'otherMerchant';

/** A record of another owner: its id and that owner's clients. */
export interface ForeignRecord {
  id: number;
  owner: ApiClients;
  /** The record as its owner reads it before the check's write. */
  before: Record<string, unknown>;
}

/** The owner's first record of a list (`lister`), read back by `reader`; skips when the owner has none. */
async function firstOf(t: CheckContext, owner: ApiClients, lister: ApiClient, listPath: string, reader: ApiClient, readPath: (id: number) => string, what: string): Promise<ForeignRecord> {
  // The owner's list and read only find the record to work on: their own rules are other checks'.
  const list = await lister.get(listPath, { premise: true });
  if (list.status !== 200) return t.skip(`the owner's list of its ${what} answered ${list.status}`);
  const id = recordId(listRecords(list.body)?.[0]);
  if (id === undefined) return t.skip(`the owner lists no ${what} with an integer id`);
  const read = await reader.get(readPath(id), { premise: true });
  if (read.status !== 200) return t.skip(`the owner's own read of the first ${what} its list shows (${id}) answered ${read.status}, so it is not the owner's record to protect`);
  return { id, owner, before: read.body as Record<string, unknown> };
}

/** A v1 order of `ownerName`'s sales channel, read by its owner (§4.1 GET /orders/{id}). */
export function foreignV1Order(t: CheckContext, ownerName: Owner): Promise<ForeignRecord> {
  const owner = t.as(ownerName);
  return firstOf(t, owner, owner.v1, '/orders', owner.v1, (id) => `/orders/${id}`, 'v1 order');
}

/** An order of the other merchant, read through v2 by its owner. */
export function foreignV2Order(t: CheckContext): Promise<ForeignRecord> {
  const owner = t.as('otherMerchant');
  return firstOf(t, owner, owner.v2, '/orders', owner.v2, (id) => `/orders/${id}`, 'v2 order');
}

/** A restocking shipment of the other merchant, read by its owner through `api`. */
export function foreignRestockingShipment(t: CheckContext, api: 'v1' | 'v2'): Promise<ForeignRecord> {
  const owner = t.as('otherMerchant');
  // v1 has no restocking list: the ids come from the owner's v2 list (the same records, §1).
  return firstOf(t, owner, owner.v2, '/restocking_shipments', owner[api], (id) => `/restocking_shipments/${id}`, 'restocking shipment');
}

/** Fails the check unless the owner still reads `field` of the record as it was before the refused write. */
export async function expectUnchanged(t: CheckContext, record: ForeignRecord, client: ApiClient, readPath: string, field: string): Promise<void> {
  const after = await client.get(readPath);
  t.expectStatus(after, 200, `The owner reads ${readPath} after the refused write`);
  t.expect(after, `${field} of the owner's record is unchanged by the refused write (§1: another's record is not the caller's)`, record.before[field], (after.body as Record<string, unknown>)[field]);
}
