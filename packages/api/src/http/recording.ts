import { headerRecord, observe } from './handler.js';
import { REDACTED } from './redact.js';
import { describeNetworkError } from './network-error.js';
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

/** What the recording step needs besides the exchange: the redaction, and how replay lines name what the record hides. */
export interface RecordingOptions {
  redact: (text: string) => string;
  /** How much of each body a record keeps (default `RECORDED_BODY_LIMIT`). */
  bodyLimit?: number;
  replayTokenOf?: ReplayTokenOf;
  /** How replay lines name the value of each secret connection header (`x-api-key` → `$GATEWAY_KEY`). */
  replayHeaders?: Record<string, string>;
  /** The options a replay line needs to reach the deployment the same way (curl's `--proxy`, `--cacert`, …). */
  replayOptions?: string;
  /** Why no answer arrived from `origin`, in one line (default `describeNetworkError`). */
  describe?: (error: Error, origin: string) => string;
}

/** Interceptor: records every exchange (request and answer, or the error) and hands it, redacted on read, to `opts.onExchange`. */
export function recording(options: RecordingOptions): Interceptor {
  const { redact, bodyLimit = RECORDED_BODY_LIMIT, replayTokenOf, replayHeaders, replayOptions, describe = (error: Error) => describeNetworkError(error) } = options;
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
    const replayed = replayHeaders === undefined ? {} : Object.fromEntries(Object.entries(replayHeaders).filter(([name]) => name in requestHeaders));
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
      ...(Object.keys(replayed).length === 0 ? {} : { replayHeaders: replayed }),
      ...(replayOptions === undefined ? {} : { replayOptions }),
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
        redactedOnRead(exchange, 'error', () => redact(describe(error, String(opts.origin))));
        finish();
      },
    }));
  };
}
