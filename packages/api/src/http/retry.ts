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
 * Interceptor: on 429 waits as the answer asks and sends the request again (bounded); the last
 * answer, whatever it is, reaches the caller. A request with `provoke429` passes straight through.
 *
 * undici's own retry handler is not used: it holds the 429 body back with `controller.pause()`,
 * which MockAgent does not honour (the body then leaks into the caller and the wait falls back
 * to its backoff), and it has no "until the next minute" wait for a 429 without Retry-After.
 */
export function retryOn429(options: RetryOn429Options = {}): Interceptor {
  const maxRetries = options.maxRetries ?? 3;
  const maxWaitMs = options.maxWaitMs ?? 61_000;
  const beyondMaxWait = options.beyondMaxWait ?? 'cap';
  return (dispatch) => (opts: MfcDispatchOptions, handler) => {
    if (opts.provoke429) return dispatch(opts, handler);
    const signal = (opts as { signal?: AbortSignal | null }).signal ?? undefined;
    let retries = 0;
    let waitedMs = 0;
    const where = `${opts.method} ${opts.path.split('?')[0]}`;
    const attempt = (): boolean => {
      // Set when this attempt's answer is a 429 to wait out: it is swallowed, not forwarded.
      let waitMs: number | undefined;
      const attemptHandler: Dispatcher.DispatchHandler = {
        onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
        onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
        onResponseStart: (controller, statusCode, headers, statusMessage) => {
          if (statusCode === 429) {
            const askedMs = retryDelayMs(headerRecord(headers));
            const withinBound = beyondMaxWait === 'cap' || waitedMs + askedMs <= maxWaitMs;
            if (retries < maxRetries && withinBound) {
              waitMs = Math.min(askedMs, maxWaitMs);
              waitedMs += waitMs;
              options.onWait?.(waitMs, `429 from ${where}`);
              return;
            }
            options.onGiveUp?.(withinBound
              ? `${where} answered 429 ${retries + 1} times in a row, after waiting ${seconds(waitedMs)} as asked`
              : `${where} answered 429 asking to wait ${seconds(askedMs)}${waitedMs > 0 ? ` more, after ${seconds(waitedMs)}` : ''}, beyond the bound of ${seconds(maxWaitMs)} (--max-wait, rateLimit.maxWaitSeconds)`);
          }
          handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
        },
        onResponseData: (controller, chunk) => {
          if (waitMs === undefined) handler.onResponseData?.(controller, chunk);
        },
        onResponseEnd: (controller, trailers) => {
          if (waitMs === undefined) {
            handler.onResponseEnd?.(controller, trailers);
            return;
          }
          retries += 1;
          if (!signal) {
            setTimeout(attempt, waitMs);
            return;
          }
          // A caller that gives up during the wait is told at once, and nothing is sent again.
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
