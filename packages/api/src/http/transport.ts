import type { Dispatcher } from 'undici';
import { connectionDispatcher, connectionHeaders, DEFAULT_MAX_ANSWER_BYTES, headerReplayNames, proxyFor, type ConnectionOptions } from './connection.js';
import { ACCEPTED_ENCODINGS, decoding } from './decoding.js';
import { resendReadsOnClosedConnection, writesOnOwnConnections } from './connection-reuse.js';
import { AbortError, NetworkError, TimeoutError } from './errors.js';
import { headerRecord } from './handler.js';
import { describeNetworkError, isConnectionClosed } from './network-error.js';
import { Pacer, pacing, type WindowOf } from './pacing.js';
import { recording, type ReplayTokenOf } from './recording.js';
import { retryGatewayFailures, retryOn429, type RetryOn429Options } from './retry.js';
import type { Interceptor, MfcDispatchOptions, RecordedExchange } from './types.js';

/** One request as a transport sends it: an absolute URL, headers and a body already serialised. */
export interface TransportRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The request means to provoke a 429 (§8): neither paced nor retried. */
  provoke429?: boolean;
  signal?: AbortSignal;
  /** Per attempt, from sending to the last byte of the answer. */
  timeoutMs?: number;
}

/** The whole answer, with every exchange behind it (more than one when a 429 was waited out). */
export interface TransportAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  exchanges: RecordedExchange[];
}

/**
 * What the client core (src/client/core.ts) sends through. `createTransport` builds one for
 * integrators; the run's `HttpClient` is one built on it, so every check's request passes the run's
 * single pacing state. `send` rejects with an error carrying `exchanges` when no answer arrived.
 */
export interface Transport {
  send(request: TransportRequest): Promise<TransportAnswer>;
  close?(): Promise<void>;
}

/** How the default transport reaches the deployment, paces, retries, times out and records. */
export interface TransportOptions extends Pick<RetryOn429Options, 'onWait' | 'onGiveUp'> {
  /** Replaces every secret in records and messages: the tokens and `connectionSecrets(connection)`. */
  redact: (text: string) => string;
  /** The proxy, trust, client certificate, extra headers and answer bound (default: the environment's proxy, Node's trust, 32 MiB). */
  connection?: ConnectionOptions;
  /** Use at most this share of each rate-limit window (0 < share ≤ 1); default: all but one request. */
  share?: number;
  /** A known limit per minute, when lower than `X-Rate-Limit-Max`. */
  perMinute?: number;
  /** The longest `Retry-After` waited out (default 61 s); a longer one is answered as the 429. */
  maxWaitMs?: number;
  /** How often one request is sent again after a 429 (default 3). */
  maxRetries?: number;
  /** Default per-request timeout (default 30 s). */
  timeoutMs?: number;
  /** The dispatcher under the chain (tests: a `MockAgent`); default the connection's (`connectionDispatcher`), closed by `close()`. */
  dispatcher?: Dispatcher;
  /** Pacing state to share between clients (or with a fake clock); default a new one with `share`, `perMinute` and `onWait`. */
  pacer?: Pacer;
  /** Names the rate-limit window of each request; the key may hold a token (default: by origin, and for v1 by token). */
  windowOf?: WindowOf;
  /** How a recorded exchange's replay line names the token of its Authorization header (default `$MFC_TOKEN`). */
  replayTokenOf?: ReplayTokenOf;
  /** The options a recorded exchange's replay line needs to reach the deployment the same way (curl's `--proxy`, `--cacert`, …). */
  replayOptions?: string;
  /** Sends a GET or HEAD answered 502, 503 or 504 again, up to twice, a few seconds later (default false). */
  retryGatewayFailures?: boolean;
}

// Pacing waits up to a minute: an unref'd timer does not keep a finished program alive.
const unrefSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Interceptor closest to the wire: aborts one attempt that has not been answered in whole within `timeoutMs`. */
function deadline(): Interceptor {
  return (dispatch) => (opts, handler) => {
    const timeoutMs = (opts as { timeoutMs?: number }).timeoutMs;
    if (timeoutMs === undefined || !Number.isFinite(timeoutMs)) return dispatch(opts, handler);
    let timer: NodeJS.Timeout | undefined;
    const stop = () => clearTimeout(timer);
    return dispatch(opts, {
      onRequestStart: (controller, context) => {
        timer = setTimeout(() => controller.abort(new TimeoutError(`no answer within ${timeoutMs} ms`, timeoutMs)), timeoutMs);
        timer.unref();
        handler.onRequestStart?.(controller, context);
      },
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => handler.onResponseStart?.(controller, statusCode, headers, statusMessage),
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => {
        stop();
        handler.onResponseEnd?.(controller, trailers);
      },
      onResponseError: (controller, error) => {
        stop();
        handler.onResponseError?.(controller, error);
      },
    });
  };
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * The integrator's transport: the connection's dispatchers with the chain writes on their own
 * connections → reads sent again on a closed connection → decoding → deadline → recording → pacing →
 * 429 retry → gateway retry, when asked (innermost first).
 */
export function createTransport(options: TransportOptions): Transport {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const { connection } = options;
  const maxAnswerBytes = connection?.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  // Sent first, so a request's own header of the same name wins; a name the connection may not set throws here.
  const extraHeaders = { 'accept-encoding': ACCEPTED_ENCODINGS, ...connectionHeaders(connection) };
  const describe = (error: Error, origin: string) => describeNetworkError(error, {
    proxy: proxyFor(connection, origin),
    maxAnswerBytes,
    ...(origin.startsWith('https:') ? { tls: { clientCertificate: connection?.clientCertificate !== undefined } } : {}),
  });
  const pacer = options.pacer ?? new Pacer({
    sleep: unrefSleep,
    ...(options.share === undefined ? {} : { share: options.share }),
    ...(options.perMinute === undefined ? {} : { perMinute: options.perMinute }),
    ...(options.onWait === undefined ? {} : { onWait: options.onWait }),
  });
  const ownDispatchers = options.dispatcher === undefined;
  const base = options.dispatcher ?? connectionDispatcher(connection, timeoutMs);
  // Writes travel on connections of their own (connection-reuse.ts); a caller's dispatcher takes both.
  const writes = options.dispatcher ?? connectionDispatcher(connection, timeoutMs);
  // compose() wraps in order, so the first interceptor sits closest to the wire: every later step
  // sees the decoded answer, and each retry attempt is timed, recorded and paced on its own.
  const dispatcher = base.compose(
    writesOnOwnConnections(writes),
    resendReadsOnClosedConnection(ownDispatchers ? () => connectionDispatcher(connection, timeoutMs) : undefined),
    decoding(maxAnswerBytes),
    deadline(),
    recording({
      redact: options.redact,
      ...(options.replayTokenOf === undefined ? {} : { replayTokenOf: options.replayTokenOf }),
      replayHeaders: headerReplayNames(connection),
      ...(options.replayOptions === undefined ? {} : { replayOptions: options.replayOptions }),
      describe,
    }),
    pacing(pacer, options.windowOf),
    retryOn429({
      maxWaitMs: options.maxWaitMs ?? 61_000,
      maxRetries: options.maxRetries ?? 3,
      beyondMaxWait: 'answer',
      ...(options.onWait === undefined ? {} : { onWait: options.onWait }),
      ...(options.onGiveUp === undefined ? {} : { onGiveUp: options.onGiveUp }),
    }),
    ...(options.retryGatewayFailures ? [retryGatewayFailures(options.onWait === undefined ? {} : { onWait: options.onWait })] : []),
  );
  return {
    async send(request) {
      const url = new URL(request.url);
      const exchanges: RecordedExchange[] = [];
      const attemptMs = request.timeoutMs ?? timeoutMs;
      const dispatchOptions: Dispatcher.RequestOptions & MfcDispatchOptions & { timeoutMs: number } = {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: request.method as Dispatcher.HttpMethod,
        headers: { ...extraHeaders, ...request.headers },
        body: request.body ?? null,
        // The deadline interceptor times each attempt, from sending to the answer's last byte.
        timeoutMs: attemptMs,
        signal: request.signal ?? null,
        onExchange: (exchange) => exchanges.push(exchange),
        provoke429: request.provoke429 ?? false,
      };
      try {
        const response = await dispatcher.request(dispatchOptions);
        const text = await response.body.text();
        return { status: response.statusCode, headers: headerRecord(response.headers), text, exchanges };
      } catch (error) {
        throw transportError(error, request, options.redact, attemptMs, exchanges, (cause) => describe(cause, url.origin));
      }
    },
    async close() {
      if (ownDispatchers) await Promise.all([base.close(), writes.close()]);
    },
  };
}

function transportError(error: unknown, request: TransportRequest, redact: (text: string) => string, timeoutMs: number, exchanges: RecordedExchange[], describe: (error: Error) => string): Error {
  const what = `${request.method} ${redact(request.url)}`;
  if (error instanceof TimeoutError || TIMEOUT_CODES.has((error as NodeJS.ErrnoException)?.code ?? '')) {
    return new TimeoutError(`${what}: no answer within ${timeoutMs} ms`, timeoutMs, exchanges);
  }
  if (request.signal?.aborted) return new AbortError(`${what}: aborted`, exchanges, { cause: request.signal.reason });
  const reason = redact(describe(error as Error));
  return new NetworkError(`${what}: ${reason}`, reason, exchanges, isConnectionClosed(error as Error));
}
