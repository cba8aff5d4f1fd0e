import { Agent, type Dispatcher } from 'undici';
import { AbortError, NetworkError, TimeoutError } from './errors.js';
import { headerRecord } from './handler.js';
import { Pacer, pacing, type WindowOf } from './pacing.js';
import { describeNetworkError, recording, type ReplayTokenOf } from './recording.js';
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

/** How the default transport paces, retries, times out and records. */
export interface TransportOptions extends Pick<RetryOn429Options, 'onWait' | 'onGiveUp'> {
  redact: (text: string) => string;
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
  /** The dispatcher under the chain (tests: a `MockAgent`); default an undici `Agent`, closed by `close()`. */
  dispatcher?: Dispatcher;
  /** Pacing state to share between clients (or with a fake clock); default a new one with `share`, `perMinute` and `onWait`. */
  pacer?: Pacer;
  /** Names the rate-limit window of each request; the key may hold a token (default: by origin, and for v1 by token). */
  windowOf?: WindowOf;
  /** How a recorded exchange's replay line names the token of its Authorization header (default `$MFC_TOKEN`). */
  replayTokenOf?: ReplayTokenOf;
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

/** The integrator's transport: undici with the chain deadline → recording → pacing → 429 retry → gateway retry, when asked (innermost first). */
export function createTransport(options: TransportOptions): Transport {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pacer = options.pacer ?? new Pacer({
    sleep: unrefSleep,
    ...(options.share === undefined ? {} : { share: options.share }),
    ...(options.perMinute === undefined ? {} : { perMinute: options.perMinute }),
    ...(options.onWait === undefined ? {} : { onWait: options.onWait }),
  });
  const base = options.dispatcher ?? new Agent({ connect: { timeout: timeoutMs } });
  // compose() wraps in order, so the first interceptor sits closest to the wire: each retry
  // attempt is timed, recorded and paced on its own.
  const dispatcher = base.compose(
    deadline(),
    recording(options.redact, undefined, options.replayTokenOf),
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
        headers: request.headers ?? {},
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
        throw transportError(error, request, options.redact, attemptMs, exchanges);
      }
    },
    async close() {
      if (!options.dispatcher) await base.close();
    },
  };
}

function transportError(error: unknown, request: TransportRequest, redact: (text: string) => string, timeoutMs: number, exchanges: RecordedExchange[]): Error {
  const what = `${request.method} ${redact(request.url)}`;
  if (error instanceof TimeoutError || TIMEOUT_CODES.has((error as NodeJS.ErrnoException)?.code ?? '')) {
    return new TimeoutError(`${what}: no answer within ${timeoutMs} ms`, timeoutMs, exchanges);
  }
  if (request.signal?.aborted) return new AbortError(`${what}: aborted`, exchanges, { cause: request.signal.reason });
  const reason = redact(describeNetworkError(error as Error));
  return new NetworkError(`${what}: ${reason}`, reason, exchanges);
}
