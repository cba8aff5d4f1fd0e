// What the webhook checks (§6) share: the status changes a run may trigger on records it creates
// (cancellations), and how to find what they caused among the deliveries. Deliveries arrive in any
// order, may repeat and may include events the run did not trigger (§6.3 point 5), so every
// expectation is matched by resource id and status, never by arrival order.
import { isDeepStrictEqual } from 'node:util';
import { profileSecrets, type ApiResponse, type CheckContext } from '../../src/checks/index.js';
import { createRedactor } from '../../src/http/index.js';
import { SIGNATURE_HEADER, answerText, deliveryText, type Answer, type Delivery } from '../../src/webhooks/index.js';
import { v1RestockingBody, v2RestockingBody } from './restocking.js';
import { recordId } from './scope.js';
import { requireSuccess } from './success.js';
import { judgeSignature } from './webhook-signature.js';
import { clockOf, type ClockReading } from './event-time.js';

/** How long to wait for a delivery when the profile gives no `webhooks.timeoutMs` (docs/PROFILE.md). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** §6.3 point 3: how long the target waits for an answer, when the profile gives no `webhooks.answerLimitMs`. */
export const DEFAULT_ANSWER_LIMIT_MS = 5_000;

/**
 * What the webhook checks wait, all from the profile's `webhooks`: against a real deployment the
 * specification's 5 s answer limit and the deployment's retry wait, against the reference server
 * the scaled values its `--profile-out` writes, so that no wait is a fixed number of seconds.
 */
export interface WebhookTimings {
  /** How long to wait for a delivery after the change that causes it (`timeoutMs`). */
  timeoutMs: number;
  /** The deployment's first retry wait plus a margin (`retryWithinMs`); undefined when not given. */
  retryWithinMs: number | undefined;
  /** How long the deployment waits for an answer (`answerLimitMs`, §6.3 point 3). */
  answerLimitMs: number;
  /**
   * A slow answer that is still in time: half the answer limit (2.5 s of the spec's 5), past the 2/5 a
   * sender that gives up early waits, and far enough inside the limit that a machine busy for a second
   * does not carry it past.
   */
  slowAnswerMs: number;
  /**
   * What a sender does at once arrives within this: the copy of a call to another URL, a followed
   * redirect, the other calls of one change. 2/5 of the answer limit (2 s of 5): the sender's own
   * measure of how long a call may take, kept well inside it.
   */
  promptMs: number;
}

/** The profile's webhook timings, with the defaults filled in. */
export function webhookTimings(t: CheckContext): WebhookTimings {
  const settings = t.profile.webhooks;
  const answerLimitMs = settings?.answerLimitMs ?? DEFAULT_ANSWER_LIMIT_MS;
  return {
    timeoutMs: settings?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retryWithinMs: settings?.retryWithinMs,
    answerLimitMs,
    slowAnswerMs: Math.round(answerLimitMs / 2),
    promptMs: Math.round((answerLimitMs * 2) / 5),
  };
}

// How a watch steps through its window, and how late a step may end before the time past its length
// counts as time this process could not look.
const WATCH_STEP_MS = 100;
const WATCH_LAG_ALLOWANCE_MS = 20;

/**
 * Watches `ms` of time this process could look: how a check waits for calls that must not come (a
 * retry, a copy), never how it synchronises. Every step reads the calls already waiting first
 * (setImmediate runs after them), so a run too busy to look does not miss one that came within the
 * window; and a step the machine held up counts only for its own length, so the window is not spent
 * while nothing could run (on a busy machine a sender that shares it is held up too).
 */
export async function watch(ms: number): Promise<void> {
  let watched = 0;
  while (watched < ms) {
    const step = Math.min(WATCH_STEP_MS, ms - watched);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(() => setImmediate(resolve), step));
    const took = performance.now() - started;
    watched += took > step + WATCH_LAG_ALLOWANCE_MS ? step : took;
  }
}

/**
 * How long after the first call its retry would arrive: as long as the call was held (its answer's
 * delay; for a hung one the answer limit, after which the sender gives up), then `retryWithinMs`, the
 * first retry wait with the margin the profile gives it for the retry's trip. A check that expects no
 * retry watches this long; one that expects a retry waits `timeoutMs` more before calling it missing.
 */
export function retryWindowMs(t: CheckContext, answer: Answer): number {
  return heldMs(t, answer) + (webhookTimings(t).retryWithinMs ?? 0);
}

/** How long after its arrival a call answered `answer` has its outcome for the sender: the answer's delay, or the answer limit for a hung one. */
export function heldMs(t: CheckContext, answer: Answer): number {
  if (answer === 'hang') return webhookTimings(t).answerLimitMs;
  return answer === 'drop' ? 0 : (answer.delayMs ?? 0);
}

// What a check's requests (and their pacing, which may wait for the next minute) need of its time.
const REQUEST_ALLOWANCE_MS = 20_000;

/**
 * Skips the check when waiting `waitMs` for deliveries would not fit in the time one check may
 * take (the run's check timeout): a long `retryWithinMs` must not turn into a timed-out failure.
 */
export function ensureTimeFor(t: CheckContext, waitMs: number): void {
  const { checkTimeoutMs } = t;
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
    // An id of digits in a string is the record's id: the payload's types are the payload checks' rule.
    recordId(delivery.resource) === change.id &&
    delivery.resource?.[change.field] === change.status &&
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
  parts.push(answerText(delivery));
  return `delivery ${delivery.seq} to ${delivery.path} (${parts.join(', ')})`;
}

/**
 * The Received text of a failure about a delivery: what it showed, then the delivery itself (request
 * line, answer, the §6.3 headers, the raw body truncated) and any `details`, tokens redacted. A
 * webhook failure's evidence is the call the deployment made, not the API calls that caused it.
 */
export function receivedDelivery(t: CheckContext, delivery: Delivery, what: string, details: readonly string[] = []): string {
  const redact = createRedactor(profileSecrets(t.profile));
  return [redact(what), deliveryText(delivery, redact), ...details.map((line) => `  ${redact(line)}`)].join('\n');
}

/** What the receiver got about the record of `change`, for the Received line of a failure. */
export function deliveriesAbout(t: CheckContext, change: StatusChange): string {
  const about = t.webhooks.deliveries.filter((delivery) => delivery.api === change.api && recordId(delivery.resource) === change.id);
  if (about.length === 0) return `no ${change.api} delivery about id ${change.id} (${t.webhooks.deliveries.length} deliveries in all)`;
  return about.map(describeDelivery).join('; ');
}

/** `restocking_shipment.status_updated for id 1001 with status cancelled`. */
export function describeChange(change: StatusChange): string {
  const event = change.eventType ?? (change.api === 'v1' ? 'v1 status event' : 'v2 event');
  return `${event} for id ${change.id} with ${change.field} ${change.status}`;
}

/**
 * Whose rule "this change delivers its event" is (§3.1, §6.1, §6.2): the check that triggers the change
 * only to see its event. The other webhook checks need a delivery to judge it (its signature, event id,
 * retries, answers), so when none comes they skip naming this one: one defect, one failing check.
 */
export function eventOwner(change: StatusChange): string {
  return change.eventType === 'order.status_updated' ? 'v2.webhooks.order-status-updated' : `${change.api}.webhooks.restocking-status-updated`;
}

/** What a check that waits for a delivery does when none comes: fails (the event's owner) or skips (a check that needed it only to judge it). */
export type DeliveryRole = 'owner' | 'premise';

/**
 * Ends the check: nothing announcing `change` arrived within `timeoutMs`. The event's owner
 * (`eventOwner`) fails, listing what came about that record; any other check skips, naming it.
 */
export async function failNoDelivery(t: CheckContext, change: StatusChange, timeoutMs: number, role: DeliveryRole = 'premise'): Promise<never> {
  await skipUnlessChanged(t, change);
  const settings = t.profile.webhooks;
  const waited = `within ${timeoutMs} ms of the status change (webhooks.timeoutMs${settings?.timeoutMs === undefined ? ', the default' : ''})`;
  if (role === 'premise') {
    return t.skip(`no ${describeChange(change)} arrived ${waited}, and this check judges that call: whether the change delivers its event is ${eventOwner(change)}'s rule`);
  }
  return t.fail({
    title: `No ${describeChange(change)} arrived ${waited} (§6)`,
    expected: `a POST to ${change.api === 'v1' ? settings?.v1Path : settings?.v2Path} announcing ${describeChange(change)}; a deployment that delivers later needs a larger webhooks.timeoutMs`,
    received: deliveriesAbout(t, change),
  });
}

/** The first delivery announcing `change` (already here or yet to come); after `timeoutMs` without one, `failNoDelivery` as `role`. */
export async function awaitDelivery(t: CheckContext, change: StatusChange, timeoutMs: number, role: DeliveryRole = 'premise'): Promise<Delivery> {
  return (await t.webhooks.waitFor(announces(change), timeoutMs)) ?? await failNoDelivery(t, change, timeoutMs, role);
}

/**
 * Judges the x-service-signature of the calls announcing `change` with the profile's keys
 * (`judgeSignature`, §6.3 point 1): passes once one is signed with the signing key, fails naming
 * the call and the keys tried when one is signed wrongly, and skips, naming webhooks.signingToken,
 * when without it the key cannot be told. One signed call is what is required: §6.1 sends v1
 * restocking events to every sales channel of the merchant that registered a URL, each keyed with
 * its own channel's token, so once the first call is here the others of the change get `promptMs`.
 */
export async function expectSigned(t: CheckContext, change: StatusChange, timeoutMs: number): Promise<void> {
  const startedAt = Date.now();
  await awaitDelivery(t, change, timeoutMs);
  const isSigned = (delivery: Delivery): boolean => announces(change)(delivery) && judgeSignature(delivery, t.profile).verdict === 'signed';
  if ((await t.webhooks.waitFor(isSigned, webhookTimings(t).promptMs)) !== undefined) return;
  const judgeAll = () => t.webhooks.deliveries.filter(announces(change)).map((delivery) => ({ delivery, judgement: judgeSignature(delivery, t.profile) }));
  let judged = judgeAll();
  // With only copies no key of the profile can judge so far (another channel's, §6.1; the order of
  // calls is not guaranteed, §6.3), the signed one gets the rest of the wait.
  if (judged.every((call) => call.judgement.verdict === 'unjudged') && t.profile.webhooks?.signingToken !== undefined) {
    if ((await t.webhooks.waitFor(isSigned, Math.max(0, timeoutMs - (Date.now() - startedAt)))) !== undefined) return;
    judged = judgeAll();
  }
  const { delivery, judgement } = judged.find((call) => call.judgement.verdict === 'wrong') ?? judged[0]!;
  if (judgement.verdict === 'signed') return;
  if (judgement.verdict === 'unjudged') t.skip(judgement.reason);
  t.fail({
    title: `${describeDelivery(delivery)} carries a valid x-service-signature (§6.3 point 1${change.api === 'v2' ? '; required in v2, §6.2' : ''})`,
    expected: "the hex HMAC-SHA256 of the raw body keyed with the sales channel's oldest valid token (webhooks.signingToken)",
    received: receivedDelivery(t, delivery, judgement.reason, judgement.details),
  });
}

/** What a call announces, as one comparable text: its version, v2 event type, record id and status fields. */
function announcement(delivery: Delivery): string {
  const body = isObject(delivery.body) ? delivery.body : {};
  const resource = delivery.resource;
  return JSON.stringify([delivery.api, body['event_type'], resource?.id, resource?.status, resource?.fulfillment_status, resource?.delivery_status]);
}

/**
 * Whether a later call is `first` sent again (§6.3 points 2 and 5): to the same path, announcing the
 * same record and status, and carrying the same x-service-event-id, which "stays the same across
 * retries of one call". A call with another event id is another call, even with the same bytes: a
 * deployment may send one change as several calls, each with its own id and its own retries (§6.3
 * point 5: order and duplicates are not guaranteed). Only when the first call carries no event id (a
 * defect v1.webhooks.event-id reports) are the same bytes under the same signature the tie, as a retry
 * "carries the same payload"; a duplicate then looks the same, so only checks for which taking one for
 * a retry errs on the lenient side use that tie (`expectNotRetried` skips instead). A call about
 * another change of the record (its creation, an older status arriving late) or another sales
 * channel's copy of the change (its own key, §6.1) is never a retry. Only v1 ties retries: the v2
 * retry policy is not shown (§6.3 point 4), so no v2 check expects or forbids one.
 */
export function isRetryOf(first: Delivery): (delivery: Delivery) => boolean {
  const announced = announcement(first);
  const signature = first.headers[SIGNATURE_HEADER];
  return (delivery) => {
    if (delivery.seq <= first.seq || delivery.path !== first.path || announcement(delivery) !== announced) return false;
    if (first.eventId !== undefined) return delivery.eventId === first.eventId;
    return delivery.rawBody.equals(first.rawBody) && delivery.headers[SIGNATURE_HEADER] === signature;
  };
}

/**
 * A later call with `first`'s bytes and signature under another x-service-event-id (or none): either a
 * retry that changed its event id (§6.3 point 2 forbids it) or another call of the same change (point 5
 * allows it). Only the event id tells a retry, so such a call never counts as one; compared with a
 * control's, their number tells whether the sender resent `first` (webhook-answers.ts `expectRetried`).
 */
export function isResentUnderOtherId(first: Delivery): (delivery: Delivery) => boolean {
  const signature = first.headers[SIGNATURE_HEADER];
  return (delivery) =>
    delivery.seq > first.seq &&
    delivery.path === first.path &&
    delivery.eventId !== first.eventId &&
    delivery.rawBody.equals(first.rawBody) &&
    delivery.headers[SIGNATURE_HEADER] === signature;
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
  /** The deployment's clock as its create answer read (`clockOf`): the change, made later, cannot have occurred before. */
  clockBefore: ClockReading[];
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
  const send = { body: { ...body, supplier_name: `${t.marker} Lieferant Müller` }, premise: true };
  const created = api === 'v1' ? await t.v1.post('/restocking_shipments', send) : await t.v2.post('/restocking_shipments', send);
  // The create's own rules are v1/v2.restocking.create.*'s: here it only makes a shipment to cancel.
  requireSuccess(t, created, `POST /restocking_shipments (${api}) creates the shipment whose cancellation is announced`);
  const id = created.body.id;
  let cancelled = false;
  t.cleanup(async () => {
    if (!cancelled) await t.v2.put('/restocking_shipments/{id}/cancel', { path: { id }, validate: false });
  });
  return {
    id,
    clockBefore: clockOf(created),
    cancel: async () => {
      cancelled = true;
      await cancelToTrigger(t, '/restocking_shipments', id, `restocking shipment ${id}`);
    },
    attempt: () => {
      cancelled = true;
      return t.v2.put('/restocking_shipments/{id}/cancel', { path: { id }, validate: false });
    },
  };
}

/** A restocking shipment of the run that was cancelled, and the deployment's clock before the cancel. */
export interface CancelledShipment {
  id: number;
  clockBefore: ClockReading[];
}

/**
 * A restocking shipment of the run, created through `created` and cancelled through v2: the change
 * §6.1 and §6.2 announce, made once per run for the checks that only observe its calls (payload,
 * signature, event id, timestamp, where they arrive). Its requests are the first asking check's; when
 * it cannot be made, every asking check skips naming that check (the create and cancel rules are
 * v1/v2.restocking.*'s).
 */
export function cancelledRestockingShipment(t: CheckContext, created: 'v1' | 'v2'): Promise<CancelledShipment> {
  return t.shared(`a restocking shipment created through ${created} and cancelled`, async (maker) => {
    const shipment = await restockingShipmentToCancel(maker, created);
    await shipment.cancel();
    return { id: shipment.id, clockBefore: shipment.clockBefore };
  });
}

/**
 * Sends a v2 cancel whose status change a webhook check observes. Its success code and body are not
 * shown (§4.2) and which states permit it is not shown (§3.1, §3.2): a refusal skips the check, since
 * no status change could be triggered; only the 2xx class is asked of a success.
 */
export async function cancelToTrigger(t: CheckContext, collection: '/orders' | '/restocking_shipments', id: number, what: string): Promise<void> {
  const answer = collection === '/orders'
    ? await t.v2.put('/orders/{id}/cancel', { path: { id }, validate: false })
    : await t.v2.put('/restocking_shipments/{id}/cancel', { path: { id }, validate: false });
  requireSuccess(t, answer, `PUT ${collection}/{id}/cancel (v2) cancelling ${what}, the status change the webhook announces`);
}

/**
 * Skips the check when the record of `change` (a cancellation the run sent) does not read as changed:
 * a cancel that answered success but changed nothing announces nothing, which the cancel checks
 * report. Read only once no delivery came, where it decides between a skip and a failure: a delivery
 * that came shows the change.
 */
async function skipUnlessChanged(t: CheckContext, change: StatusChange): Promise<void> {
  const after = change.field === 'fulfillment_status'
    ? await t.v2.get('/orders/{id}', { path: { id: change.id }, premise: true })
    : await t.v2.get('/restocking_shipments/{id}', { path: { id: change.id }, premise: true });
  const shown: { status?: unknown; fulfillment_status?: unknown } | undefined = after.body;
  const status: unknown = shown?.[change.field];
  const what = change.field === 'fulfillment_status' ? `order ${change.id}` : `restocking shipment ${change.id}`;
  if (after.status === 200 && status !== change.status) t.skip(`${what} reads ${change.field} ${JSON.stringify(status)} after its cancel answered success: no status change to announce`);
}
