import { createHmac, randomUUID } from 'node:crypto';

/** The webhook faults (server/faults/webhooks.ts) that shape what one attempt sends. */
export interface MessageDeviations {
  base64Signature: boolean;
  reserializedSignature: boolean;
  v1MissingEventId: boolean;
  v1UnstableEventId: boolean;
  v1PayloadChangedOnRetry: boolean;
  v2MissingSignature: boolean;
  astralEscapedSignature: boolean;
}

/** One delivery as first built: its version, its body value and, for v1, the event id it keeps. */
export interface Message {
  api: 'v1' | 'v2';
  payload: unknown;
  eventId: string;
}

/** What one attempt sends: the exact bytes and the headers. */
export interface WireMessage {
  body: Buffer;
  headers: Record<string, string>;
}

/** Builds a v2 envelope (§6.2): event_type, a uuid event_id, the time of the event (default now) and data. */
export function envelopeOf(eventType: string, data: unknown, omitEventId: boolean, timestamp = new Date().toISOString()): Record<string, unknown> {
  const envelope: Record<string, unknown> = { event_type: eventType, event_id: randomUUID(), timestamp, data };
  if (omitEventId) delete envelope['event_id'];
  return envelope;
}

/**
 * The bytes and headers of attempt `attempt` (1 for the first) of a delivery (§6.3): the
 * signature is the hex HMAC-SHA256 of exactly the bytes sent, keyed with `key`; v1 names the call
 * in `x-service-event-id`, the same on every attempt. Each switched-on fault bends one of these.
 */
export function wireMessage(message: Message, attempt: number, key: string | undefined, deviations: MessageDeviations): WireMessage {
  const payload = message.api === 'v1' && attempt > 1 && deviations.v1PayloadChangedOnRetry ? changed(message.payload, attempt) : message.payload;
  const body = Buffer.from(JSON.stringify(payload));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signed = deviations.reserializedSignature ? Buffer.from(reserialize(payload)) : deviations.astralEscapedSignature ? astralEscaped(body) : body;
  const omitSignature = message.api === 'v2' && deviations.v2MissingSignature;
  if (key !== undefined && !omitSignature) {
    headers['x-service-signature'] = createHmac('sha256', key).update(signed).digest(deviations.base64Signature ? 'base64' : 'hex');
  }
  if (message.api === 'v1' && !deviations.v1MissingEventId) {
    headers['x-service-event-id'] = deviations.v1UnstableEventId && attempt > 1 ? randomUUID() : message.eventId;
  }
  return { body, headers };
}

// The same value written another way: keys sorted, two-space indentation.
function reserialize(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }, 2);
}

// The body with every character outside the Basic Multilingual Plane (emoji, historic scripts)
// written as a JSON \u escape pair: the same JSON value, other bytes; unchanged without such characters.
function astralEscaped(body: Buffer): Buffer {
  const text = body.toString('utf8').replace(/[\u{10000}-\u{10ffff}]/gu, (char) =>
    [...Array(char.length).keys()].map((i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''));
  return Buffer.from(text);
}

// A retry that re-reads the record instead of resending the payload: a later updated_at when the
// payload has one, otherwise a field a merchant would notice.
function changed(payload: unknown, attempt: number): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const record = payload as Record<string, unknown>;
  if (typeof record['updated_at'] === 'string') {
    const later = Date.parse(record['updated_at']) + attempt * 1000;
    return { ...record, updated_at: new Date(Number.isNaN(later) ? Date.now() : later).toISOString() };
  }
  return { ...record, tracking_code: `retry-${attempt}` };
}
