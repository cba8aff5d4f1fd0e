import type { FaultDefinition } from './types.js';

/** Deviations of the reference server's webhook delivery (§6), each caught by a webhook check. */
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
] as const satisfies readonly FaultDefinition[];
