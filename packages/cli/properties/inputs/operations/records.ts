// What the generated-input operations share about records: the run's unique ids a case's generated
// id is bound to, and the judgements of what a refused case leaves behind.
import type { ApiResponse, CheckContext } from '../../../src/checks/index.js';
import { cancelAtEnd } from '../../../suites/support/cancel.js';
import { recordId } from '../../../suites/support/scope.js';
import { byMerchantOrderIdQuery } from '../../../suites/support/v2-orders.js';
import type { Problem } from '../operation.js';

/**
 * `input` with the generated text at `property` appended to a unique id of the run
 * (`mfc-<run>-<kind>-<n>-<text>`): a case never collides with another, and cleanup finds the record by
 * the run's marker. A value that is not text (a break) is sent as drawn.
 */
export function withUniqueId(t: CheckContext, input: unknown, property: string, kind: string): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const suffix = (input as Record<string, unknown>)[property];
  if (typeof suffix !== 'string') return input;
  const unique = t.uniqueId(kind);
  return { ...input, [property]: suffix === '' ? unique : `${unique}-${suffix}` };
}

/** The record an answer made, when it is a success with an id: cancelled (v2) when the check ends. */
export function cancelCreated(t: CheckContext, kind: 'orders' | 'restocking_shipments', answer: ApiResponse): void {
  const id = recordId(answer.body);
  if (answer.status >= 200 && answer.status < 300 && id !== undefined) cancelAtEnd(t, kind, id);
}

/**
 * After a refused order create: no order of the profile's sales channel has the case's merchant order id
 * (v2 GET /orders/by_merchant_order_id answers 404). A lookup the target does not understand (400, 422:
 * the query names are the toolkit's, §4.2) judges nothing; an order found is cancelled.
 */
export async function noOrderLeftBehind(t: CheckContext, body: unknown): Promise<Problem | undefined> {
  const merchantOrderId = (body as Record<string, unknown> | null)?.merchant_order_id;
  if (typeof merchantOrderId !== 'string') return undefined;
  const found = await t.v2.get('/orders/by_merchant_order_id', { query: byMerchantOrderIdQuery(merchantOrderId, t.fixtures.salesChannelId), validate: false });
  if (found.status !== 200) return undefined;
  cancelCreated(t, 'orders', found);
  return {
    title: 'A refused order create leaves nothing behind (§7): no order has its merchant_order_id',
    expected: `no order ${JSON.stringify(merchantOrderId)} (GET /orders/by_merchant_order_id answering 404)`,
    received: `status 200: order ${JSON.stringify(recordId(found.body) ?? null)}`,
    response: found,
  };
}

/** A record as read, without what changes by itself (updated_at), keys sorted: what a refused write must leave as it was. */
function state(record: unknown): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.keys(value).filter((key) => key !== 'updated_at').sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]));
  };
  return JSON.stringify(sorted(record));
}

/** The last state of the record a check's cases update: what a refused case must leave unchanged. */
export interface UpdatedRecord {
  id: number;
  /** The record as last read after an accepted case (or as created). */
  last: unknown;
}

/** After a refused update: the record `read` shows is the one last read (updated_at aside), else a problem. */
export function unchangedRecord(record: UpdatedRecord, read: ApiResponse, what: string): Problem | undefined {
  if (read.status !== 200 || state(read.body) === state(record.last)) return undefined;
  return {
    title: `${what}: a refused update changes nothing (§7)`,
    expected: state(record.last).slice(0, 600),
    received: state(read.body).slice(0, 600),
    response: read,
  };
}
