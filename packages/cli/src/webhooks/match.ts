import type { Delivery } from './delivery.js';
import type { ResourceKind } from '@mfc-conformance/api/webhooks';

/** What a check expects to arrive: a resource (by id and, optionally, kind) and its new status. */
export interface ResourceExpectation {
  api?: 'v1' | 'v2';
  /** Only deliveries whose payload is valid have a known kind; leave it out to match invalid ones too. */
  kind?: ResourceKind;
  id: number;
  status?: string;
  /** For delivery-status events, the shipment's `delivery_status`. */
  deliveryStatus?: string | null;
}

/**
 * A delivery predicate by resource id and status, never by arrival order (§6.3 point 5): deliveries
 * may repeat, arrive in any order and include events nobody asked for. The resource is read from
 * the body even when the payload is invalid, so a check can find a delivery and then judge it.
 */
export function forResource(expected: ResourceExpectation): (delivery: Delivery) => boolean {
  return (delivery) => {
    const resource = delivery.resource;
    // An id of digits in a string names the same record: the payload's types are the payload checks' rule.
    if (resource === undefined || String(resource.id) !== String(expected.id)) return false;
    if (expected.api !== undefined && delivery.api !== expected.api) return false;
    if (expected.kind !== undefined && !(delivery.event?.ok === true && delivery.event.event.kind === expected.kind)) return false;
    if (expected.status !== undefined && resource.status !== expected.status) return false;
    return expected.deliveryStatus === undefined || resource.delivery_status === expected.deliveryStatus;
  };
}
