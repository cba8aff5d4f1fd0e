import { RECORDED_BODY_LIMIT } from '../http/index.js';
import type { RecordedExchange } from '../http/index.js';
import type { CheckResult } from '../reports/index.js';
import { eventName } from './events.js';
import type { Delivery } from './receiver.js';

/** What a failed rule expected and what the delivery held instead. */
interface Mismatch {
  expected: string;
  received: string;
}

const refusalText: Record<NonNullable<Delivery['refusal']>, string> = {
  'too-large': 'a body over the size limit',
  'too-slow': 'a body that did not arrive in time',
  aborted: 'a connection closed before the body was complete',
  'malformed-json': 'a body that is not valid JSON',
};

/**
 * Judges one delivery the way `mfc webhooks listen` reports it, as results of the run's report
 * model: the signature (§6.3), v1's `x-service-event-id` (§6.3 point 2), and the payload against
 * its schemas (§6.1 v1, §6.2 v2). A call refused before parsing yields one failed result saying why.
 */
export function checkDelivery(delivery: Delivery, redact: (text: string) => string, baseUrl: string): CheckResult[] {
  const prefix = `${delivery.api}.webhooks.delivery-${delivery.seq}`;
  const judged = (rule: string, section: string, title: string, mismatch: Mismatch | undefined): CheckResult => {
    const fullTitle = `${title} (delivery ${delivery.seq} to ${delivery.path})`;
    const base = { id: `${prefix}.${rule}`, title: fullTitle, api: delivery.api, section };
    if (mismatch === undefined) return { ...base, status: 'passed', message: '', requests: [] };
    const expected = redact(mismatch.expected);
    const received = redact(mismatch.received);
    return {
      ...base,
      status: 'failed',
      message: `${fullTitle}\nExpected: ${expected}\nReceived: ${received}`,
      requests: [exchangeOf(delivery, redact, baseUrl)],
      failure: { code: 'MFC_WEBHOOK_DELIVERY', title: fullTitle, expected, received },
    };
  };
  if (delivery.refusal !== undefined) {
    return [judged('accepted', '6', 'The call is a readable JSON body within the limits', {
      expected: 'a complete JSON body within the receiver limits',
      received: refusalText[delivery.refusal],
    })];
  }
  const results: CheckResult[] = [];
  const signatureTitle = 'x-service-signature is the hex HMAC-SHA256 of the raw body';
  const signature = delivery.signature;
  if (signature === undefined) {
    results.push({ id: `${prefix}.signature`, title: signatureTitle, api: delivery.api, section: '6.3', status: 'skipped', message: 'no signing token given', requests: [] });
  } else {
    results.push(judged('signature', '6.3', signatureTitle, signature.valid ? undefined : {
      expected: 'the hex HMAC-SHA256 of the raw body keyed with the signing token',
      received: signature.message,
    }));
  }
  if (delivery.api === 'v1') {
    const missing = delivery.eventId === undefined || delivery.eventId === '';
    results.push(judged('event-id', '6.3', 'v1 calls carry x-service-event-id', missing ? { expected: 'an x-service-event-id header', received: 'no header' } : undefined));
  }
  const parse = delivery.event;
  const v1 = delivery.api === 'v1';
  if (parse?.ok === true && parse.event.api === 'v2' && !parse.event.known) {
    // §6.2: a v2 return event exists whose name and payload are not shown; nothing about its data can be judged.
    results.push({
      id: `${prefix}.payload`, title: `The body is a v2 event envelope with valid data (delivery ${delivery.seq} to ${delivery.path})`, api: 'v2', section: '6.2', status: 'skipped',
      message: `unknown event type ${parse.event.eventType}: its envelope is valid, and §6.2 does not list the type (a v2 return event exists whose name and payload are not shown), so its data is not judged`,
      requests: [],
    });
    return results;
  }
  results.push(judged(
    'payload',
    v1 ? '6.1' : '6.2',
    v1 ? 'The body is a v1 event payload' : 'The body is a v2 event envelope with valid data',
    parse === undefined || parse.ok ? undefined : {
      expected: v1 ? 'the bare resource of a v1 event' : 'an envelope with event_type, event_id (uuid), timestamp and valid data',
      received: parse.errors.map((error) => error.message).join('; ') || 'a body no event schema accepts',
    },
  ));
  return results;
}

/** `id=… status=…` for a delivery's resource, as the listener prints it. */
export function describeResource(delivery: Delivery): string {
  const resource = delivery.resource;
  if (resource === undefined) return 'no-resource';
  const parts = [`id=${String(resource.id)}`];
  if (resource.status !== undefined) parts.push(`status=${String(resource.status)}`);
  if (resource.delivery_status !== undefined) parts.push(`delivery_status=${String(resource.delivery_status)}`);
  return parts.join(' ');
}

/** A delivery's event name for a line of output: the v2 type, the v1 names its shape allows, or `unknown-event`. */
export function describeEvent(delivery: Delivery): string {
  return delivery.event?.ok === true ? eventName(delivery.event.event) : 'unknown-event';
}

function exchangeOf(delivery: Delivery, redact: (text: string) => string, baseUrl: string): RecordedExchange {
  const body = delivery.rawBody.toString('utf8');
  const headers = Object.fromEntries(
    Object.entries(delivery.headers).map(([name, value]) => [name, redact(Array.isArray(value) ? value.join(', ') : String(value))]),
  );
  const clipped = body.length > RECORDED_BODY_LIMIT ? `${body.slice(0, RECORDED_BODY_LIMIT)}… [${body.length - RECORDED_BODY_LIMIT} more characters]` : body;
  return {
    method: delivery.method,
    url: redact(`${baseUrl}${delivery.path}`),
    requestHeaders: headers,
    requestBody: redact(clipped),
    status: typeof delivery.answer === 'number' ? delivery.answer : null,
    responseHeaders: {},
    responseBody: null,
    ...(delivery.answer === 'hang' ? { error: 'held open by the receiver' } : delivery.answer === 'drop' ? { error: 'connection closed by the receiver' } : {}),
    durationMs: 0,
  };
}
