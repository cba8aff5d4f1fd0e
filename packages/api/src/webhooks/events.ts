import { validateWebhook } from '../openapi/index.js';
import type { SchemaError } from '../openapi/index.js';
import { dateTimeInstant } from '../date-time.js';

/** The v1 events of §6.1; their bodies are the bare resource, so the name is not in the body. */
export const V1_EVENTS = [
  'delivery_status_updated',
  'shipment_status_updated',
  'restocking_shipment_status_updated',
  'return_status_updated',
] as const;

/** The v2 event types of §6.2, carried in the envelope's `event_type`. */
export const V2_EVENTS = [
  'order.status_updated',
  'shipment.status_updated',
  'shipment.delivery_status_updated',
  'restocking_shipment.status_updated',
] as const;

/** A v1 event name (§6.1). */
export type V1EventName = (typeof V1_EVENTS)[number];
/** A v2 event type (§6.2). */
export type V2EventType = (typeof V2_EVENTS)[number];

/** Which kind of record an event is about; the idempotency helper keys resources by it. */
export type ResourceKind = 'order' | 'shipment' | 'restocking_shipment' | 'return';

/** The fields of an event's resource that matching and ordering rely on; the rest is as the schema says. */
export interface EventResource {
  id?: number;
  status?: string;
  delivery_status?: string | null;
  updated_at?: string;
  [field: string]: unknown;
}

/**
 * A v1 delivery: the bare resource. `events` lists the v1 events the body's shape allows: the two
 * shipment events share one schema, and v1 shipments and returns have no shown fields, so a body
 * can name several; `kind` is undefined when those disagree on the kind of resource.
 */
export interface V1Event {
  api: 'v1';
  events: V1EventName[];
  kind: ResourceKind | undefined;
  /** The `x-service-event-id` header, when the caller passed it (§6.3 point 2). */
  eventId: string | undefined;
  resource: EventResource;
}

/**
 * A v2 delivery: the envelope of §6.2 with its `data`. `known` is false for an event_type §6.2 does
 * not list (a v2 return event exists whose name is not shown): its envelope is valid, its data unjudged.
 */
export interface V2Event {
  api: 'v2';
  eventType: string;
  known: boolean;
  kind: ResourceKind | undefined;
  eventId: string;
  timestamp: string;
  resource: EventResource;
}

/** A parsed and schema-valid webhook event of either version. */
export type WebhookEvent = V1Event | V2Event;

/** A parse: the typed event, or the schema violations that stopped it. */
export type EventParse = { ok: true; event: WebhookEvent } | { ok: false; errors: SchemaError[] };

const v1Kinds: Record<V1EventName, ResourceKind> = {
  delivery_status_updated: 'shipment',
  shipment_status_updated: 'shipment',
  restocking_shipment_status_updated: 'restocking_shipment',
  return_status_updated: 'return',
};

const v2Kinds: Record<V2EventType, ResourceKind> = {
  'order.status_updated': 'order',
  'shipment.status_updated': 'shipment',
  'shipment.delivery_status_updated': 'shipment',
  'restocking_shipment.status_updated': 'restocking_shipment',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isV2EventType(value: unknown): value is V2EventType {
  return (V2_EVENTS as readonly unknown[]).includes(value);
}

// Whether a v1 payload schema says anything about shape: v1 Shipment and Return fields are not
// shown (§2.7), so their schemas accept any object and cannot tell one event from another.
const informative = new Map<V1EventName, boolean>();
function isInformative(name: V1EventName): boolean {
  let known = informative.get(name);
  if (known === undefined) {
    known = !validateWebhook('v1', name, {}).ok;
    informative.set(name, known);
  }
  return known;
}

/**
 * Parses a v1 body (§6.1). v1 carries no event name, so the body is tried against every v1
 * payload schema: when a schema that constrains the shape accepts it, the event is among those;
 * otherwise every schema that accepts it is a candidate. When none accepts it, the errors are
 * those of the closest schema.
 */
export function parseV1Event(body: unknown, eventId?: string): EventParse {
  const matches: V1EventName[] = [];
  let closest: SchemaError[] | undefined;
  for (const name of V1_EVENTS) {
    const validation = validateWebhook('v1', name, body);
    if (validation.ok) matches.push(name);
    else if (closest === undefined || validation.errors.length < closest.length) {
      closest = validation.errors.map((error: SchemaError) => ({ ...error, message: `${name}: ${error.message}` }));
    }
  }
  if (matches.length === 0 || !isObject(body)) return { ok: false, errors: closest ?? [] };
  const specific = matches.filter(isInformative);
  const events = specific.length > 0 ? specific : matches;
  const kinds = new Set(events.map((name) => v1Kinds[name]));
  const kind = kinds.size === 1 ? [...kinds][0] : undefined;
  return { ok: true, event: { api: 'v1', events, kind, eventId, resource: body } };
}

// The §6.2 envelope fields, for an event_type whose schema is not known: event_id a uuid, timestamp a date-time.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The violations of the §6.2 envelope itself (event_id, timestamp, data), whatever its event_type. */
function envelopeErrors(body: Record<string, unknown>): SchemaError[] {
  const errors: SchemaError[] = [];
  const { event_id: eventId, timestamp, data } = body;
  if (typeof eventId !== 'string' || !UUID.test(eventId)) errors.push({ pointer: '/event_id', rule: 'format', message: `event_id expected a uuid, received ${JSON.stringify(eventId) ?? 'nothing'} at /event_id` });
  if (Number.isNaN(dateTimeInstant(timestamp))) {
    errors.push({ pointer: '/timestamp', rule: 'format', message: `timestamp expected a date-time, received ${JSON.stringify(timestamp) ?? 'nothing'} at /timestamp` });
  }
  if (!isObject(data)) errors.push({ pointer: '/data', rule: 'type', message: `data expected an object, received ${JSON.stringify(data) ?? 'nothing'} at /data` });
  return errors;
}

/**
 * Parses a v2 envelope (§6.2): validated as a whole against the schema of its `event_type`. An
 * event_type §6.2 does not list is still an event (`known: false`) when its envelope is valid.
 */
export function parseV2Event(body: unknown): EventParse {
  const eventType = isObject(body) ? body['event_type'] : undefined;
  if (!isObject(body) || typeof eventType !== 'string' || eventType === '') {
    return {
      ok: false,
      errors: [{ pointer: '/event_type', rule: 'type', message: `event_type expected a non-empty string, received ${JSON.stringify(eventType) ?? 'nothing'} at /event_type` }],
    };
  }
  const known = isV2EventType(eventType);
  const errors = known ? validateWebhook('v2', eventType, body).errors : envelopeErrors(body);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    event: {
      api: 'v2',
      eventType,
      known,
      kind: known ? v2Kinds[eventType] : undefined,
      eventId: String(body['event_id']),
      timestamp: String(body['timestamp']),
      resource: body['data'] as EventResource,
    },
  };
}

/**
 * Whether a body looks like a v2 envelope, for a receiver that does not know which version a URL
 * serves: it names an event_type, or holds data beside an event_id or timestamp. An envelope
 * missing one field still looks like one, so it is judged (and refused) as v2.
 */
export function looksLikeEnvelope(body: unknown): boolean {
  if (!isObject(body)) return false;
  return 'event_type' in body || ('data' in body && ('event_id' in body || 'timestamp' in body));
}

/** Parses a body as the given version's event, or guesses the version from its shape. */
export function parseEvent(body: unknown, options: { api?: 'v1' | 'v2'; eventId?: string } = {}): EventParse {
  const api = options.api ?? (looksLikeEnvelope(body) ? 'v2' : 'v1');
  return api === 'v2' ? parseV2Event(body) : parseV1Event(body, options.eventId);
}

/** A one-line name for an event: the v2 type (marked when §6.2 does not list it), or the v1 names its shape allows. */
export function eventName(event: WebhookEvent): string {
  if (event.api === 'v1') return event.events.join('|');
  return event.known ? event.eventType : `${event.eventType} (unknown event type)`;
}
