import type { faults } from '../../packages/cli/server/faults/webhooks.js';
import type { Catalogue } from './types.js';

const dispatcher = 'test/webhooks/dispatcher.test.ts';
const answers = 'test/webhooks/dispatcher-answers.test.ts';
// The shipment events come from the warehouse (server/domain/shipment-progress.ts) and the restocking
// events from the status change (server/domain/restocking.ts), not from the dispatcher's input, so only
// a full run against the faulted server shows these four.
const matrixOnly = 'test/fault-matrix/faults/webhooks.test.ts';

/**
 * The webhook delivery faults (§6): the checks that catch each, and the test that proves it beside the
 * matrix. The event checks (suites/{v1,v2}/webhooks-events.check.ts) also judge the signature, the v1
 * event id and the v2 envelope of the shipment events, so the faults that break those for every event
 * fail them too.
 */
export const catalogue = {
  'webhooks-signature-wrong-key': {
    checks: ['v1.webhooks.signature', 'v2.webhooks.signature', 'v2.properties.webhook-signatures', 'v1.webhooks.shipment-and-return-events', 'v2.webhooks.shipment-events'],
    provenBy: dispatcher,
  },
  'webhooks-signature-base64': {
    checks: ['v1.webhooks.signature', 'v2.webhooks.signature', 'v2.properties.webhook-signatures', 'v1.webhooks.shipment-and-return-events', 'v2.webhooks.shipment-events'],
    provenBy: dispatcher,
  },
  'webhooks-signature-reserialized': {
    checks: ['v2.webhooks.signature', 'v1.webhooks.signature', 'v2.properties.webhook-signatures', 'v1.webhooks.shipment-and-return-events', 'v2.webhooks.shipment-events'],
    provenBy: dispatcher,
  },
  'webhooks-v1-missing-event-id': { checks: ['v1.webhooks.event-id', 'v1.webhooks.shipment-and-return-events'], provenBy: dispatcher },
  // The other retry checks tie a retry with a new event id to its call by its bytes and signature; after-500 judges the id.
  'webhooks-v1-unstable-event-id': { checks: ['v1.webhooks.retry.after-500'], provenBy: dispatcher },
  'webhooks-v1-retries-4xx': { checks: ['v1.webhooks.retry.not-after-4xx'], provenBy: dispatcher },
  'webhooks-v1-no-retry-5xx': { checks: ['v1.webhooks.retry.after-500'], provenBy: dispatcher },
  'webhooks-v2-missing-envelope-field': { checks: ['v2.webhooks.restocking-status-updated', 'v2.webhooks.order-status-updated', 'v2.webhooks.shipment-events'], provenBy: dispatcher },
  'webhooks-v2-missing-signature': { checks: ['v2.webhooks.signature', 'v2.properties.webhook-signatures', 'v2.webhooks.shipment-events'], provenBy: dispatcher },
  'webhooks-v1-payload-changed-on-retry': { checks: ['v1.webhooks.retry.after-500'], provenBy: dispatcher },
  'webhooks-v1-no-retry-connection-failure': { checks: ['v1.webhooks.retry.after-connection-failure'], provenBy: answers },
  'webhooks-v1-no-retry-timeout': { checks: ['v1.webhooks.retry.after-timeout'], provenBy: answers },
  'webhooks-v2-events-to-v1-url': { checks: ['v1.webhooks.versions-separate'], provenBy: answers },
  'webhooks-v1-no-retry-429': { checks: ['v1.webhooks.retry.after-429'], provenBy: answers },
  'webhooks-answer-wait-2s': { checks: ['v1.webhooks.slow-answer-received'], provenBy: answers },
  'webhooks-redirect-followed': { checks: ['v1.webhooks.redirect-received', 'v2.webhooks.redirect-not-followed'], provenBy: answers },
  'webhooks-v1-redirect-retried': { checks: ['v1.webhooks.redirect-received'], provenBy: answers },
  'webhooks-v1-shipment-event-enveloped': { checks: ['v1.webhooks.shipment-and-return-events'], provenBy: matrixOnly },
  'webhooks-v2-shipment-event-missing-status': { checks: ['v2.webhooks.shipment-events'], provenBy: matrixOnly },
  // The checks that need a restocking event only to judge it skip, naming the event's owner, which fails alone.
  'webhooks-v1-restocking-event-not-sent': { checks: ['v1.webhooks.restocking-status-updated'], provenBy: matrixOnly },
  'webhooks-v2-restocking-event-not-sent': { checks: ['v2.webhooks.restocking-status-updated'], provenBy: matrixOnly },
  'webhooks-v2-timestamp-fixed': { checks: ['v2.webhooks.timestamp-not-before-change'], provenBy: dispatcher },
} satisfies Catalogue<typeof faults>;
