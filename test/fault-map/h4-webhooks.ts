// Webhook answer and event faults (server/faults/h4-webhooks.ts) → suites/{v1,v2}/webhooks-answers.check.ts
// and suites/{v1,v2}/webhooks-events.check.ts. The event checks also judge the signature, the v1 event id
// and the v2 envelope of the shipment events the reference server sends (server/domain/shipment-progress.ts),
// so the faults that break those for every event are caught there too.

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the checks that must fail against `mfc serve --fault <name>`. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'webhooks-v1-no-retry-connection-failure': ['v1.webhooks.retry.after-connection-failure'],
  'webhooks-v2-events-to-v1-url': ['v1.webhooks.versions-separate'],
  'webhooks-v1-no-retry-429': ['v1.webhooks.retry.after-429'],
  'webhooks-answer-wait-2s': ['v1.webhooks.slow-answer-received'],
  'webhooks-redirect-followed': ['v1.webhooks.redirect-received', 'v2.webhooks.redirect-not-followed'],
  'webhooks-v1-redirect-retried': ['v1.webhooks.redirect-received'],
  'webhooks-v1-shipment-event-enveloped': ['v1.webhooks.shipment-and-return-events'],
  'webhooks-v2-shipment-event-missing-status': ['v2.webhooks.shipment-events'],

  'webhooks-signature-wrong-key': ['v1.webhooks.shipment-and-return-events', 'v2.webhooks.shipment-events'],
  'webhooks-signature-base64': ['v1.webhooks.shipment-and-return-events', 'v2.webhooks.shipment-events'],
  'webhooks-signature-reserialized': ['v1.webhooks.shipment-and-return-events', 'v2.webhooks.shipment-events'],
  'webhooks-v1-missing-event-id': ['v1.webhooks.shipment-and-return-events'],
  'webhooks-v2-missing-envelope-field': ['v2.webhooks.shipment-events'],
  'webhooks-v2-missing-signature': ['v2.webhooks.shipment-events'],
};
