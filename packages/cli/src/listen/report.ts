import { RECORDED_BODY_LIMIT } from '../http/index.js';
import type { RecordedExchange } from '../http/index.js';
import type { CheckResult } from '../reports/index.js';
import { eventName } from '../webhooks/index.js';
import type { Delivery } from '../webhooks/index.js';
import { judgeV1Payload } from './v1-payload.js';
import { webhookAnswerProblem, type ReceiverAnswer, type Verdict } from '../judgements/index.js';

/** What a failed rule expected and what the delivery held instead. */
interface Mismatch {
  expected: string;
  received: string;
}

function mismatchOf(verdict: Verdict | undefined): Mismatch | undefined {
  return verdict === undefined ? undefined : { expected: String(verdict.expected), received: String(verdict.received) };
}

const refusalText: Record<NonNullable<Delivery['refusal']>, string> = {
  'too-large': 'a body over the size limit',
  'too-slow': 'a body that did not arrive in time',
  aborted: 'a connection closed before the body was complete',
  'malformed-json': 'a body that is not valid JSON',
};

/** The rules `mfc webhooks listen` judges each call by, as the last segment of a check id. */
export type DeliveryRule = 'accepted' | 'signature' | 'event-id' | 'payload' | 'answered-in-time';

/** The § and title of a rule, the same for every call of a version. */
export function ruleOf(api: 'v1' | 'v2', rule: DeliveryRule): { section: string; title: string } {
  switch (rule) {
    case 'accepted': return { section: '6', title: 'The call is a readable JSON body within the limits' };
    case 'signature': return { section: '6.3', title: 'x-service-signature is the hex HMAC-SHA256 of the raw body' };
    case 'event-id': return { section: '6.3', title: 'v1 calls carry x-service-event-id' };
    case 'answered-in-time': return { section: '6.3', title: 'The application answered the forwarded call within 5 seconds (--forward)' };
    case 'payload': return api === 'v1'
      ? { section: '6.1', title: 'The body is a v1 event payload' }
      : { section: '6.2', title: 'The body is a v2 event envelope with valid data' };
  }
}

/**
 * What is wrong with a delivery's payload, or undefined when it is a valid event or a v2 event
 * of a type §6.2 does not list: the v1 bare resource of a §6.1 event (`judgeV1Payload`), or the
 * v2 envelope valid against the schema of its event_type (§6.2).
 */
export function payloadProblems(delivery: Delivery): string[] | undefined {
  if (delivery.api === 'v1') {
    const verdict = judgeV1Payload(delivery.body, delivery.event);
    return verdict.ok ? undefined : verdict.problems;
  }
  const parse = delivery.event;
  if (parse === undefined || parse.ok) return undefined;
  return parse.errors.length > 0 ? parse.errors.map((error) => error.message) : ['a body no event schema accepts'];
}

/** Whether a delivery is a v2 event whose event_type §6.2 does not list (acknowledged, its data not judged). */
export function isUnknownEvent(delivery: Delivery): boolean {
  return unknownEventType(delivery) !== undefined;
}

function unknownEventType(delivery: Delivery): string | undefined {
  const event = delivery.event?.ok === true ? delivery.event.event : undefined;
  return event?.api === 'v2' && !event.known ? event.eventType : undefined;
}

/**
 * Judges one delivery the way `mfc webhooks listen` reports it, as results of the run's report
 * model: the signature (§6.3), v1's `x-service-event-id` (§6.3 point 2), and the payload against
 * its schemas (§6.1 v1, §6.2 v2). A call refused before parsing yields one failed result saying why.
 */
export function checkDelivery(delivery: Delivery, redact: (text: string) => string, baseUrl: string, forwarded?: ReceiverAnswer): CheckResult[] {
  const prefix = `${delivery.api}.webhooks.delivery-${delivery.seq}`;
  const suffix = ` (delivery ${delivery.seq} to ${delivery.path})`;
  const judged = (rule: DeliveryRule, mismatch: Mismatch | undefined): CheckResult => {
    const { section, title } = ruleOf(delivery.api, rule);
    const fullTitle = `${title}${suffix}`;
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
  if (forwarded !== undefined) {
    // The application's side: it heard the call through the listener and answered in time or not.
    const results = checkDelivery(delivery, redact, baseUrl);
    return [...results, judged('answered-in-time', mismatchOf(webhookAnswerProblem(forwarded)))];
  }
  if (delivery.refusal !== undefined) {
    return [judged('accepted', { expected: 'a complete JSON body within the receiver limits', received: refusalText[delivery.refusal] })];
  }
  const results: CheckResult[] = [];
  const signature = delivery.signature;
  if (signature === undefined) {
    const { section, title } = ruleOf(delivery.api, 'signature');
    results.push({ id: `${prefix}.signature`, title: `${title}${suffix}`, api: delivery.api, section, status: 'skipped', message: 'no signing token given', requests: [] });
  } else {
    results.push(judged('signature', signature.valid ? undefined : {
      expected: 'the hex HMAC-SHA256 of the raw body keyed with the signing token',
      received: signature.message,
    }));
  }
  if (delivery.api === 'v1') {
    const missing = delivery.eventId === undefined || delivery.eventId === '';
    results.push(judged('event-id', missing ? { expected: 'an x-service-event-id header', received: 'no header' } : undefined));
  }
  const unknownType = unknownEventType(delivery);
  if (unknownType !== undefined) {
    // §6.2: a v2 return event exists whose name and payload are not shown; nothing about its data can be judged.
    const { section, title } = ruleOf('v2', 'payload');
    results.push({
      id: `${prefix}.payload`, title: `${title}${suffix}`, api: 'v2', section, status: 'skipped',
      message: `unknown event type ${unknownType}: its envelope is valid, and §6.2 does not list the type (a v2 return event exists whose name and payload are not shown), so its data is not judged`,
      requests: [],
    });
    return results;
  }
  const problems = payloadProblems(delivery);
  results.push(judged('payload', problems === undefined ? undefined : {
    expected: delivery.api === 'v1'
      ? 'the bare resource of a v1 event (§6.1): a restocking shipment, or a shipment or return with its integer id and new status or delivery_status'
      : 'an envelope with event_type, event_id (uuid), timestamp and valid data',
    received: problems.join('; '),
  }));
  return results;
}

/** One line per call, as the listener prints it: when, which version and event, the resource, and each verdict. */
export function lineOf(delivery: Delivery): string {
  const answer = delivery.answer === 'hang' ? 'held-open' : delivery.answer === 'drop' ? 'connection-closed' : String(delivery.answer);
  const head = `${delivery.receivedAt.toISOString()} #${delivery.seq} ${delivery.api} ${delivery.path}`;
  if (delivery.refusal !== undefined) return `${head} refused=${delivery.refusal} -> ${answer}`;
  const signature = delivery.signature === undefined ? 'unchecked' : delivery.signature.valid ? 'valid' : delivery.signature.reason;
  const problems = payloadProblems(delivery);
  const payload = problems === undefined ? 'valid' : `invalid(${problems.length})`;
  const eventId = delivery.api === 'v1' ? ` event-id=${delivery.eventId ?? 'missing'}` : '';
  return `${head} ${describeEvent(delivery)} ${describeResource(delivery)} signature=${signature}${eventId} payload=${payload} -> ${answer}`;
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

/** A delivery's event name for a line of output: the v2 type, the v1 names its payload allows, or `unknown-event`. */
export function describeEvent(delivery: Delivery): string {
  if (delivery.api === 'v1') {
    const verdict = judgeV1Payload(delivery.body, delivery.event);
    return verdict.ok ? verdict.events.join('|') : 'unknown-event';
  }
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
