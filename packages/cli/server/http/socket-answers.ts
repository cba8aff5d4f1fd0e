import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerState } from '../context.js';
import type { RateDecision, RateLimiter } from '../rate-limit.js';
import { apiOf, renderedError, requestUrl } from './answer.js';
import type { Api } from './errors.js';
import { ApiError } from './errors.js';

// Requests that never reach the request listener: Node's parser refused them (clientError) or they
// ask for a tunnel (CONNECT). Node would answer the first with a bare status line and close the
// second without a word; ours are the version's §7 body with the §8 headers, written on the socket.

const clientErrors: Record<number, string> = {
  400: 'the request is not well-formed HTTP/1.1 (request line, header or chunked encoding)',
  408: 'the request did not arrive in time',
  431: 'the request headers are larger than the limit of 16 KiB',
};

/** Writes a §7 error answer on a bare socket and closes the connection. */
export function answerOnSocket(state: ServerState, socket: Socket, api: Api, error: ApiError, decision: RateDecision): void {
  const answer = renderedError(state, api, error, decision);
  const head = Object.entries({ ...answer.headers, Connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  // No parser reads this socket any more: what the client still sends is read and dropped, so its
  // closing is seen; one that never closes is cut off, so that stopping the server never waits on it.
  socket.on('error', () => socket.destroy());
  socket.resume();
  socket.setTimeout(5_000, () => socket.destroy());
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}\r\n${head}\r\n${answer.text}`);
}

/**
 * Answers a request Node's parser refused: 431 for headers past Node's 16 KiB, 408 when they did not
 * arrive in time, 400 otherwise. It counts like an unauthenticated request (its headers were never
 * read). As Node does, nothing is written once an answer has started on the connection (an earlier
 * request on it still being answered): the connection is just closed.
 */
export function answerClientError(state: ServerState, limiter: RateLimiter, error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket): void {
  // The answer of the request whose body was being read when the parser gave up, if any (Node's own field).
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  // The version as routing read it (a broken body) or would have (a broken request line or header).
  const target = inFlight?.req.url ?? /^\S+ (\S+)/.exec(error.rawPacket?.toString('latin1') ?? '')?.[1] ?? '/';
  const api = apiOf(requestUrl(target, undefined, socket));
  const decision = limiter.take(api, undefined, socket.remoteAddress ?? 'unknown', state.clock.now());
  answerOnSocket(state, socket, api, new ApiError(status, clientErrors[status] ?? 'bad request'), decision);
}
