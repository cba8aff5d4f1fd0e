// Webhook faults (server/faults/webhooks.ts) → the webhook check of `mfc run` that catches each.
// The matrix starts the server with webhook URLs (and a fast retry clock), so these checks run.

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Each webhook fault and the check it must fail. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'webhooks-signature-wrong-key': ['v1.webhooks.signature', 'v2.webhooks.signature', 'v2.properties.webhook-signatures'],
  'webhooks-signature-base64': ['v1.webhooks.signature', 'v2.webhooks.signature', 'v2.properties.webhook-signatures'],
  'webhooks-signature-reserialized': ['v2.webhooks.signature', 'v1.webhooks.signature', 'v2.properties.webhook-signatures'],
  'webhooks-v1-missing-event-id': ['v1.webhooks.event-id'],
  'webhooks-v1-unstable-event-id': ['v1.webhooks.retry.after-500', 'v1.webhooks.retry.after-timeout'],
  'webhooks-v1-retries-4xx': ['v1.webhooks.retry.not-after-4xx'],
  'webhooks-v1-no-retry-5xx': ['v1.webhooks.retry.after-500'],
  'webhooks-v2-missing-envelope-field': ['v2.webhooks.restocking-status-updated', 'v2.webhooks.order-status-updated'],
  'webhooks-v2-missing-signature': ['v2.webhooks.signature', 'v2.properties.webhook-signatures'],
  'webhooks-v1-payload-changed-on-retry': ['v1.webhooks.retry.after-500', 'v1.webhooks.retry.after-timeout'],
};
