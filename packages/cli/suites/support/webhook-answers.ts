// How a webhook check answers the first call about a change it triggers (an error status, a slow
// answer, a redirect) and then watches what the sender does next (§6.3 points 3 and 4). Calls are
// found by the resource they announce, never by arrival order (§6.3 point 5). A service may deliver
// a call more than once without being asked (§6.3 point 5: duplicates), so "not retried" is judged
// against a control: a second change the check triggers at the same time and acknowledges at once.
import type { CheckContext } from '../../src/checks/index.js';
import type { Answer, Delivery } from '../../src/webhooks/index.js';
import {
  describeDelivery,
  ensureTimeFor,
  failNoDelivery,
  isRetryOf,
  receivedDelivery,
  restockingCancelled,
  restockingShipmentToCancel,
  retryWindowMs,
  watch,
  webhookTimings,
  type StatusChange,
} from './webhooks.js';

/** The first call about the tested change, the change itself, and calls about the tested shipment. */
export interface AnsweredCall {
  first: Delivery;
  change: StatusChange;
  /** Calls about the tested shipment: by id (and v2 event type) alone, since its cancel is its only change. */
  about: (delivery: Delivery) => boolean;
}

/** An answered call and the first call about the control, which was acknowledged at once. */
export interface AnsweredCalls extends AnsweredCall {
  control: Delivery;
}

/**
 * Calls announcing a change of the restocking shipment of `change`, whatever status they carry: a
 * shipment the check just created changes only by its cancel, so the payload's status, other checks'
 * rule, need not be read to find the call.
 */
function aboutShipment(change: StatusChange): (delivery: Delivery) => boolean {
  return (delivery) => {
    if (delivery.api !== change.api || delivery.resource?.id !== change.id) return false;
    const body = delivery.body as { event_type?: unknown } | undefined;
    return change.eventType === undefined || body?.event_type === change.eventType;
  };
}

/**
 * Creates a restocking shipment and cancels it: the first `api` call announcing it is answered
 * `answer`, every other call is acknowledged at once. Resolves once that call is here. Skips before
 * any write when the waits would not fit in one check.
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
  // Created through v2 for both versions: the v1 event goes out for every restocking shipment of the
  // merchant (§6.1), and the v1 create is other checks' business.
  const tested = await restockingShipmentToCancel(t, 'v2');
  const control = withControl ? await restockingShipmentToCancel(t, 'v2') : undefined;
  const change = restockingCancelled(api, tested.id);
  const about = aboutShipment(change);
  let first: Delivery | undefined;
  // A rule of this check's own: other checks running at the same time answer their calls as they choose.
  const rule = t.webhooks.answerFirst((delivery) => {
    const matches = about(delivery);
    if (matches && first === undefined) first = delivery;
    return matches;
  }, answer);
  t.cleanup(async () => rule.withdraw());
  await tested.cancel();
  await control?.cancel();
  // A delivery is recorded once its answer is decided: a delayed answer's call on arrival.
  const answered = (await t.webhooks.waitFor((delivery) => delivery === first, timeoutMs)) ?? await failNoDelivery(t, change, timeoutMs);
  if (control === undefined) return { first: answered, change, about };
  const controlChange = restockingCancelled(api, control.id);
  const controlFirst = (await t.webhooks.waitFor(aboutShipment(controlChange), timeoutMs)) ?? await failNoDelivery(t, controlChange, timeoutMs);
  return { first: answered, change, about, control: controlFirst };
}

/** Every call repeating `first` (same path and x-service-event-id, or same bytes) received so far. */
function repeatsOf(t: CheckContext, first: Delivery): Delivery[] {
  return t.webhooks.deliveries.filter(isRetryOf(first));
}

/**
 * Waits `withinMs` and fails the check when the tested call was repeated more often than the control,
 * which was acknowledged at once: the answer it got counts as received (§6.3 points 3 and 4).
 */
export async function expectNoRetry(t: CheckContext, calls: AnsweredCalls, why: string, withinMs: number): Promise<void> {
  await watch(withinMs);
  const repeats = repeatsOf(t, calls.first);
  const controlRepeats = repeatsOf(t, calls.control);
  if (repeats.length <= controlRepeats.length) return;
  t.fail({
    title: why,
    expected: `no more calls repeating ${describeDelivery(calls.first)} within ${withinMs} ms than repeating the promptly acknowledged ${describeDelivery(calls.control)} (${controlRepeats.length})`,
    received: receivedDelivery(t, repeats[0]!, `${repeats.length} call(s) repeating it: ${repeats.map(describeDelivery).join('; ')}; the first:`),
  });
}
