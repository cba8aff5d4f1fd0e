// §6: v1 and v2 webhooks are separate; a URL registered for v1 receives only v1 events. A restocking
// cancellation causes both a v1 and a v2 event, so the v2 one is the call that must stay off the v1 URL.
import { check } from '../../src/checks/index.js';
import type { Delivery } from '../../src/webhooks/index.js';
import { announces, describeDelivery, receivedDelivery, cancelledRestockingShipment, restockingCancelled, watch, webhookTimings } from '../support/webhooks.js';

/** The event_id of a v2 envelope, which a copy sent anywhere else carries too. */
function eventIdOf(delivery: Delivery): unknown {
  return (delivery.body as { event_id?: unknown } | undefined)?.event_id;
}

check({
  id: 'v1.webhooks.versions-separate',
  api: 'v1',
  section: '6',
  title: 'The URL registered for v1 receives only v1 events: the v2 event of a restocking cancellation does not arrive there',
  needs: ['webhooks', 'fixtures.warehouseId', 'fixtures.sku'],
  writes: true,
}, async (t) => {
  const { timeoutMs, promptMs } = webhookTimings(t);
  const v1Path = t.profile.webhooks!.v1Path;
  const { id } = await cancelledRestockingShipment(t, 'v2');
  const v2Call = await t.webhooks.waitFor(announces(restockingCancelled('v2', id)), timeoutMs);
  // Which events a deployment sends is v2.webhooks.restocking-status-updated's rule: without one, nothing to keep apart.
  if (v2Call === undefined) return t.skip(`no v2 event announced the cancellation of restocking shipment ${id} within ${timeoutMs} ms`);
  // The copy is recognised by the envelope's event_id; the envelope itself is v2.webhooks.*'s rule.
  if (typeof v2Call.eventId !== 'string' || v2Call.eventId === '') return t.skip(`the v2 event ${describeDelivery(v2Call)} carries no event_id to recognise a copy by`);
  // A v2 event sent to the v1 URL as well leaves at about the same moment as its v2 call.
  await watch(promptMs);
  const misrouted = t.webhooks.deliveries.find((delivery) => delivery.path === v1Path && eventIdOf(delivery) === v2Call.eventId);
  if (misrouted !== undefined) {
    t.fail({
      title: 'A v2 event arrived at the URL registered for v1 (§6: v1 and v2 webhooks are separate)',
      expected: `the v2 event ${String(v2Call.eventId)} only at ${t.profile.webhooks!.v2Path}`,
      received: receivedDelivery(t, misrouted, `${describeDelivery(misrouted)} as well:`),
    });
  }
});
