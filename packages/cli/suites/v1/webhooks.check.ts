// §6.1 and §6.3 for v1: the restocking_shipment_status_updated call a run causes by cancelling a
// restocking shipment it created, its signature and event id, and the retry rules (v1 only: the
// v2 retry policy is not shown), one check per rule. Every expectation is matched by resource id and
// status, and a retry by its tie to the very call the check refused (suites/support/webhook-answers.ts).
import { isDeepStrictEqual } from 'node:util';
import { check, type CheckContext } from '../../src/checks/index.js';
import { validateWebhook } from '@mfc-conformance/api/validators';
import type { Answer, Delivery } from '../../src/webhooks/index.js';
import {
  awaitDelivery,
  type DeliveryRole,
  cancelledRestockingShipment,
  changedFields,
  describeDelivery,
  ensureTimeFor,
  expectSigned,
  receivedDelivery,
  restockingCancelled,
  retryWindowMs,
  webhookTimings,
} from '../support/webhooks.js';
import { answerFirstCall, answerFirstCallBesideControl, expectNotRetried, expectRetried } from '../support/webhook-answers.js';

const needs = ['webhooks', 'fixtures.warehouseId', 'fixtures.sku'];
const retryNeeds = [...needs, 'webhooks.retryWithinMs'];

/** The first v1 call announcing the run's cancelled restocking shipment (one for every check that only observes it). */
async function cancelledShipmentDelivery(t: CheckContext, role: DeliveryRole = 'premise'): Promise<Delivery> {
  const { id } = await cancelledRestockingShipment(t, 'v1');
  return awaitDelivery(t, restockingCancelled('v1', id), webhookTimings(t).timeoutMs, role);
}

check({
  id: 'v1.webhooks.restocking-status-updated',
  api: 'v1',
  section: '6.1',
  title: 'A restocking cancellation delivers restocking_shipment_status_updated: the v1 shipment as GET /restocking_shipments/{id} returns it',
  needs,
  writes: true,
}, async (t) => {
  const delivery = await cancelledShipmentDelivery(t, 'owner');
  const validation = validateWebhook('v1', 'restocking_shipment_status_updated', delivery.body);
  if (!validation.ok) {
    t.fail({
      title: `The body of ${describeDelivery(delivery)} is the bare v1 restocking shipment (§6.1, §2.3)`,
      expected: 'a body valid as the v1 RestockingShipment',
      received: receivedDelivery(t, delivery, validation.errors.map((error) => error.message).join('; ')),
    });
  }
  const id = delivery.resource?.id;
  const current = await t.v1.get('/restocking_shipments/{id}', { path: { id: String(id) } });
  t.expectStatus(current, 200, 'GET /restocking_shipments/{id} (v1) reads the shipment the event announced');
  const shown = current.body as { id: unknown; status: unknown };
  t.expect(current, `The payload of ${describeDelivery(delivery)} agrees with GET /restocking_shipments/{id} on id and status (§6.1)`,
    { id: shown.id, status: shown.status },
    { id, status: delivery.resource?.status });
});

check({
  id: 'v1.webhooks.signature',
  api: 'v1',
  section: '6.3',
  title: 'x-service-signature of a v1 call is the hex HMAC-SHA256 of the raw body keyed with the signing token',
  needs,
  writes: true,
}, async (t) => {
  const { id } = await cancelledRestockingShipment(t, 'v1');
  await expectSigned(t, restockingCancelled('v1', id), webhookTimings(t).timeoutMs);
});

check({
  id: 'v1.webhooks.event-id',
  api: 'v1',
  section: '6.3',
  title: 'A v1 call carries the x-service-event-id header',
  needs,
  writes: true,
}, async (t) => {
  const delivery = await cancelledShipmentDelivery(t);
  if (delivery.eventId === undefined || delivery.eventId === '') {
    t.fail({
      title: `${describeDelivery(delivery)} carries x-service-event-id (§6.3 point 2)`,
      expected: 'an x-service-event-id header naming the call',
      received: receivedDelivery(t, delivery, 'no x-service-event-id header'),
    });
  }
});

/** A retry rule of §6.3 point 4: how the first call announcing a cancellation is answered, and whether the sender must send it again. */
interface RetryRule {
  name: 'after-500' | 'after-timeout' | 'after-429' | 'after-connection-failure' | 'not-after-4xx';
  title: string;
  answer: Answer;
  retried: boolean;
  /** The failure's title. */
  what: string;
  /** The retry's event id and payload (§6.3 points 2 and 5) are judged here too: by one check, so a sender that changes them fails once. */
  judgesSameCall?: true;
}

// One check per rule, each answering the call it refuses in one way only, so a sender that breaks one
// rule fails one check.
const retryRules: readonly RetryRule[] = [
  { name: 'after-500', title: 'A v1 call answered 500 is retried with the same x-service-event-id and payload', answer: { status: 500, body: 'mfc: provoked server error' }, retried: true, what: 'A call answered 500 is retried', judgesSameCall: true },
  { name: 'after-timeout', title: 'A v1 call left unanswered past the answer limit (5 seconds) is retried', answer: 'hang', retried: true, what: 'A call left unanswered is retried' },
  { name: 'after-429', title: 'A v1 call answered 429 is retried like a 5xx', answer: { status: 429, body: 'mfc: provoked rate limit' }, retried: true, what: 'A call answered 429 is retried the same way as a 5xx' },
  { name: 'after-connection-failure', title: 'A v1 call whose connection fails (closed without an answer) is retried', answer: 'drop', retried: true, what: 'A call whose connection failed is retried' },
  { name: 'not-after-4xx', title: 'A v1 call answered 400 is a rejection and is not retried', answer: { status: 400, body: 'mfc: provoked rejection' }, retried: false, what: 'A call answered with a 4xx other than 429 is not retried' },
];

/**
 * Fails unless the retry carries the payload of the call it repeats (§6.3 point 5). Its event id is
 * the tie itself (`isRetryOf`): a retry under another id is judged by `expectRetried`.
 */
function expectSameCall(t: CheckContext, first: Delivery, retry: Delivery): void {
  if (!isDeepStrictEqual(retry.body, first.body)) {
    t.fail({
      title: 'The retry carries the payload of the first call (§6.3 point 5)',
      expected: `the payload of ${describeDelivery(first)}`,
      received: receivedDelivery(t, retry, `other values in ${changedFields(first.body, retry.body).join(', ')}; the retry:`),
    });
  }
}

for (const rule of retryRules) {
  check({
    id: `v1.webhooks.retry.${rule.name}`,
    api: 'v1',
    section: '6.3',
    title: rule.title,
    needs: retryNeeds,
    writes: true,
  }, async (t) => {
    // The first call, its retry window, and the time a late retry is still waited for (expectRetried).
    ensureTimeFor(t, 2 * webhookTimings(t).timeoutMs + retryWindowMs(t, rule.answer));
    if (!rule.retried) return expectNotRetried(t, await answerFirstCall(t, 'v1', rule.answer), rule.answer, rule.what);
    // Beside a control answered at once, so that calls about the change a deployment sends of its own
    // accord are not taken for retries (expectRetried).
    const calls = await answerFirstCallBesideControl(t, 'v1', rule.answer);
    const retry = await expectRetried(t, calls, rule.answer, rule.what, rule.judgesSameCall === true);
    if (rule.judgesSameCall) expectSameCall(t, calls.first, retry);
  });
}
