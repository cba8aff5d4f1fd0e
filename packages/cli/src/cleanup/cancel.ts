import { ClientError, type Client } from '@mfc-conformance/api/client';
import { reasonOf } from './reason.js';
import type { CleanupAction, FoundRecord } from './types.js';

// §3.2: which order states permit cancellation is not shown. A shipped order has nothing left to
// cancel and an ignored one will not be fulfilled; every other state is tried and the target decides.
const finalOrderStates: Readonly<Record<string, string>> = {
  shipped: 'shipped: every item has left the warehouse (§3.2), nothing left to cancel',
  ignored: 'ignored: the service will not fulfil it (§3.2), nothing left to cancel',
};

// §3.1: created and shipped are the states in which a restocking shipment can still be changed;
// from received (v2) or delivered (v1) on it is at the warehouse.
const changeableShipmentStates: readonly string[] = ['created', 'shipped'];

/** What cleanup does with `record` before any write: `cancel`, `delete` (a v1 SKU), or the action it settles on without one. */
export function decide(record: FoundRecord): CleanupAction | { action: 'cancel' } | { action: 'delete' } {
  if (record.status === 'cancelled') return { action: 'already-cancelled' };
  if (!/^[0-9]+$/.test(record.id)) return { action: 'left', reason: `id "${record.id}" is not an integer the cancel operation can address` };
  // §2.6: DELETE /skus/{id} sets a SKU deleted (and a later create or update makes it active again): one
  // reading deleted has nothing left to delete; one whose status is unknown is deleted.
  if (record.kind === 'sku') return record.status === 'deleted' ? { action: 'already-deleted' } : { action: 'delete' };
  if (record.kind === 'order') {
    const reason = record.status === undefined ? undefined : finalOrderStates[record.status];
    return reason === undefined ? { action: 'cancel' } : { action: 'left', reason };
  }
  if (record.kind === 'restocking_shipment') {
    if (record.status === undefined || changeableShipmentStates.includes(record.status)) return { action: 'cancel' };
    return { action: 'left', reason: `in status ${record.status}: only a created or shipped restocking shipment is cancelled (§3.1)` };
  }
  return { action: 'left', reason: 'no cancel or delete operation in the specification' };
}

const statusFields: Readonly<Record<string, string>> = { order: 'fulfillment_status', restocking_shipment: 'status' };

/**
 * Deletes a SKU the run created through v1 DELETE /skus/{id} (§4.1 names it; §2.6: it sets the status
 * deleted). Deleting one the run already deleted sets nothing new: the answer is taken at its word.
 */
export async function deleteSku(client: Client<'v1'>, record: FoundRecord): Promise<CleanupAction> {
  try {
    const answer = await client.DELETE('/skus/{id}', { params: { path: { id: Number(record.id) } } });
    if (answer.ok) return { action: 'deleted' };
    if (answer.status === 404) return { action: 'left', reason: 'DELETE /skus/{id} answered 404: the target no longer shows it' };
    return { action: 'failed', reason: `could not be deleted: ${reasonOf(answer.error)}` };
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    return { action: 'failed', reason: `could not be deleted: ${reasonOf(error)}` };
  }
}

/**
 * Cancels `record` through v2 PUT …/{id}/cancel. A 200 whose body shows the record in another status
 * than cancelled is a failure; an empty body or one without the status is taken at its word (§4.2
 * does not show the success body).
 */
export async function cancel(client: Client<'v2'>, record: FoundRecord): Promise<CleanupAction> {
  const params = { params: { path: { id: Number(record.id) } } };
  try {
    const answer = record.kind === 'order'
      ? await client.PUT('/orders/{id}/cancel', params)
      : await client.PUT('/restocking_shipments/{id}/cancel', params);
    if (!answer.ok) return { action: 'failed', reason: `could not be cancelled: ${reasonOf(answer.error)}` };
    const data: unknown = answer.data;
    const field = statusFields[record.kind] ?? 'status';
    const status = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
    if (typeof status === 'string' && status !== 'cancelled') {
      return { action: 'failed', reason: `could not be cancelled: the cancel answered ${answer.status} but the record shows ${field} ${status}` };
    }
    return { action: 'cancelled' };
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    return { action: 'failed', reason: `could not be cancelled: ${reasonOf(error)}` };
  }
}
