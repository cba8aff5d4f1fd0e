import { EVENT_ID_HEADER } from './receiver.js';
import type { Delivery } from './delivery.js';
import { SIGNATURE_HEADER } from '@mfc-conformance/api/webhooks';

/** The headers a webhook failure shows: the signature, v1's event id, and the body's type (§6.3). */
export const SHOWN_HEADERS = [SIGNATURE_HEADER, EVENT_ID_HEADER, 'content-type'] as const;

// As much of a body as a failure message shows (the failure text of an API answer shows as much).
const BODY_LIMIT = 500;

/** How a delivery was answered, in words. */
export function answerText(delivery: Delivery): string {
  if (delivery.answer === 'hang') return 'held open';
  if (delivery.answer === 'drop') return 'connection closed unanswered';
  return delivery.answer === undefined ? 'not yet answered' : `answered ${delivery.answer}`;
}

/**
 * A delivery as a failure shows it, one item a line: the request line and how it was answered, the
 * headers §6.3 is about (absent ones said so), and the raw body, truncated; every line passed
 * through `redact`, so no token shows. The deliveries a check judged are the evidence of a webhook
 * failure, as the exchange is of an API one.
 */
export function deliveryText(delivery: Delivery, redact: (text: string) => string): string {
  const headerLines = SHOWN_HEADERS.map((name) => {
    const value = delivery.headers[name];
    return `  ${name}: ${value === undefined ? '(absent)' : Array.isArray(value) ? value.join(', ') : value}`;
  });
  const body = delivery.rawBody.toString('utf8');
  const shown = body.length <= BODY_LIMIT ? body : `${body.slice(0, BODY_LIMIT)}… (truncated)`;
  const lines = [
    `  ${delivery.method} ${delivery.path} (delivery ${delivery.seq}, ${answerText(delivery)})`,
    ...headerLines,
    `  body (${delivery.rawBody.length} bytes): ${body === '' ? '(empty)' : shown}`,
  ];
  return lines.map(redact).join('\n');
}
