import { interceptors } from 'undici';
import type { Interceptor, MfcDispatchOptions } from './types.js';

/** Bounds on waiting out a 429. */
export interface RetryOn429Options {
  /** How often one request is retried after a 429 (default 3). */
  maxRetries?: number;
  /** The longest single wait, in ms (default 61 s: `Retry-After` never exceeds a minute in §8). */
  maxWaitMs?: number;
}

/** Interceptor: on 429 waits `Retry-After` and sends again (bounded); other statuses and network errors pass through. */
export function retryOn429(options: RetryOn429Options = {}): Interceptor {
  // undici's own retry handler already honours Retry-After (fractional seconds too); it is
  // narrowed here to 429 alone and to every method, since a 429 means nothing was processed.
  const retry = interceptors.retry({
    statusCodes: [429],
    errorCodes: [],
    methods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'POST', 'PATCH', 'DELETE'],
    maxRetries: options.maxRetries ?? 3,
    maxTimeout: options.maxWaitMs ?? 61_000,
    minTimeout: 1_000,
    retryAfter: true,
    throwOnError: false,
  });
  return (dispatch) => {
    const retrying = retry(dispatch);
    return (opts: MfcDispatchOptions, handler) => (opts.provoke429 ? dispatch(opts, handler) : retrying(opts, handler));
  };
}
