// §6.1 and §6.3 for the v1 events a run cannot trigger: shipment_status_updated,
// delivery_status_updated and return_status_updated. Whatever of them arrives while the check
// listens is judged; without any, the check is skipped. v1 bodies carry no event name and the v1
// Shipment and Return fields are not shown, so every v1 call that is not a restocking shipment is
// one of them, and whether a delivery event concerns a shipment without a tracking code cannot be seen.
import { check } from '../../src/checks/index.js';
import { validateWebhook } from '@mfc-conformance/api/validators';
import type { TargetProfile } from '../../src/profile/index.js';
import { EVENT_ID_HEADER, looksLikeEnvelope, V2_EVENTS, type Delivery } from '../../src/webhooks/index.js';
import { expectNoFindings, listenFor, signatureFinding } from '../support/webhook-listening.js';

/** Findings about one v1 call: signature, event id, a bare resource valid as the v1 events' payloads. */
function judge(delivery: Delivery, profile: TargetProfile): string[] {
  if (delivery.refusal !== undefined) return [`refused by the receiver: ${delivery.refusal}`];
  const problems = signatureFinding(delivery, profile);
  if (delivery.eventId === undefined || delivery.eventId === '') problems.push('no x-service-event-id header (§6.3 point 2)');
  if (looksLikeEnvelope(delivery.body)) problems.push('the body is an envelope (event_type, data …); v1 sends the bare resource (§6.1)');
  else if (delivery.event?.ok === false) problems.push(delivery.event.errors.map((error) => error.message).join('; '));
  return problems;
}

check({
  id: 'v1.webhooks.shipment-and-return-events',
  api: 'v1',
  section: '6.1',
  title: 'v1 shipment, delivery and return events that arrive are signed, carry x-service-event-id and are the bare resource',
  needs: ['webhooks', 'fixtures.sku'],
  writes: true,
}, async (t) => {
  const v1Path = t.profile.webhooks?.v1Path;
  // A v2 call sent to the v1 URL as well is not a v1 event at all: v1.webhooks.versions-separate
  // reports it. It is known by its event_id, also seen at the v2 URL, or, when its v2 call never
  // arrived (sent before the run listened, and given up), by what only a v2 call is: an envelope of
  // a §6.2 event_type without the x-service-event-id header every v1 call carries (§6.3 point 2).
  const v2EventIds = (): Set<unknown> => new Set(t.webhooks.deliveries.filter((d) => d.api === 'v2').map((d) => d.eventId));
  const isV2Call = (delivery: Delivery): boolean => {
    if (!looksLikeEnvelope(delivery.body)) return false;
    const envelope = delivery.body as { event_id?: unknown; event_type?: unknown };
    if (v2EventIds().has(envelope.event_id)) return true;
    return (V2_EVENTS as readonly unknown[]).includes(envelope.event_type) && delivery.headers[EVENT_ID_HEADER] === undefined;
  };
  const isOtherV1Event = (delivery: Delivery): boolean =>
    delivery.path === v1Path && !validateWebhook('v1', 'restocking_shipment_status_updated', delivery.body).ok && !isV2Call(delivery);
  const deliveries = await listenFor(t, isOtherV1Event, 'v1 shipment, delivery or return event');
  expectNoFindings(t, deliveries, (delivery) => judge(delivery, t.profile),
    'Every v1 event is the bare resource, signed, with x-service-event-id (§6.1, §6.3 points 1 and 2)',
    'a bare v1 resource, a valid x-service-signature and an x-service-event-id on each call');
});
