import { looksLikeEnvelope } from '../webhooks/index.js';
import type { EventParse, V1EventName } from '../webhooks/index.js';

/** Which §6.1 events a v1 body can be, or why it is none of them. */
export type V1PayloadVerdict = { ok: true; events: V1EventName[] } | { ok: false; problems: string[] };

// The v1 Shipment and Return schemas accept any object (their fields are not shown, §2.7), so a
// schema match alone would take `{}` or `{"hello": 1}` for an event. §6.1 still says what each
// payload is: a resource (identified by its integer id, §2) with "the new status" (shipment and
// return events) or "the new delivery_status" (§3.4: a value or null). The restocking event's
// schema is complete and the parse has judged it already.
const statusEvents: V1EventName[] = ['shipment_status_updated', 'return_status_updated'];

/**
 * Judges a v1 body as a §6.1 event payload: the bare resource (never an envelope), valid against
 * a v1 event schema, and carrying what its event states (an integer id with the new status or
 * delivery_status) when that schema shows no fields. `parse` is the receiver's `delivery.event`.
 */
export function judgeV1Payload(body: unknown, parse: EventParse | undefined): V1PayloadVerdict {
  if (looksLikeEnvelope(body)) {
    return { ok: false, problems: ['(root): expected the bare v1 resource (§6.1), received an envelope (event_type, event_id, timestamp, data are v2, §6.2)'] };
  }
  if (parse === undefined || !parse.ok) {
    const problems = parse?.errors.map((error) => error.message) ?? [];
    return { ok: false, problems: problems.length > 0 ? problems : [`(root): expected a JSON object, the bare v1 resource, received ${shown(body)}`] };
  }
  if (parse.event.api !== 'v1') return { ok: false, problems: ['(root): expected the bare v1 resource (§6.1), received a v2 event'] };
  if (parse.event.events.includes('restocking_shipment_status_updated')) return { ok: true, events: parse.event.events };
  const resource = parse.event.resource;
  const problems: string[] = [];
  if (!Number.isInteger(resource.id)) problems.push(`/id: expected an integer, the resource's id (§2), received ${shown(resource.id)}`);
  const hasStatus = 'status' in resource;
  const hasDeliveryStatus = 'delivery_status' in resource;
  if (hasStatus && typeof resource.status !== 'string') problems.push(`/status: expected a string, received ${shown(resource.status)}`);
  if (hasDeliveryStatus && resource.delivery_status !== null && typeof resource.delivery_status !== 'string') {
    problems.push(`/delivery_status: expected a string or null (§3.4), received ${shown(resource.delivery_status)}`);
  }
  if (!hasStatus && !hasDeliveryStatus) {
    problems.push(`(root): expected a shipment with its new status or delivery_status, a return with its new status, or a restocking shipment (§6.1), received an object with ${keysOf(resource)}`);
  }
  if (problems.length > 0) return { ok: false, problems };
  const events: V1EventName[] = [
    ...(hasDeliveryStatus ? ['delivery_status_updated' as const] : []),
    ...(hasStatus ? statusEvents : []),
  ];
  return { ok: true, events };
}

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function keysOf(resource: Record<string, unknown>): string {
  const keys = Object.keys(resource);
  if (keys.length === 0) return 'no properties';
  const named = keys.slice(0, 8).join(', ');
  return `properties ${named}${keys.length > 8 ? `, … (${keys.length} in all)` : ''}`;
}
