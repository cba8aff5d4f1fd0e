import { headerRecord, observe } from './handler.js';
import { REDACTED } from './redact.js';
import type { Interceptor, MfcDispatchOptions, RecordedExchange } from './types.js';

/** How much of a body a record keeps: enough to read an error, small enough for a report. */
export const RECORDED_BODY_LIMIT = 4_000;

function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  // Redacted before the cut, so a token the cut would halve is whole when it is found; the cut
  // then moves past a placeholder it would split.
  const placeholder = text.lastIndexOf(REDACTED, limit);
  const cut = placeholder >= 0 && placeholder + REDACTED.length > limit ? placeholder + REDACTED.length : limit;
  return cut >= text.length ? text : `${text.slice(0, cut)}… [${text.length - cut} more characters]`;
}

function bodyText(body: MfcDispatchOptions['body']): string | null {
  if (body == null) return null;
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body) || body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  return '[stream]';
}

/**
 * Makes `key` of `exchange` read as `compute()`, worked out on its first read and kept. Most
 * exchanges of a run are never read (a report shows those of failed checks), and redaction, which
 * looks for every encoding of every token, took 8% of the checks' CPU in a full run when done for
 * each. Whoever reads a field, a spread, `JSON.stringify` or a structured clone to another thread,
 * gets it redacted: the raw text lives only in the closure.
 */
function redactedOnRead<K extends keyof RecordedExchange>(exchange: RecordedExchange, key: K, compute: () => RecordedExchange[K]): void {
  Object.defineProperty(exchange, key, {
    configurable: true,
    enumerable: true,
    get: () => {
      const value = compute();
      Object.defineProperty(exchange, key, { configurable: true, enumerable: true, writable: true, value });
      return value;
    },
  });
}

/** How a replay line names the token of an Authorization header (`$MFC_TOKEN`), or undefined to leave the default. */
export type ReplayTokenOf = (authorization: string) => string | undefined;

/** Interceptor: records every exchange (request and answer, or the error) and hands it, redacted on read, to `opts.onExchange`. */
export function recording(redact: (text: string) => string, bodyLimit = RECORDED_BODY_LIMIT, replayTokenOf?: ReplayTokenOf): Interceptor {
  const clean = (record: Record<string, string>) =>
    Object.fromEntries(Object.entries(record).map(([name, value]) => [name, redact(value)]));
  return (dispatch) => (opts: MfcDispatchOptions, handler) => {
    const onExchange = opts.onExchange;
    if (!onExchange) return dispatch(opts, handler);
    const started = Date.now();
    const requestBody = bodyText(opts.body);
    const requestHeaders = headerRecord(opts.headers);
    const authorization = requestHeaders.authorization;
    const replayToken = authorization === undefined ? undefined : replayTokenOf?.(authorization);
    const exchange: RecordedExchange = {
      method: opts.method,
      url: '',
      requestHeaders: {},
      requestBody: null,
      status: null,
      responseHeaders: {},
      responseBody: null,
      durationMs: 0,
      ...(opts.window === undefined ? {} : { window: opts.window }),
      startedAt: started,
      ...(replayToken === undefined ? {} : { replayToken }),
    };
    redactedOnRead(exchange, 'url', () => redact(new URL(opts.path, opts.origin).toString()));
    redactedOnRead(exchange, 'requestHeaders', () => clean(requestHeaders));
    redactedOnRead(exchange, 'requestBody', () => requestBody === null ? null : truncate(redact(requestBody), bodyLimit));
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      exchange.durationMs = Date.now() - started;
      onExchange(exchange);
    };
    return dispatch(opts, observe(handler, {
      onResponseStart: (status, headers) => {
        exchange.status = status;
        const responseHeaders = headerRecord(headers);
        redactedOnRead(exchange, 'responseHeaders', () => clean(responseHeaders));
      },
      onResponseData: (chunk) => {
        // Keeps only what the record will show, however large the answer.
        if (size <= bodyLimit) chunks.push(chunk);
        size += chunk.length;
      },
      onResponseEnd: () => {
        const text = Buffer.concat(chunks).toString('utf8');
        redactedOnRead(exchange, 'responseBody', () => {
          const clean = redact(text);
          return size > text.length ? `${truncate(clean, bodyLimit)}… [${size} bytes in all]` : truncate(clean, bodyLimit);
        });
        finish();
      },
      onResponseError: (error) => {
        redactedOnRead(exchange, 'error', () => redact(describeNetworkError(error)));
        finish();
      },
    }));
  };
}

/** A one-line account of why a request got no answer. */
export function describeNetworkError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code ?? (error.cause as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
    // The transport's deadline on one attempt (`TimeoutError`, src/http/errors.ts).
    case 'MFC_CLIENT_TIMEOUT':
      return 'no answer within the request timeout';
    case 'ENOTFOUND':
      return 'host not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection closed before an answer';
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'ERR_SSL_PACKET_LENGTH_TOO_LONG':
    case 'EPROTO':
      return 'the TLS handshake failed: the target does not answer https on this port (is the base URL http://?)';
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'CERT_HAS_EXPIRED':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `the target's TLS certificate is not trusted (${code}); NODE_EXTRA_CA_CERTS names extra certificate authorities`;
    case 'UND_ERR_ABORTED':
    case 'ABORT_ERR':
      return 'the request was cancelled';
    default:
      return code ? `${error.message} (${code})` : error.message;
  }
}
