import type { FaultDefinition } from './types.js';

/** Deviations of webhook delivery (§6.1–6.3) in answers and events the first webhook checks did not cover. */
export const faults = [
  { name: 'webhooks-v1-no-retry-connection-failure', section: '6.3', description: 'v1 treats a delivery whose connection failed (closed without an answer) as a rejection and does not retry it' },
  { name: 'webhooks-v2-events-to-v1-url', section: '6', description: 'v2 events are also sent to the URL registered for v1, which must receive only v1 events' },
  { name: 'webhooks-v1-no-retry-429', section: '6.3', description: 'v1 treats a delivery answered 429 as a rejection and does not retry it' },
  { name: 'webhooks-answer-wait-2s', section: '6.3', description: 'waits only 2 seconds for a receiver to answer instead of 5, so a 3-second answer is retried' },
  { name: 'webhooks-redirect-followed', section: '6.3', description: 'follows a 3xx answer: posts the delivery again to the Location' },
  { name: 'webhooks-v1-redirect-retried', section: '6.3', description: 'v1 retries a delivery answered with a 3xx instead of counting it as received' },
  { name: 'webhooks-v1-shipment-event-enveloped', section: '6.1', description: 'v1 shipment events wrap the shipment in a v2-style envelope instead of sending the bare resource' },
  { name: 'webhooks-v2-shipment-event-missing-status', section: '6.2', description: 'v2 shipment.status_updated leaves the required status out of data' },
] as const satisfies readonly FaultDefinition[];
