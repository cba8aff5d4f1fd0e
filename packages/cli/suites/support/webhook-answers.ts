// How a webhook check answers the first call about a change it triggers (an error status, a timeout, a
// failed connection, a slow answer, a redirect) and then watches what the sender does next (§6.3 points
// 3 and 4). Calls are found by the resource and status they announce, never by arrival order (§6.3
// point 5), and a retry by its tie to the refused call (`isRetryOf`). A service may deliver a call more
// than once without being asked (§6.3 point 5: duplicates), so "not retried" after an acknowledgement is
// judged against a control: a second change the check triggers at the same time and acknowledges at once.
import type { CheckContext } from '../../src/checks/index.js';
import type { Answer, Delivery } from '../../src/webhooks/index.js';
import {
  announces,
  deliveriesAbout,
  describeDelivery,
  ensureTimeFor,
  failNoDelivery,
  heldMs,
  isResentUnderOtherId,
  isRetryOf,
  receivedDelivery,
  restockingCancelled,
  restockingShipmentToCancel,
  retryWindowMs,
  watch,
  webhookTimings,
  type StatusChange,
} from './webhooks.js';

/** The first call announcing the tested change, which got the check's answer, and the change itself. */
export interface AnsweredCall {
  first: Delivery;
  change: StatusChange;
}

/** An answered call and the first call about the control, which was acknowledged at once. */
export interface AnsweredCalls extends AnsweredCall {
  control: Delivery;
}

/**
 * Creates a restocking shipment through `api` and cancels it: the first `api` call announcing the
 * cancellation is answered `answer`, every other call is acknowledged at once. Resolves once that
 * call is here. Skips before any write when the waits would not fit in one check.
 */
export function answerFirstCall(t: CheckContext, api: 'v1' | 'v2', answer: Answer): Promise<AnsweredCall> {
  return answerCalls(t, api, answer, false);
}

/**
 * `answerFirstCall` beside a control: a second shipment, created and cancelled right after the
 * tested one and acknowledged at once, against which `expectNoRetry` judges "not retried".
 */
export function answerFirstCallBesideControl(t: CheckContext, api: 'v1' | 'v2', answer: Answer): Promise<AnsweredCalls> {
  return answerCalls(t, api, answer, true) as Promise<AnsweredCalls>;
}

async function answerCalls(t: CheckContext, api: 'v1' | 'v2', answer: Answer, withControl: boolean): Promise<AnsweredCall | AnsweredCalls> {
  const { timeoutMs } = webhookTimings(t);
  ensureTimeFor(t, timeoutMs + retryWindowMs(t, answer));
  // Created through the version whose call is answered: either version's create is announced to both
  // (§6.1: every restocking shipment of the merchant), and this keeps a v1 check's writes in v1's window.
  const tested = await restockingShipmentToCancel(t, api);
  const control = withControl ? await restockingShipmentToCancel(t, api) : undefined;
  const change = restockingCancelled(api, tested.id);
  let first: Delivery | undefined;
  // A rule of this check's own: other checks running at the same time answer their calls as they choose.
  // It answers the call announcing the cancellation, never another call about the shipment: a deployment
  // may announce its creation too, or an older status late (§6.3 point 5), and the check must judge
  // what the sender does with the very call it refused.
  const rule = t.webhooks.answerFirst((delivery) => {
    const matches = announces(change)(delivery);
    if (matches && first === undefined) first = delivery;
    return matches;
  }, answer);
  t.cleanup(async () => rule.withdraw());
  await tested.cancel();
  await control?.cancel();
  // A delivery is recorded once its answer is decided: a delayed answer's call on arrival.
  const answered = (await t.webhooks.waitFor((delivery) => delivery === first, timeoutMs)) ?? await failNoDelivery(t, change, timeoutMs);
  if (control === undefined) return { first: answered, change };
  const controlChange = restockingCancelled(api, control.id);
  const controlFirst = (await t.webhooks.waitFor(announces(controlChange), timeoutMs)) ?? await failNoDelivery(t, controlChange, timeoutMs);
  return { first: answered, change, control: controlFirst };
}

/** Whose rule "a retry keeps the event id of the call it repeats" is (§6.3 point 2). */
export const EVENT_ID_KEPT_OWNER = 'v1.webhooks.retry.after-500';

/**
 * Resolves to the retry of the refused call (§6.3 point 4): a later call `isRetryOf` ties to it. A late
 * retry is still one, so it gets `timeoutMs` beyond its window; without one the check fails as `what`.
 * Calls with the refused call's bytes under another event id (`isResentUnderOtherId`) may be retries that
 * changed their id, or other calls of the change, which a deployment may send beside it (§6.3 point 5);
 * only the control tells them apart, answered at once and so never retried: more such calls about the
 * refused one than about the control are retries under a new id. Then the check that owns the event id
 * of a retry (`ownsEventId`, EVENT_ID_KEPT_OWNER) fails saying so, the others skip naming it.
 */
export async function expectRetried(t: CheckContext, calls: AnsweredCalls, answer: Answer, what: string, ownsEventId = false): Promise<Delivery> {
  const withinMs = retryWindowMs(t, answer) + webhookTimings(t).timeoutMs;
  const retry = await t.webhooks.waitFor(isRetryOf(calls.first), withinMs);
  if (retry !== undefined) return retry;
  const resent = t.webhooks.deliveries.filter(isResentUnderOtherId(calls.first));
  const resentControl = t.webhooks.deliveries.filter(isResentUnderOtherId(calls.control));
  const expected = `${describeDelivery(calls.first)} sent again within ${withinMs} ms: announcing the same record and status, with its x-service-event-id${calls.first.eventId === undefined ? ' (none here: then its bytes and signature)' : ''}`;
  if (resent.length <= resentControl.length) {
    return t.fail({
      title: `${what} (§6.3 point 4)`,
      expected,
      received: receivedDelivery(t, calls.first, `calls about the shipment: ${deliveriesAbout(t, calls.change)}; the refused call:`),
    });
  }
  if (!ownsEventId) {
    return t.skip(`no call with the refused call's x-service-event-id came within ${withinMs} ms, but ${resent.length} call(s) carry its bytes under another id (${resentControl.length} for the control answered at once): retries that changed their event id, which ${EVENT_ID_KEPT_OWNER} judges`);
  }
  return t.fail({
    title: `${what}, keeping its x-service-event-id (§6.3 points 2 and 4)`,
    expected,
    received: receivedDelivery(t, resent.at(-1)!, `no call with x-service-event-id ${calls.first.eventId ?? '(none)'}; ${resent.length} call(s) carry the refused call's bytes under another id, ${resentControl.length} the bytes of the control answered at once: a retry keeps the event id of the call it repeats; the last of them:`),
  });
}

/**
 * Skips the check when the receiver's own answer to `first` left later than meant by more than half the
 * time the check leaves the sender on top of it (`promptMs`), counting the time the receiver's loop
 * stood still before it read the call (`Delivery.answerLateMs`). A machine too busy to answer in time
 * makes the sender wait past its limit, and a retry then is the receiver's doing, not a breach of §6.3
 * point 3 or 4: the check cannot judge. Consulted only where a retry would fail the check.
 */
function skipWhenAnsweredLate(t: CheckContext, first: Delivery, answer: Answer): void {
  const toleranceMs = webhookTimings(t).promptMs / 2;
  if (first.answerLateMs === undefined || first.answerLateMs <= toleranceMs) return;
  t.skip(`could not judge: this machine answered ${describeDelivery(first)} ${first.answerLateMs} ms later than the ${heldMs(t, answer)} ms it meant (${toleranceMs} ms allowed): too busy to answer in time, so what the sender did next is not its own doing`);
}

/**
 * Watches the retry window of the refused call and fails the check as `what` when a retry of it came
 * (§6.3 point 4). A refused call without an x-service-event-id (v1.webhooks.event-id's defect) skips
 * the check at once: without the id a retry cannot be told from another call of the same payload,
 * which §6.3 point 5 allows.
 */
export async function expectNotRetried(t: CheckContext, call: AnsweredCall, answer: Answer, what: string): Promise<void> {
  if (call.first.eventId === undefined) {
    t.skip(`${describeDelivery(call.first)} carries no x-service-event-id (v1.webhooks.event-id's rule): without it a retry cannot be told from another call with the same payload, which §6.3 point 5 allows`);
  }
  const waitMs = retryWindowMs(t, answer);
  await watch(waitMs);
  const retry = t.webhooks.deliveries.find(isRetryOf(call.first));
  if (retry === undefined) return;
  skipWhenAnsweredLate(t, call.first, answer);
  t.fail({
    title: `${what} (§6.3 point 4)`,
    expected: `no call repeating ${describeDelivery(call.first)} (its x-service-event-id) within ${waitMs} ms`,
    received: receivedDelivery(t, retry, 'a retry:'),
  });
}

/** Every call repeating `first` (`isRetryOf`) received so far. */
function repeatsOf(t: CheckContext, first: Delivery): Delivery[] {
  return t.webhooks.deliveries.filter(isRetryOf(first));
}

/**
 * Watches the retry window of the call answered `answer` and fails the check when it was repeated more
 * often than the control, which was acknowledged at once: the answer it got counts as received (§6.3
 * points 3 and 4).
 */
export async function expectNoRetry(t: CheckContext, calls: AnsweredCalls, answer: Answer, why: string): Promise<void> {
  const withinMs = retryWindowMs(t, answer);
  await watch(withinMs);
  const repeats = repeatsOf(t, calls.first);
  const controlRepeats = repeatsOf(t, calls.control);
  if (repeats.length <= controlRepeats.length) return;
  skipWhenAnsweredLate(t, calls.first, answer);
  t.fail({
    title: why,
    expected: `no more calls repeating ${describeDelivery(calls.first)} within ${withinMs} ms than repeating the promptly acknowledged ${describeDelivery(calls.control)} (${controlRepeats.length})`,
    received: receivedDelivery(t, repeats[0]!, `${repeats.length} call(s) repeating it: ${repeats.map(describeDelivery).join('; ')}; the first:`),
  });
}
