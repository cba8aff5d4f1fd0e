// §6.2 and §6.3 for v2: the envelopes a run causes by cancelling a restocking shipment and an
// order it created, when they say the event occurred, and their signature. The v2 retry policy is not shown, so nothing about v2
// retries is checked. Every expectation is matched by event type, resource id and status.
import { check, type CheckContext } from '../../src/checks/index.js';
import { validateWebhook } from '@mfc-conformance/api/validators';
import type { Delivery } from '../../src/webhooks/index.js';
import {
  awaitDelivery,
  cancelledRestockingShipment,
  cancelToTrigger,
  describeDelivery,
  expectSigned,
  receivedDelivery,
  orderCancelled,
  restockingCancelled,
  restockingShipmentToCancel,
  webhookTimings,
  type StatusChange,
  type Trigger,
} from '../support/webhooks.js';
import { expectSuccess } from '../support/success.js';
import { createV2Order, v2OrderBody } from '../support/v2-orders.js';
import { clockOf, describeReadings, earliestAfter, WRITTEN_RESOLUTION_MS } from '../support/event-time.js';
import { instantOf } from '../support/instants.js';

const needs = ['webhooks', 'fixtures.warehouseId', 'fixtures.sku'];

/** Fails unless the delivery's body is a valid §6.2 envelope of `eventType` around valid data. */
function expectEnvelope(t: CheckContext, delivery: Delivery, eventType: string): void {
  const validation = validateWebhook('v2', eventType, delivery.body);
  if (validation.ok) return;
  t.fail({
    title: `${describeDelivery(delivery)} is a ${eventType} envelope with valid data (§6.2)`,
    expected: 'event_type, event_id (uuid), timestamp (date-time) and data valid as the resource',
    received: receivedDelivery(t, delivery, validation.errors.map((error) => error.message).join('; ')),
  });
}

/**
 * Creates a v2 order of the run on the primary sales channel (§4.2, shape §2.1; the exact 2xx is not
 * shown), to be cancelled (PUT /orders/{id}/cancel); left uncancelled by the check, it is cancelled in cleanup.
 */
async function orderToCancel(t: CheckContext): Promise<Trigger> {
  const sku = t.fixtures.sku;
  if (sku === undefined) return t.skip('needs fixtures.sku in the profile');
  const created = await createV2Order(t, v2OrderBody(t, t.fixtures.salesChannelId, sku));
  const id = created.body.id;
  return {
    id,
    clockBefore: clockOf(created),
    cancel: () => cancelToTrigger(t, '/orders', id, `order ${id}`),
    attempt: () => t.v2.put('/orders/{id}/cancel', { path: { id }, validate: false }),
  };
}

/** Triggers the change and resolves to the first delivery announcing it; fails without one, as the event's owner. */
async function announced(t: CheckContext, trigger: Trigger, change: StatusChange): Promise<Delivery> {
  await trigger.cancel();
  return awaitDelivery(t, change, webhookTimings(t).timeoutMs, 'owner');
}

check({
  id: 'v2.webhooks.restocking-status-updated',
  api: 'v2',
  section: '6.2',
  title: 'A restocking cancellation delivers a restocking_shipment.status_updated envelope with a valid v2 shipment',
  needs,
  writes: true,
}, async (t) => {
  const { id } = await cancelledRestockingShipment(t, 'v2');
  const delivery = await awaitDelivery(t, restockingCancelled('v2', id), webhookTimings(t).timeoutMs, 'owner');
  expectEnvelope(t, delivery, 'restocking_shipment.status_updated');
});

check({
  id: 'v2.webhooks.timestamp-not-before-change',
  api: 'v2',
  section: '6.2',
  title: "The timestamp of a v2 event, when the event occurred, is not before the change of the run that caused it, by the deployment's own clock",
  needs,
  writes: true,
}, async (t) => {
  const { id, clockBefore } = await cancelledRestockingShipment(t, 'v2');
  const delivery = await awaitDelivery(t, restockingCancelled('v2', id), webhookTimings(t).timeoutMs);
  const timestamp: unknown = (delivery.body as { timestamp?: unknown } | undefined)?.timestamp;
  const occurred = instantOf(timestamp);
  // A missing or malformed timestamp is the envelope's rule (v2.webhooks.restocking-status-updated).
  if (Number.isNaN(occurred)) return t.skip(`${describeDelivery(delivery)} carries no date-time timestamp to place: the envelope is v2.webhooks.restocking-status-updated's rule`);
  const earliest = earliestAfter(clockBefore);
  if (earliest === undefined) return t.skip(`the create answer of restocking shipment ${id} shows neither a Date header nor an updated_at: nothing on the deployment's clock places its cancellation`);
  if (occurred >= earliest) return;
  t.fail({
    title: `${describeDelivery(delivery)} is stamped before the cancellation that caused it (§6.2: timestamp is when the event occurred)`,
    expected: `a timestamp at or after ${new Date(earliest).toISOString()}: the deployment's clock before the cancel was sent (${describeReadings(clockBefore)} on the create answer), less ${WRITTEN_RESOLUTION_MS} ms for times written to the second`,
    received: receivedDelivery(t, delivery, `timestamp ${String(timestamp)}, ${Math.round((earliest - occurred) / 1000)} s earlier:`),
  });
});

check({
  id: 'v2.webhooks.order-status-updated',
  api: 'v2',
  section: '6.2',
  title: 'An order cancellation delivers an order.status_updated envelope with a valid order',
  needs: ['webhooks', 'fixtures.sku'],
  writes: true,
}, async (t) => {
  const order = await orderToCancel(t);
  const delivery = await announced(t, order, orderCancelled(order.id));
  expectEnvelope(t, delivery, 'order.status_updated');
});

check({
  id: 'v2.webhooks.signature',
  api: 'v2',
  section: '6.3',
  title: 'A v2 call carries x-service-signature: the hex HMAC-SHA256 of the raw body keyed with the signing token',
  needs,
  writes: true,
}, async (t) => {
  // Any v2 event carries the signature: when the shipment cannot be cancelled (which states permit it
  // is not shown, §3.1), an order's cancellation is tried; the check skips only when neither is possible.
  const shipment = await restockingShipmentToCancel(t, 'v2');
  const answer = await shipment.attempt();
  let change = restockingCancelled('v2', shipment.id);
  if (answer.status >= 400 && answer.status < 500) {
    const order = await orderToCancel(t);
    await order.cancel();
    change = orderCancelled(order.id);
  } else {
    expectSuccess(t, answer, `PUT /restocking_shipments/{id}/cancel (v2) cancelling restocking shipment ${shipment.id}, the status change the webhook announces`);
  }
  await expectSigned(t, change, webhookTimings(t).timeoutMs);
});
