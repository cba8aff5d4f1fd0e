// Authentication (§5), scope (§1), error (§7), rate-limit (§8) and response-schema (§2) faults →
// the checks that catch them.
import type { FaultSetup } from './index.js';
import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the checks that must fail against `mfc serve --fault <name>`. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v1-auth-missing-token-403': ['v1.auth.missing-token-401', 'v1.auth.every-endpoint-401'],
  'v2-auth-missing-token-403': ['v2.auth.missing-token-401', 'v2.auth.every-endpoint-401'],
  'v1-auth-unknown-token-403': ['v1.auth.unknown-token-401'],
  'v2-auth-unknown-token-403': ['v2.auth.unknown-token-401'],
  'v1-auth-expired-token-accepted': ['v1.auth.expired-token-403'],
  'v2-auth-expired-token-accepted': ['v2.auth.expired-token-403'],
  'v1-auth-expired-token-401': ['v1.auth.expired-token-403'],
  'v2-auth-expired-token-401': ['v2.auth.expired-token-403'],
  'v1-auth-inactive-channel-accepted': ['v1.auth.inactive-channel-403'],
  'v2-auth-inactive-channel-accepted': ['v2.auth.inactive-channel-403'],
  'v1-auth-inactive-channel-401': ['v1.auth.inactive-channel-403'],

  'v1-scope-cross-channel-order-read': ['v1.scope.other-channel-order-404'],
  'v1-scope-cross-merchant-order-read': ['v1.scope.other-merchant-order-404'],
  'v1-scope-orders-list-all-channels': ['v1.scope.orders-list-own-channel'],
  'v1-scope-cross-channel-sku-update': ['v1.scope.other-channel-sku-404'],
  'v1-scope-cross-merchant-restocking-read': ['v1.scope.other-merchant-restocking-shipment-404'],
  'v2-scope-cross-merchant-restocking-read': ['v2.scope.other-merchant-restocking-shipment-404'],
  'v2-scope-cross-merchant-order-read': ['v2.scope.other-merchant-order-404'],

  'v1-rate-limit-no-used-header': ['v1.rate-limit.headers-on-every-response', 'v1.rate-limit.headers-on-writes-and-errors'],
  'v2-rate-limit-no-used-header': ['v2.rate-limit.headers-on-every-response', 'v2.rate-limit.headers-on-writes-and-errors'],
  'v1-rate-limit-no-max-header': ['v1.rate-limit.headers-on-every-response', 'v1.rate-limit.headers-on-writes-and-errors'],
  'v2-rate-limit-no-max-header': ['v2.rate-limit.headers-on-every-response', 'v2.rate-limit.headers-on-writes-and-errors'],
  'v1-rate-limit-headers-only-on-success': ['v1.rate-limit.headers-on-every-response', 'v1.rate-limit.headers-on-writes-and-errors'],
  'v2-rate-limit-headers-only-on-success': ['v2.rate-limit.headers-on-every-response', 'v2.rate-limit.headers-on-writes-and-errors'],
  'v1-rate-limit-used-off-by-one': ['v1.rate-limit.429-retry-after-and-reset'],
  'v1-rate-limit-not-enforced': ['v1.rate-limit.429-retry-after-and-reset'],
  'v2-rate-limit-not-enforced': ['v2.rate-limit.429-retry-after'],
  'v1-rate-limit-no-retry-after': ['v1.rate-limit.429-retry-after-and-reset'],
  'v1-rate-limit-retry-after-full-minute': ['v1.rate-limit.429-retry-after-and-reset'],
  'v1-rate-limit-no-reset': ['v1.rate-limit.429-retry-after-and-reset'],
  'v1-rate-limit-per-merchant': ['v1.rate-limit.per-sales-channel'],
  'v2-rate-limit-per-channel': ['v2.rate-limit.per-merchant', 'v2.properties.rate-limit-headers'],

  'v1-errors-shape-v2': ['v1.errors.body-shape'],
  'v1-errors-not-array': ['v1.errors.body-shape'],
  'v2-errors-missing-errors': ['v2.errors.body-shape', 'v2.orders.create.duplicate-409'],
  'v2-errors-shape-v1': ['v2.errors.body-shape'],
  'v1-body-invalid-json-not-400': ['v1.errors.invalid-json-400'],
  'v2-body-invalid-json-not-400': ['v2.errors.invalid-json-400'],

  'v1-schema-order-id-string': ['v1.schema.order'],
  'v2-schema-order-id-string': ['v2.schema.order', 'v2.webhooks.order-status-updated'],
  'v2-schema-order-currency-lowercase': ['v2.schema.order', 'v2.webhooks.order-status-updated'],
  'v2-schema-order-missing-fulfillment-status': ['v2.schema.order', 'v2.orders.cancel.cancelled'],
  'v2-schema-order-unknown-fulfillment-status': ['v2.schema.order', 'v2.orders.cancel.cancelled'],
  // The webhook checks find their call by the status it announces (§6.1: the resource with its new status),
  // so an unknown status hides the call from them as well.
  'v1-schema-restocking-unknown-status': ['v1.schema.restocking-shipment', 'v1.restocking.create.shipped-201', 'v1.webhooks.event-id', 'v1.webhooks.restocking-status-updated', 'v1.webhooks.retry.after-500', 'v1.webhooks.retry.after-timeout', 'v1.webhooks.retry.not-after-4xx', 'v1.webhooks.signature', 'v2.properties.webhook-signatures'],
  'v2-schema-restocking-v1-status': ['v2.schema.restocking-shipment'],
  'v2-schema-restocking-missing-warehouse-id': ['v2.schema.restocking-shipment', 'v2.webhooks.restocking-status-updated'],
  'v1-schema-sku-weight-string': ['v1.schema.sku'],
  'v2-schema-batch-blocked-string': ['v2.schema.inventory-batch'],
  'v1-schema-pagination-string-page': ['v1.schema.pagination'],
  'v2-schema-next-page-url-missing': ['v2.schema.pagination'],
};

// The 429 faults show only when a check may exceed the limit; a limit of 10 keeps that to a dozen
// requests. v1-rate-limit-no-reset also waits for the next calendar minute (up to a minute).
const provoked: FaultSetup = { rateLimit: 10, provoke: true };

/** Faults that need a provoked 429 (CONTRACT §2 `rateLimit.provoke`) against a low limit. */
export const faultSetup: Partial<Record<FaultName, FaultSetup>> = {
  'v1-rate-limit-used-off-by-one': provoked,
  'v1-rate-limit-not-enforced': provoked,
  'v2-rate-limit-not-enforced': provoked,
  'v1-rate-limit-no-retry-after': provoked,
  'v1-rate-limit-retry-after-full-minute': provoked,
  'v1-rate-limit-no-reset': provoked,
};
