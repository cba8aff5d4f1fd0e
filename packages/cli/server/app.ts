import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Handler, RequestContext, ServerState } from './context.js';
import { authenticate } from './auth.js';
import { answerError, apiOf, pathInVersion, rateHeaders, requestUrl, send } from './http/answer.js';
import { parseJson, readBody } from './http/body.js';
import { bodyAsStored } from './text-faults.js';
import { bodyAsTaken, refuseInput } from './input-faults.js';
import type { Api } from './http/errors.js';
import { ApiError } from './http/errors.js';
import type { Match, Router } from './http/router.js';
import { answerClientError, answerOnSocket } from './http/socket-answers.js';
import { RateLimiter } from './rate-limit.js';
import { latencyMs } from './traffic.js';
import { v1Routes } from './v1/index.js';
import { v2Routes } from './v2/index.js';

const routers: Record<Api, Router<Handler>> = { v1: v1Routes(), v2: v2Routes() };

/** The listeners of the HTTP server, sharing one rate limiter. */
export interface Listeners {
  /** Every request: version, body, §5 auth, §8 rate limit, routing, §7 errors. */
  request(req: IncomingMessage, res: ServerResponse): void;
  /** A request Node's parser refused (headers too large, not HTTP): answered in the §7 shape with the §8 headers. */
  clientError(error: Error, socket: Socket): void;
  /** A CONNECT request (Node's `connect` event): no route takes it; answered like any unknown method. */
  connect(req: IncomingMessage, socket: Socket): void;
}

/** Builds the listeners of the HTTP server for one server state. */
export function createListeners(state: ServerState): Listeners {
  const limiter = new RateLimiter(state.rateLimit, state.faults, state.variants);
  return {
    request: requestListener(state, limiter),
    clientError: (error, socket) => answerClientError(state, limiter, error, socket),
    connect: (req, socket) => answerConnect(state, limiter, req, socket),
  };
}

function requestListener(state: ServerState, limiter: RateLimiter): (req: IncomingMessage, res: ServerResponse) => void {
  let answered = 0;
  return (req, res) => {
    const delay = state.variants.has('traffic-slow-responses') ? latencyMs(answered++) : 0;
    // traffic-slow-responses: the answer takes a while, as over a real network and a busy service.
    const started = delay > 0 ? new Promise((resolve) => setTimeout(resolve, delay)) : Promise.resolve();
    started.then(() => handle(state, limiter, req, res)).catch((error: unknown) => {
      // A bug must still answer; the server's tests assert this never happens.
      process.stderr.write(`mfc serve: internal error: ${(error as Error).stack ?? String(error)}\n`);
      if (!res.headersSent) send(state, res, 500, { success: false, errors: ['internal error'] }, {});
    });
  };
}

async function handle(state: ServerState, limiter: RateLimiter, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = requestUrl(req.url ?? '/', req.headers.host, req.socket);
  const api = apiOf(url);
  const { faults, store } = state;
  const now = state.clock.now();
  const auth = authenticate(api, req.headers, store, faults, now);
  // Calls that fail authentication count per client address, not against the token's channel.
  const decision = limiter.take(api, auth.ok ? auth.principal : undefined, req.socket.remoteAddress ?? 'unknown', now);
  let raw: Buffer;
  try {
    raw = await readBody(req);
  } catch (error) {
    // Anything but our 413 means the client went away mid-body: there is no one to answer.
    if (!(error instanceof ApiError)) return;
    return answerError(state, api, res, error, decision);
  }
  // The connection is closing (the client gave up, or Node's parser refused what followed this request
  // on it and that refusal was answered): no one would learn the outcome, so nothing is done.
  if (req.socket.writableEnded) return;
  if (!auth.ok) return answerError(state, api, res, anonymousFault(state, api, req, url, raw) ?? auth.error, decision);
  if (decision.retryAfter !== undefined) {
    return answerError(state, api, res, new ApiError(429, 'rate limit exceeded; retry after the current minute'), decision);
  }
  const method = req.method ?? 'GET';
  const match = route(api, url, method);
  if (match.kind !== 'found') return answerError(state, api, res, routeError(url, method, match), decision);
  let parsed: { value: unknown } | undefined;
  const ctx: RequestContext = {
    api, state, principal: auth.principal, params: match.params, query: url.searchParams, url,
    body: () => {
      const contentType = req.headers['content-type'] ?? '';
      if (api === 'v1' && raw.length > 0 && !/^application\/json\b/i.test(contentType) && faults.has('v1-body-content-type-enforced')) {
        throw new ApiError(415, `Content-Type ${contentType || '(none)'} is not supported; send application/json`);
      }
      const path = pathInVersion(api, url) ?? '';
      parsed ??= { value: bodyAsTaken(faults, api, method, path, bodyAsStored(faults, api, method, path, parseJson(raw, faults.has(`${api}-body-invalid-json-not-400`) ? 422 : 400))) };
      return parsed.value;
    },
  };
  try {
    refuseInput(faults, api, method, pathInVersion(api, url) ?? '', url.searchParams, ctx.body);
    const reply = match.handler(ctx);
    send(state, res, reply.status, reply.body, rateHeaders(state, api, decision, reply.status));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    answerError(state, api, res, error, decision);
  }
}

// HEAD is GET without the body (Node leaves the body out of the answer).
function route(api: Api, url: URL, method: string): Match<Handler> {
  const inVersion = pathInVersion(api, url);
  return inVersion === undefined ? { kind: 'not-found' } : routers[api].match(method === 'HEAD' ? 'GET' : method, inVersion);
}

// The 404 of a path no route has, or the 405 (with Allow) of a method the path's routes do not take.
function routeError(url: URL, method: string, match: Exclude<Match<Handler>, { kind: 'found' }>): ApiError {
  if (match.kind === 'not-found') return new ApiError(404, `no such path: ${url.pathname}`);
  const allowed = match.allowed.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])).join(', ');
  return new ApiError(405, `method ${method} is not allowed here; allowed: ${allowed}`, { Allow: allowed });
}

// CONNECT asks for a tunnel, which this service is not: authenticated and counted like any request,
// then the 404 or 405 of an unknown method. Its body, if any, is never read.
function answerConnect(state: ServerState, limiter: RateLimiter, req: IncomingMessage, socket: Socket): void {
  const url = requestUrl(req.url ?? '/', req.headers.host, socket);
  const api = apiOf(url);
  const now = state.clock.now();
  const auth = authenticate(api, req.headers, state.store, state.faults, now);
  const decision = limiter.take(api, auth.ok ? auth.principal : undefined, socket.remoteAddress ?? 'unknown', now);
  let error: ApiError;
  if (!auth.ok) error = auth.error;
  else if (decision.retryAfter !== undefined) error = new ApiError(429, 'rate limit exceeded; retry after the current minute');
  // No route takes CONNECT: the match is a 404 or a 405.
  else error = routeError(url, 'CONNECT', route(api, url, 'CONNECT') as Exclude<Match<Handler>, { kind: 'found' }>);
  answerOnSocket(state, socket, api, error, decision);
}

// Two §4 faults answer a request without a token as if it had one: v1 looks up the record a path
// names first (404 for an unknown id), v2 validates a write's body first (422 for a body that is no record).
function anonymousFault(state: ServerState, api: Api, req: IncomingMessage, url: URL, raw: Buffer): ApiError | undefined {
  if (req.headers.authorization !== undefined) return undefined;
  if (api === 'v1' && state.faults.has('v1-auth-missing-token-unknown-id-404') && /\/\d{6,}(\/|$)/.test(url.pathname)) {
    return new ApiError(404, 'no such record');
  }
  if (api === 'v2' && state.faults.has('v2-auth-missing-token-write-422') && ['POST', 'PUT', 'PATCH'].includes(req.method ?? '') && raw.length > 0) {
    return new ApiError(422, [{ field: 'body', message: 'is not a valid record' }]);
  }
  return undefined;
}
