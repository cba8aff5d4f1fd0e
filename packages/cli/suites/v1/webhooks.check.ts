// §6.1 and §6.3 for v1: the restocking_shipment_status_updated call a run causes by cancelling a
// restocking shipment it created, its signature and event id, and the retry rules (v1 only: the
// v2 retry policy is not shown). Every expectation is matched by resource id and status.
import { isDeepStrictEqual } from 'node:util';
import { check, type CheckContext } from '../../src/checks/index.js';
import { validateWebhook } from '@mfc-conformance/api/validators';
import type { Answer, Delivery } from '../../src/webhooks/index.js';
import {
  announces,
  awaitDelivery,
  type DeliveryRole,
  cancelledRestockingShipment,
  changedFields,
  deliveriesAbout,
  describeDelivery,
  ensureTimeFor,
  expectSigned,
  failNoDelivery,
  isRetryOf,
  receivedDelivery,
  restockingCancelled,
  restockingShipmentToCancel,
  retryWindowMs,
  watch,
  webhookTimings,
} from '../support/webhooks.js';

const needs = ['webhooks', 'fixtures.warehouseId', 'fixtures.sku'];
const retryNeeds = [...needs, 'webhooks.retryWithinMs'];

/** The first v1 call announcing the run's cancelled restocking shipment (one for every check that only observes it). */
async function cancelledShipmentDelivery(t: CheckContext, role: DeliveryRole = 'premise'): Promise<Delivery> {
  const id = await cancelledRestockingShipment(t, 'v1');
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
  const id = await cancelledRestockingShipment(t, 'v1');
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

/**
 * Answers `answer` to the first v1 call announcing a cancellation the check then triggers, and
 * resolves to that call. The other calls (retries included) get the default answer. Skips before
 * any write when the waits for the first call and its retry exceed what one check may take.
 */
async function firstCallAnswered(t: CheckContext, answer: Answer): Promise<Delivery> {
  // The first call, its retry window, and the time a late retry is still waited for (expectRetry).
  ensureTimeFor(t, 2 * webhookTimings(t).timeoutMs + retryWindowMs(t, answer));
  const shipment = await restockingShipmentToCancel(t, 'v1');
  const change = restockingCancelled('v1', shipment.id);
  // A rule of this check's own: other checks running at the same time answer their calls as they choose.
  const rule = t.webhooks.answerFirst(announces(change), answer);
  t.cleanup(async () => rule.withdraw());
  await shipment.cancel();
  const answered = typeof answer === 'string' ? answer : answer.status;
  const { timeoutMs } = webhookTimings(t);
  const first = await t.webhooks.waitFor((d) => announces(change)(d) && d.answer === answered, timeoutMs);
  return first ?? await failNoDelivery(t, change, timeoutMs);
}

/**
 * §6.3 points 2, 4 and 5: a retry of `first`, answered `answer`, arrives with its event id and
 * payload; a retry later than its window is still one, so it gets `timeoutMs` more before it is missing.
 */
async function expectRetry(t: CheckContext, first: Delivery, provoked: string, answer: Answer): Promise<void> {
  const withinMs = retryWindowMs(t, answer) + webhookTimings(t).timeoutMs;
  const retry = await t.webhooks.waitFor(isRetryOf(first), withinMs);
  if (retry === undefined) {
    const change = restockingCancelled('v1', first.resource?.id ?? -1);
    t.fail({
      title: `${provoked} is retried with the same x-service-event-id (§6.3 points 2 and 4)`,
      expected: `a call carrying x-service-event-id ${first.eventId ?? '(the first carried none)'} within ${withinMs} ms of ${describeDelivery(first)}`,
      received: receivedDelivery(t, first, `calls about the shipment: ${deliveriesAbout(t, change)}; the first:`),
    });
  }
  if (!isDeepStrictEqual(retry.body, first.body)) {
    t.fail({
      title: `The retry carries the payload of the first call (§6.3 point 5)`,
      expected: `the payload of ${describeDelivery(first)}`,
      received: receivedDelivery(t, retry, `other values in ${changedFields(first.body, retry.body).join(', ')}; the retry:`),
    });
  }
}

check({
  id: 'v1.webhooks.retry.after-500',
  api: 'v1',
  section: '6.3',
  title: 'A v1 call answered 500 is retried with the same x-service-event-id and payload',
  needs: retryNeeds,
  writes: true,
}, async (t) => {
  const answer = { status: 500, body: 'mfc: provoked server error' };
  const first = await firstCallAnswered(t, answer);
  await expectRetry(t, first, 'A call answered 500', answer);
});

check({
  id: 'v1.webhooks.retry.after-timeout',
  api: 'v1',
  section: '6.3',
  title: 'A v1 call left unanswered past the answer limit (5 seconds) is retried with the same x-service-event-id and payload',
  needs: retryNeeds,
  writes: true,
}, async (t) => {
  const first = await firstCallAnswered(t, 'hang');
  await expectRetry(t, first, 'A call left unanswered', 'hang');
});

check({
  id: 'v1.webhooks.retry.not-after-4xx',
  api: 'v1',
  section: '6.3',
  title: 'A v1 call answered 400 is a rejection and is not retried',
  needs: retryNeeds,
  writes: true,
}, async (t) => {
  const answer = { status: 400, body: 'mfc: provoked rejection' };
  const first = await firstCallAnswered(t, answer);
  const waitMs = retryWindowMs(t, answer);
  await watch(waitMs);
  const retry = t.webhooks.deliveries.find(isRetryOf(first));
  if (retry !== undefined) {
    t.fail({
      title: 'A call answered with a 4xx other than 429 is not retried (§6.3 point 4)',
      expected: `no call repeating ${describeDelivery(first)} within ${waitMs} ms`,
      received: receivedDelivery(t, retry, 'a retry:'),
    });
  }
});
