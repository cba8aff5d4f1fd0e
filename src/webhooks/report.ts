import { RECORDED_BODY_LIMIT } from '../http/index.js';
import type { RecordedExchange } from '../http/index.js';
import { eventName } from './events.js';
import type { Delivery } from './receiver.js';

/** One judged rule for one delivery, in the check shape of the run's reports (CONTRACT §3). */
export interface DeliveryCheck {
  id: string;
  title: string;
  api: 'v1' | 'v2';
  section: string;
  status: 'passed' | 'failed' | 'skipped';
  message: string;
  /** The delivery as an exchange, on failures only (tokens redacted). */
  requests: RecordedExchange[];
}

const refusalText: Record<NonNullable<Delivery['refusal']>, string> = {
  'too-large': 'the body is over the size limit',
  'too-slow': 'the body did not arrive in time',
  aborted: 'the sender closed the connection before the body was complete',
  'malformed-json': 'the body is not valid JSON',
};

/**
 * Judges one delivery the way `mfc webhooks listen` reports it: the signature (§6.3), v1's
 * `x-service-event-id` (§6.3 point 2), and the payload against its schemas (§6.1 v1, §6.2 v2).
 * A call refused before parsing yields one failed check saying why.
 */
export function checkDelivery(delivery: Delivery, redact: (text: string) => string, baseUrl: string): DeliveryCheck[] {
  const prefix = `${delivery.api}.webhooks.delivery-${delivery.seq}`;
  const exchange = [exchangeOf(delivery, redact, baseUrl)];
  const judged = (id: string, section: string, title: string, failure: string | undefined, passMessage: string): DeliveryCheck => ({
    id: `${prefix}.${id}`,
    title: `${title} (delivery ${delivery.seq} to ${delivery.path})`,
    api: delivery.api,
    section,
    status: failure === undefined ? 'passed' : 'failed',
    message: redact(failure ?? passMessage),
    requests: failure === undefined ? [] : exchange,
  });
  if (delivery.refusal !== undefined) {
    return [judged('accepted', '6', 'The call is a readable JSON body within the limits', `Refused: ${refusalText[delivery.refusal]}`, '')];
  }
  const checks: DeliveryCheck[] = [];
  const signature = delivery.signature;
  checks.push(
    signature === undefined
      ? { ...judged('signature', '6.3', 'x-service-signature is the hex HMAC-SHA256 of the raw body', undefined, ''), status: 'skipped', message: 'no signing token given' }
      : judged('signature', '6.3', 'x-service-signature is the hex HMAC-SHA256 of the raw body', signature.valid ? undefined : signature.message, 'signature verifies with the signing token'),
  );
  if (delivery.api === 'v1') {
    const missing = delivery.eventId === undefined || delivery.eventId === '';
    checks.push(judged('event-id', '6.3', 'v1 calls carry x-service-event-id', missing ? 'x-service-event-id expected a value, received no header' : undefined, `x-service-event-id ${delivery.eventId ?? ''}`));
  }
  const parse = delivery.event;
  const payloadFailure = parse === undefined || parse.ok ? undefined : parse.errors.map((error) => error.message).join('\n') || 'the payload matches no event schema';
  checks.push(judged(
    'payload',
    delivery.api === 'v1' ? '6.1' : '6.2',
    delivery.api === 'v1' ? 'The body is a v1 event payload' : 'The body is a v2 event envelope with valid data',
    payloadFailure,
    parse?.ok === true ? `${eventName(parse.event)} ${describeResource(delivery)}` : '',
  ));
  return checks;
}

/** `id=… status=…` for a delivery's resource, as the listener prints it. */
export function describeResource(delivery: Delivery): string {
  const resource = delivery.resource;
  if (resource === undefined) return 'no resource';
  const parts = [`id=${String(resource.id)}`];
  if (resource.status !== undefined) parts.push(`status=${String(resource.status)}`);
  if (resource.delivery_status !== undefined) parts.push(`delivery_status=${String(resource.delivery_status)}`);
  return parts.join(' ');
}

function exchangeOf(delivery: Delivery, redact: (text: string) => string, baseUrl: string): RecordedExchange {
  const body = delivery.rawBody.toString('utf8');
  const headers = Object.fromEntries(
    Object.entries(delivery.headers).map(([name, value]) => [name, redact(Array.isArray(value) ? value.join(', ') : String(value))]),
  );
  return {
    method: delivery.method,
    url: redact(`${baseUrl}${delivery.path}`),
    requestHeaders: headers,
    requestBody: redact(body.length > RECORDED_BODY_LIMIT ? `${body.slice(0, RECORDED_BODY_LIMIT)}… [${body.length - RECORDED_BODY_LIMIT} more characters]` : body),
    status: typeof delivery.answer === 'number' ? delivery.answer : null,
    responseHeaders: {},
    responseBody: null,
    ...(delivery.answer === 'hang' ? { error: 'held open by the receiver' } : {}),
    durationMs: 0,
  };
}
