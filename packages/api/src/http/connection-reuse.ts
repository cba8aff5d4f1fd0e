// How requests share connections with a server that may close an idle keep-alive connection at any
// moment, with no hint (HTTP lets either side close one, RFC 9112 §9.6): a request written onto a
// connection the server has just closed gets no answer. The server never read it, but the client cannot
// know that: it could as well have been read and acted on before the connection broke. So:
//
// - A write (POST, PUT, PATCH, DELETE) goes out on a connection of its own, closed after its answer
//   (undici's `reset`), never on one that lay idle: sent again, a write could be applied twice (a second
//   cancel answers 422, a second create makes a second record). A fresh connection costs one handshake,
//   which a run paced by the rate limit never feels.
// - A read (GET, HEAD: safe methods, RFC 9110 §9.2.1) that found its connection closed before any byte
//   of an answer is sent once more on a new connection: nothing a server does for a read changes state.
//
// What still gets no answer is the deployment's: the error says the connection closed before an answer
// (`isConnectionClosed`), and a check reports that it could not judge.
import type { Dispatcher } from 'undici';
import { isConnectionClosed } from './network-error.js';
import { undici } from './undici.js';
import type { Interceptor } from './types.js';

/** The methods whose request may be sent twice without changing what the server holds (RFC 9110 §9.2.1). */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Whether `method` is a read the transport may send again. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/**
 * Interceptor closest to the wire: sends every write through `writes` (a dispatcher of its own) with
 * `reset`, so it travels on a new connection closed after its answer, and every read through the chain's
 * own dispatcher, where connections are kept alive.
 */
export function writesOnOwnConnections(writes: Dispatcher): Interceptor {
  return (dispatch) => (opts, handler) => (isSafeMethod(opts.method) ? dispatch(opts, handler) : writes.dispatch({ ...opts, reset: true }, handler));
}

/**
 * Interceptor: a read whose connection closed before any byte of its answer is sent once more, through
 * a dispatcher `fresh()` makes for it alone (so on a new connection, whatever else the pool still
 * holds), closed once that answer is in; without `fresh` (a caller's own dispatcher, such as a test's
 * MockAgent) through the chain's. undici's `RetryHandler` does the resending, its controller standing
 * for both attempts towards the rest of the chain.
 */
export function resendReadsOnClosedConnection(fresh?: () => Dispatcher): Interceptor {
  return (dispatch) => (opts, handler) => {
    if (!isSafeMethod(opts.method)) return dispatch(opts, handler);
    let attempts = 0;
    const next: Dispatcher['dispatch'] = (options, inner) => {
      attempts += 1;
      if (attempts === 1 || fresh === undefined) return dispatch(options, inner);
      const spare = fresh();
      const dispatched = spare.dispatch(options, inner);
      // close() waits for the request it holds, then ends the connection.
      void spare.close().catch(() => undefined);
      return dispatched;
    };
    // Once, and only for a closed connection: every other error (refused, timed out, a caller's own
    // dispatcher's) is the caller's, and every answer, whatever its status, the caller's to judge. A turn
    // of the event loop first lets the pool let go of the closed connection.
    const retryOptions = {
      statusCodes: [],
      retry: (error: Error, { state }: { state: { counter: number } }, decide: (error?: Error | null) => void) => {
        if (state.counter > 1 || !isConnectionClosed(error)) decide(error);
        else setImmediate(() => decide(null));
      },
    };
    return next(opts, new (undici().RetryHandler)({ ...opts, retryOptions }, { dispatch: next, handler }));
  };
}
