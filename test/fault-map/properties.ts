// The property-only faults (server/faults/properties.ts): each shows only for generated inputs or
// sequences, so only its property check catches it.

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault → the property checks that must fail against a server with it. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v1-lists-page-boundary-skip': ['v1.properties.pagination'],
  'v1-orders-update-cancelled-items-dropped-later': ['v1.properties.order-merge'],
  'v2-restocking-update-guard-multi-item': ['v2.properties.restocking-guards'],
  'webhooks-signature-astral-escaped': ['v2.properties.webhook-signatures'],
};

/**
 * A high request limit for these faults: a failing property shrinks its counterexample with further
 * requests, and the matrix only needs to see it fail, not to wait for rate-limit windows.
 */
export const faultSetup: Record<string, { rateLimit: number }> = Object.fromEntries(
  Object.keys(faultMap).map((fault) => [fault, { rateLimit: 10_000 }]),
);
