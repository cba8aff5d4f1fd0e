import type { FaultDefinition } from './types.js';

/** Deviations of the reference server's webhook delivery (§6): signatures, event ids, envelopes and payloads, retries, answers, and which URL gets which events. */
export const faults = [
  {
    name: 'webhooks-signature-wrong-key',
    section: '6.3',
    description: 'signs webhooks with the newest valid token of the sales channel instead of the oldest',
  },
  {
    name: 'webhooks-signature-base64',
    section: '6.3',
    description: 'x-service-signature carries the HMAC-SHA256 digest base64-encoded instead of hex',
  },
  {
    name: 'webhooks-signature-reserialized',
    section: '6.3',
    description: 'signs a re-serialisation of the payload (sorted keys, other spacing) instead of the raw bytes sent',
  },
  {
    name: 'webhooks-v1-missing-event-id',
    section: '6.3',
    description: 'v1 deliveries carry no x-service-event-id header',
  },
  {
    name: 'webhooks-v1-unstable-event-id',
    section: '6.3',
    description: 'a v1 retry carries a new x-service-event-id instead of the one of the first attempt',
  },
  {
    name: 'webhooks-v1-retries-4xx',
    section: '6.3',
    description: 'v1 retries a delivery answered with a 4xx other than 429, which is a rejection',
  },
  {
    name: 'webhooks-v1-no-retry-5xx',
    section: '6.3',
    description: 'v1 gives up on a delivery answered with a 5xx instead of retrying it',
  },
  {
    name: 'webhooks-v2-missing-envelope-field',
    section: '6.2',
    description: 'v2 envelopes leave out the required event_id',
  },
  {
    name: 'webhooks-v2-missing-signature',
    section: '6.2',
    description: 'v2 deliveries carry no x-service-signature header',
  },
  {
    name: 'webhooks-v1-payload-changed-on-retry',
    section: '6.3',
    description: 'a v1 retry carries a changed payload instead of the payload of the first attempt',
  },
  {
    name: 'webhooks-v1-no-retry-connection-failure',
    section: '6.3',
    description: 'v1 treats a delivery whose connection failed (closed without an answer) as a rejection and does not retry it',
  },
  {
    name: 'webhooks-v2-events-to-v1-url',
    section: '6',
    description: 'v2 events are also sent to the URL registered for v1, which must receive only v1 events',
  },
  {
    name: 'webhooks-v1-no-retry-429',
    section: '6.3',
    description: 'v1 treats a delivery answered 429 as a rejection and does not retry it',
  },
  {
    name: 'webhooks-answer-wait-2s',
    section: '6.3',
    description: 'waits only 2 seconds for a receiver to answer instead of 5, so a 3-second answer is retried',
  },
  {
    name: 'webhooks-redirect-followed',
    section: '6.3',
    description: 'follows a 3xx answer: posts the delivery again to the Location',
  },
  {
    name: 'webhooks-v1-redirect-retried',
    section: '6.3',
    description: 'v1 retries a delivery answered with a 3xx instead of counting it as received',
  },
  {
    name: 'webhooks-v1-shipment-event-enveloped',
    section: '6.1',
    description: 'v1 shipment events wrap the shipment in a v2-style envelope instead of sending the bare resource',
  },
  {
    name: 'webhooks-v2-shipment-event-missing-status',
    section: '6.2',
    description: 'v2 shipment.status_updated leaves the required status out of data',
  },
  {
    name: 'webhooks-v1-restocking-event-not-sent',
    section: '6.1',
    description: 'a restocking shipment status change sends no v1 restocking_shipment_status_updated (the v2 event still goes)',
  },
  {
    name: 'webhooks-v2-restocking-event-not-sent',
    section: '6.2',
    description: 'a restocking shipment status change sends no v2 restocking_shipment.status_updated (the v1 event still goes)',
  },
  {
    name: 'webhooks-v1-no-retry-timeout',
    section: '6.3',
    description: 'v1 treats a delivery left unanswered past the answer limit as a rejection and does not retry it',
  },
  {
    name: 'webhooks-v2-timestamp-fixed',
    section: '6.2',
    description: 'stamps every v2 envelope with one fixed timestamp from before the run (an hour before the server started) instead of when the event occurred',
  },
] as const satisfies readonly FaultDefinition[];
