// An exchange of the proxy as every report shows it: redacted, bodies clipped as the HTTP recorder
// clips them. Made only for what is written: a listed finding and the HAR file.
import { RECORDED_BODY_LIMIT, type RecordedExchange } from '../http/index.js';
import type { ProxyExchange } from './exchange.js';

// A secret written in an escaped or base64 form is longer than itself: one that starts before the cut
// lies whole within the cut plus this many times the longest secret's length.
const ENCODED_SPAN = 8;

/**
 * The first `RECORDED_BODY_LIMIT` characters of `text` with every secret replaced. Only a prefix long
 * enough to hold whole any secret that starts before the cut is redacted: most answers through a
 * proxy are pages far longer than a record keeps, and redaction reads every encoding of every secret.
 */
function clipped(text: string, redact: (text: string) => string, longestSecret: number): string {
  if (text.length <= RECORDED_BODY_LIMIT) return redact(text);
  const clean = redact(text.slice(0, RECORDED_BODY_LIMIT + ENCODED_SPAN * longestSecret));
  return `${clean.slice(0, RECORDED_BODY_LIMIT)}… [${text.length - RECORDED_BODY_LIMIT} more characters]`;
}

/** The exchange as reports show it, at the deployment's URL, every secret `redact` knows replaced. */
export function recordedExchangeOf(exchange: ProxyExchange, deploymentUrl: string, redact: (text: string) => string, longestSecret: number): RecordedExchange {
  const clean = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).map(([name, value]) => [name, redact(value)]));
  return {
    method: exchange.method,
    url: redact(`${deploymentUrl}${exchange.target}`),
    requestHeaders: clean(exchange.headers),
    requestBody: exchange.bodyText === '' ? null : clipped(exchange.bodyText, redact, longestSecret),
    status: exchange.status,
    responseHeaders: clean(exchange.responseHeaders),
    responseBody: exchange.status === null ? null : clipped(exchange.responseText, redact, longestSecret),
    ...(exchange.error === undefined ? {} : { error: redact(exchange.error) }),
    durationMs: Math.round(exchange.durationMs * 1000) / 1000,
    ...(exchange.window === undefined ? {} : { window: exchange.window }),
    startedAt: exchange.startedAt,
  };
}
