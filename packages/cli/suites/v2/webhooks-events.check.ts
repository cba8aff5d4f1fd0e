// §6.2 and §6.3 for the v2 events a run cannot trigger: shipment.status_updated and
// shipment.delivery_status_updated. Whatever of them arrives while the check listens is judged;
// without any, the check is skipped.
import { check } from '../../src/checks/index.js';
import { validateWebhook } from '@mfc-conformance/api/validators';
import type { TargetProfile } from '../../src/profile/index.js';
import type { Delivery } from '../../src/webhooks/index.js';
import { expectNoFindings, listenFor, signatureFinding } from '../support/webhook-listening.js';

const shipmentEvents: readonly string[] = ['shipment.status_updated', 'shipment.delivery_status_updated'];

function eventTypeOf(delivery: Delivery): unknown {
  const body = delivery.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['event_type'] : undefined;
}

/** Findings about one v2 shipment event: signature, and an envelope of its type around a valid Shipment. */
function judge(delivery: Delivery, profile: TargetProfile): string[] {
  const problems = signatureFinding(delivery, profile);
  const validation = validateWebhook('v2', String(eventTypeOf(delivery)), delivery.body);
  if (!validation.ok) problems.push(validation.errors.map((error) => error.message).join('; '));
  return problems;
}

check({
  id: 'v2.webhooks.shipment-events',
  api: 'v2',
  section: '6.2',
  title: 'v2 shipment.status_updated and shipment.delivery_status_updated that arrive are signed envelopes around a valid shipment',
  needs: ['webhooks', 'fixtures.sku'],
  writes: true,
}, async (t) => {
  const isShipmentEvent = (delivery: Delivery): boolean => delivery.api === 'v2' && shipmentEvents.includes(String(eventTypeOf(delivery)));
  const deliveries = await listenFor(t, isShipmentEvent, 'v2 shipment.status_updated or shipment.delivery_status_updated');
  expectNoFindings(t, deliveries, (delivery) => judge(delivery, t.profile),
    'Every v2 shipment event is a signed envelope (event_type, event_id, timestamp, data) around a valid Shipment (§6.2, §6.3 point 1)',
    'event_type, event_id (uuid), timestamp (date-time), data valid as the Shipment (§2.2), and a valid x-service-signature');
});
