import type { Dispatcher } from 'undici';
import { headerRecord } from './handler.js';
import type { Interceptor, MfcDispatchOptions } from './types.js';

/** Bounds on waiting out a 429. */
export interface RetryOn429Options {
  /** How often one request is retried after a 429 (default 3). */
  maxRetries?: number;
  /** The longest single wait, in ms (default 61 s: a window is one minute, §8). */
  maxWaitMs?: number;
  /**
   * A 429 asking for a longer wait than `maxWaitMs`: `'cap'` (default) waits `maxWaitMs` and sends
   * again; `'answer'` hands the 429 to the caller at once (the integrator's client turns it into a
   * `RateLimitedError` instead of a long wait).
   */
  beyondMaxWait?: 'cap' | 'answer';
  /** Told of each wait before it starts: how long, and why (for progress lines). */
  onWait?: (waitMs: number, reason: string) => void;
  /**
   * Told when a request gives up on the rate limit and its 429 goes to the caller: with
   * `beyondMaxWait: 'answer'`, a wait that would take its waits past `maxWaitMs` in all; or still
   * 429 after `maxRetries` retries. The run stops on it rather than wait without end.
   */
  onGiveUp?: (reason: string) => void;
}

const MINUTE_MS = 60_000;

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** How long a 429 asks to wait: `Retry-After` (seconds, possibly fractional, or an HTTP date), else until the next UTC minute. */
export function retryDelayMs(headers: Record<string, string>, now = Date.now()): number {
  const value = headers['retry-after'];
  if (value !== undefined && value.trim() !== '') {
    const seconds = Number(value);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(value);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  // v2 does not state a Retry-After (§8); the window is the calendar minute, so its end is safe.
  return (Math.floor(now / MINUTE_MS) + 1) * MINUTE_MS - now;
}

/**
 * Decides, for one answer, whether to send the request again and after how long: the wait in ms, or
 * undefined to hand the answer to the caller.
 */
type RetryPolicy = (statusCode: number, headers: Record<string, string>) => number | undefined;

/**
 * Interceptor plumbing shared by the retries: each answer `policy` asks to wait out is swallowed
 * (status, headers and body), the request is sent again after the wait, and the first answer it lets
 * through reaches the caller. A caller that aborts during a wait is told at once.
 *
 * undici's own retry handler is not used: it holds the answer body back with `controller.pause()`,
 * which MockAgent does not honour (the body then leaks into the caller and the wait falls back to
 * its backoff), and it has no "until the next minute" wait for a 429 without Retry-After.
 */
function resendWhenAsked(policyFor: (opts: MfcDispatchOptions) => RetryPolicy | undefined): Interceptor {
  return (dispatch) => (opts: MfcDispatchOptions, handler) => {
    const policy = policyFor(opts);
    if (policy === undefined) return dispatch(opts, handler);
    const signal = (opts as { signal?: AbortSignal | null }).signal ?? undefined;
    const attempt = (): boolean => {
      // Set when this attempt's answer is one to wait out: it is swallowed, not forwarded.
      let waitMs: number | undefined;
      const attemptHandler: Dispatcher.DispatchHandler = {
        onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
        onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
        onResponseStart: (controller, statusCode, headers, statusMessage) => {
          waitMs = policy(statusCode, headerRecord(headers));
          if (waitMs === undefined) handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
        },
        onResponseData: (controller, chunk) => {
          if (waitMs === undefined) handler.onResponseData?.(controller, chunk);
        },
        onResponseEnd: (controller, trailers) => {
          if (waitMs === undefined) {
            handler.onResponseEnd?.(controller, trailers);
            return;
          }
          if (!signal) {
            setTimeout(attempt, waitMs);
            return;
          }
          const onAbort = () => {
            clearTimeout(timer);
            handler.onResponseError?.(controller, signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          };
          const timer = setTimeout(() => {
            signal.removeEventListener('abort', onAbort);
            attempt();
          }, waitMs);
          if (signal.aborted) onAbort();
          else signal.addEventListener('abort', onAbort, { once: true });
        },
        onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
      };
      return dispatch(opts, attemptHandler);
    };
    return attempt();
  };
}

/**
 * Interceptor: on 429 waits as the answer asks and sends the request again (bounded); the last
 * answer, whatever it is, reaches the caller. A request with `provoke429` passes straight through.
 */
export function retryOn429(options: RetryOn429Options = {}): Interceptor {
  const maxRetries = options.maxRetries ?? 3;
  const maxWaitMs = options.maxWaitMs ?? 61_000;
  const beyondMaxWait = options.beyondMaxWait ?? 'cap';
  return resendWhenAsked((opts) => {
    if (opts.provoke429) return undefined;
    let retries = 0;
    let waitedMs = 0;
    const where = `${opts.method} ${opts.path.split('?')[0]}`;
    return (statusCode, headers) => {
      if (statusCode !== 429) return undefined;
      const askedMs = retryDelayMs(headers);
      const withinBound = beyondMaxWait === 'cap' || waitedMs + askedMs <= maxWaitMs;
      if (retries < maxRetries && withinBound) {
        const waitMs = Math.min(askedMs, maxWaitMs);
        retries += 1;
        waitedMs += waitMs;
        options.onWait?.(waitMs, `429 from ${where}`);
        return waitMs;
      }
      options.onGiveUp?.(withinBound
        ? `${where} answered 429 ${retries + 1} times in a row, after waiting ${seconds(waitedMs)} as asked`
        : `${where} answered 429 asking to wait ${seconds(askedMs)}${waitedMs > 0 ? ` more, after ${seconds(waitedMs)}` : ''}, beyond the bound of ${seconds(maxWaitMs)} (--max-wait, rateLimit.maxWaitSeconds)`);
      return undefined;
    };
  });
}

/** What a gateway or a service that is briefly unavailable answers (RFC 9110 §15.6.3–15.6.5): worth one more try later. */
const PASSING_FAILURES = new Set([502, 503, 504]);
// Only requests that change nothing are sent again: a create a gateway timed out may have been made.
const SAFE_METHODS = new Set(['GET', 'HEAD']);
// Without a Retry-After: a second, then three. A longer Retry-After than this is answered as it is.
const GATEWAY_BACKOFF_MS = [1_000, 3_000];
const MAX_GATEWAY_WAIT_MS = 10_000;

/** Whether an answer carries a Retry-After that reads as seconds or as an HTTP date. */
function retryAfterGiven(headers: Record<string, string>): boolean {
  const value = headers['retry-after']?.trim();
  return value !== undefined && value !== '' && (Number.isFinite(Number(value)) || !Number.isNaN(Date.parse(value)));
}

/**
 * Interceptor: a GET or HEAD answered 502, 503 or 504 is sent again, up to twice, after its
 * Retry-After (at most 10 s) or a second and then three; the last answer reaches the caller. A
 * staging deployment behind a load balancer answers so now and then, and the specification names no
 * 5xx: without it, the check that met one would fail for what the deployment's edge did.
 */
export function retryGatewayFailures(options: Pick<RetryOn429Options, 'onWait'> = {}): Interceptor {
  return resendWhenAsked((opts) => {
    if (!SAFE_METHODS.has(String(opts.method).toUpperCase())) return undefined;
    let retries = 0;
    const where = `${opts.method} ${opts.path.split('?')[0]}`;
    return (statusCode, headers) => {
      if (!PASSING_FAILURES.has(statusCode) || retries >= GATEWAY_BACKOFF_MS.length) return undefined;
      const asked = retryAfterGiven(headers) ? retryDelayMs(headers) : GATEWAY_BACKOFF_MS[retries]!;
      if (asked > MAX_GATEWAY_WAIT_MS) return undefined;
      retries += 1;
      options.onWait?.(asked, `${statusCode} from ${where}`);
      return asked;
    };
  });
}
