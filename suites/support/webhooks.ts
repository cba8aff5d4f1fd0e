// What the webhook checks (§6) share: the status changes a run may trigger on records it creates
// (cancellations), and how to find what they caused among the deliveries. Deliveries arrive in any
// order, may repeat and may include events the run did not trigger (§6.3 point 5), so every
// expectation is matched by resource id and status, never by arrival order.
import { isDeepStrictEqual } from 'node:util';
import { inject } from 'vitest';
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';
import type { Delivery } from '../../src/webhooks/index.js';
import { v1RestockingBody, v2RestockingBody } from './restocking.js';
import { requireSuccess } from './success.js';

/** How long to wait for a delivery when the profile gives no `webhooks.timeoutMs` (the CONTRACT §2 example). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** §6.3 point 3: how long the target waits for an answer before it counts the call as timed out. */
export const ANSWER_LIMIT_MS = 5_000;

/** The profile's webhook timings, with the default wait filled in. */
export function webhookTimings(t: CheckContext): { timeoutMs: number; retryWithinMs: number | undefined } {
  const settings = t.profile.webhooks;
  return { timeoutMs: settings?.timeoutMs ?? DEFAULT_TIMEOUT_MS, retryWithinMs: settings?.retryWithinMs };
}

// What a check's requests (and their pacing, which may wait for the next minute) need of its time.
const REQUEST_ALLOWANCE_MS = 20_000;

/**
 * Skips the check when waiting `waitMs` for deliveries would not fit in the time one check may
 * take (the run's check timeout): a long `retryWithinMs` must not turn into a timed-out failure.
 */
export function ensureTimeFor(t: CheckContext, waitMs: number): void {
  const { checkTimeoutMs } = inject('mfcRun');
  if (waitMs + REQUEST_ALLOWANCE_MS <= checkTimeoutMs) return;
  t.skip(`the webhook waits this check needs (${waitMs} ms, from webhooks.timeoutMs and retryWithinMs) do not fit in the ${checkTimeoutMs} ms one check may take`);
}

/** One status change a check expects to be announced: to which version's path, about which record. */
export interface StatusChange {
  api: 'v1' | 'v2';
  /** The v2 envelope's `event_type`; v1 bodies carry no event name. */
  eventType?: string;
  id: number;
  /** The payload field holding the status: `status` (restocking shipments) or `fulfillment_status` (orders). */
  field: 'status' | 'fulfillment_status';
  status: string;
}

/** The change a restocking cancellation announces to one version (§3.1, §6.1, §6.2). */
export function restockingCancelled(api: 'v1' | 'v2', id: number): StatusChange {
  return api === 'v1'
    ? { api, id, field: 'status', status: 'cancelled' }
    : { api, eventType: 'restocking_shipment.status_updated', id, field: 'status', status: 'cancelled' };
}

/** The change a v2 order cancellation announces (§3.2, §6.2). */
export function orderCancelled(id: number): StatusChange {
  return { api: 'v2', eventType: 'order.status_updated', id, field: 'fulfillment_status', status: 'cancelled' };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deliveries announcing `change`, read from the body even when the payload is invalid. */
export function announces(change: StatusChange): (delivery: Delivery) => boolean {
  return (delivery) =>
    delivery.api === change.api &&
    delivery.resource?.id === change.id &&
    delivery.resource[change.field] === change.status &&
    (change.eventType === undefined || (isObject(delivery.body) && delivery.body['event_type'] === change.eventType));
}

/** `delivery 3 to /webhooks/v1 (id=1001, status=cancelled, event id …, answered 204)`: one delivery for a failure message. */
export function describeDelivery(delivery: Delivery): string {
  const body = isObject(delivery.body) ? delivery.body : {};
  const parts = [`id=${String(delivery.resource?.id)}`];
  if (typeof body['event_type'] === 'string') parts.unshift(body['event_type']);
  for (const field of ['status', 'fulfillment_status'] as const) {
    if (delivery.resource?.[field] !== undefined) parts.push(`${field}=${String(delivery.resource[field])}`);
  }
  parts.push(delivery.eventId === undefined ? 'no event id' : `event id ${delivery.eventId}`);
  parts.push(delivery.answer === 'hang' ? 'held open' : delivery.answer === 'drop' ? 'connection closed' : `answered ${String(delivery.answer)}`);
  return `delivery ${delivery.seq} to ${delivery.path} (${parts.join(', ')})`;
}

/** What the receiver got about the record of `change`, for the Received line of a failure. */
export function deliveriesAbout(t: CheckContext, change: StatusChange): string {
  const about = t.webhooks.deliveries.filter((delivery) => delivery.api === change.api && delivery.resource?.id === change.id);
  if (about.length === 0) return `no ${change.api} delivery about id ${change.id} (${t.webhooks.deliveries.length} deliveries in all)`;
  return about.map(describeDelivery).join('; ');
}

/** `restocking_shipment.status_updated for id 1001 with status cancelled`. */
export function describeChange(change: StatusChange): string {
  const event = change.eventType ?? (change.api === 'v1' ? 'v1 status event' : 'v2 event');
  return `${event} for id ${change.id} with ${change.field} ${change.status}`;
}

/** Ends the check: nothing announcing `change` arrived within `timeoutMs`; lists what came about that record. */
export function failNoDelivery(t: CheckContext, change: StatusChange, timeoutMs: number): never {
  const settings = t.profile.webhooks;
  return t.fail({
    title: `No ${describeChange(change)} arrived within ${timeoutMs} ms of the status change (§6)`,
    expected: `a POST to ${change.api === 'v1' ? settings?.v1Path : settings?.v2Path} announcing ${describeChange(change)}`,
    received: deliveriesAbout(t, change),
  });
}

/** The first delivery announcing `change` (already here or yet to come); fails the check after `timeoutMs`. */
export async function awaitDelivery(t: CheckContext, change: StatusChange, timeoutMs: number): Promise<Delivery> {
  return (await t.webhooks.waitFor(announces(change), timeoutMs)) ?? failNoDelivery(t, change, timeoutMs);
}

/**
 * Waits for a call announcing `change` whose x-service-signature verifies with the signing token
 * (§6.3 point 1) and fails after `timeoutMs` naming why the first such call did not. One such call
 * is what is required: §6.1 sends v1 restocking events to every sales channel of the merchant that
 * registered a URL, each keyed with its own channel's token.
 */
export async function expectSigned(t: CheckContext, change: StatusChange, timeoutMs: number): Promise<void> {
  const signed = await t.webhooks.waitFor((delivery) => announces(change)(delivery) && delivery.signature?.valid === true, timeoutMs);
  if (signed !== undefined) return;
  const first = t.webhooks.deliveries.find(announces(change)) ?? failNoDelivery(t, change, timeoutMs);
  t.fail({
    title: `${describeDelivery(first)} carries a valid x-service-signature (§6.3 point 1${change.api === 'v2' ? '; required in v2, §6.2' : ''})`,
    expected: 'the hex HMAC-SHA256 of the raw body keyed with the signing token (webhooks.signingToken, else tokens.primary)',
    received: first.signature?.valid === false ? first.signature.message : 'a call the receiver could not verify',
  });
}

/**
 * Whether a later call is a retry of `first` (§6.3 point 2): it carries the same
 * x-service-event-id, or, when the first carried none, the same bytes to the same path.
 */
export function isRetryOf(first: Delivery): (delivery: Delivery) => boolean {
  return (delivery) => {
    if (delivery.seq <= first.seq || delivery.path !== first.path) return false;
    return first.eventId !== undefined ? delivery.eventId === first.eventId : delivery.rawBody.equals(first.rawBody);
  };
}

/** The top-level payload fields whose values differ between two bodies, for a failure message. */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!isObject(before) || !isObject(after)) return isDeepStrictEqual(before, after) ? [] : ['(root)'];
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => !isDeepStrictEqual(before[name], after[name]));
}

/** A record the run created, and the one status change it may make to it. */
export interface Trigger {
  id: number;
  /** Makes the change; skips the check when the target refuses it (which states permit it is not shown). */
  cancel(): Promise<void>;
  /** Sends the cancel and returns the answer, unjudged, for a check that has another way to cause an event. */
  attempt(): Promise<ApiResponse>;
}

/**
 * Creates a restocking shipment of the run through `api` (§4.1 v1, §4.2 v2; it starts in shipped)
 * whose cancellation (PUT /restocking_shipments/{id}/cancel, v2 only) is the status change the
 * webhook checks observe. Left uncancelled by the check, it is cancelled in cleanup.
 */
export async function restockingShipmentToCancel(t: CheckContext, api: 'v1' | 'v2'): Promise<Trigger> {
  const { warehouseId, sku } = t.fixtures;
  if (warehouseId === undefined || sku === undefined) return t.skip('needs fixtures.warehouseId, fixtures.sku in the profile');
  const body = api === 'v1' ? v1RestockingBody(t) : v2RestockingBody(t);
  // Outside ASCII on purpose: the signature covers the UTF-8 bytes sent, not a re-encoding (§6.3).
  const created = await t[api].post('/restocking_shipments', { ...body, supplier_name: `${t.marker} Lieferant Müller` }, { premise: true });
  // The create's own rules are v1/v2.restocking.create.*'s: here it only makes a shipment to cancel.
  requireSuccess(t, created, `POST /restocking_shipments (${api}) creates the shipment whose cancellation is announced`);
  const id = (created.body as { id: number }).id;
  let cancelled = false;
  t.cleanup(async () => {
    if (!cancelled) await t.v2.put(`/restocking_shipments/${id}/cancel`, undefined, { validate: false });
  });
  const path = `/restocking_shipments/${id}/cancel`;
  return {
    id,
    cancel: async () => {
      cancelled = true;
      await cancelToTrigger(t, path, `restocking shipment ${id}`);
    },
    attempt: () => {
      cancelled = true;
      return t.v2.put(path, undefined, { validate: false });
    },
  };
}

/**
 * Sends a v2 cancel whose status change a webhook check observes. Its success code and body are not
 * shown (§4.2) and which states permit it is not shown (§3.1, §3.2): a refusal skips the check, since
 * no status change could be triggered; only the 2xx class is asked of a success.
 */
export async function cancelToTrigger(t: CheckContext, path: string, what: string): Promise<void> {
  const answer = await t.v2.put(path, undefined, { validate: false });
  requireSuccess(t, answer, `PUT ${path.replace(/\/\d+\//, '/{id}/')} (v2) cancelling ${what}, the status change the webhook announces`);
  // A cancel that answered success but changed nothing announces nothing: the cancel checks report it.
  const after = await t.v2.get(path.replace(/\/cancel$/, ''), { premise: true });
  const status: unknown = after.body?.status ?? after.body?.fulfillment_status;
  if (after.status === 200 && status !== 'cancelled') t.skip(`${what} reads ${JSON.stringify(status)} after its cancel answered ${answer.status}: no status change to announce`);
}
