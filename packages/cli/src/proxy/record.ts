// An exchange of the proxy as every report shows it: redacted, bodies clipped as the HTTP recorder
// clips them. Made only for what is written: a listed finding and the HAR file.
import { RECORDED_BODY_LIMIT, type RecordedExchange } from '../http/index.js';
import type { ProxyExchange } from './exchange.js';

function clipped(text: string): string {
  return text.length > RECORDED_BODY_LIMIT ? `${text.slice(0, RECORDED_BODY_LIMIT)}… [${text.length - RECORDED_BODY_LIMIT} more characters]` : text;
}

/** The exchange as reports show it, at the deployment's URL, every secret `redact` knows replaced. */
export function recordedExchangeOf(exchange: ProxyExchange, deploymentUrl: string, redact: (text: string) => string): RecordedExchange {
  const clean = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).map(([name, value]) => [name, redact(value)]));
  return {
    method: exchange.method,
    url: redact(`${deploymentUrl}${exchange.target}`),
    requestHeaders: clean(exchange.headers),
    // Redacted before the cut, so a token the cut would halve is whole when it is found.
    requestBody: exchange.bodyText === '' ? null : clipped(redact(exchange.bodyText)),
    status: exchange.status,
    responseHeaders: clean(exchange.responseHeaders),
    responseBody: exchange.status === null ? null : clipped(redact(exchange.responseText)),
    ...(exchange.error === undefined ? {} : { error: redact(exchange.error) }),
    durationMs: Math.round(exchange.durationMs * 1000) / 1000,
    ...(exchange.window === undefined ? {} : { window: exchange.window }),
    startedAt: exchange.startedAt,
  };
}
