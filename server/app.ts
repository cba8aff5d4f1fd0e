import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler, RequestContext, ServerState } from './context.js';
import { authenticate } from './auth.js';
import { parseJson, readBody } from './http/body.js';
import type { Api } from './http/errors.js';
import { ApiError, errorBody } from './http/errors.js';
import type { Router } from './http/router.js';
import type { RateDecision } from './rate-limit.js';
import { RateLimiter } from './rate-limit.js';
import { wireBody } from './render/wire.js';
import { latencyMs } from './traffic.js';
import { v1Routes } from './v1/index.js';
import { v2Routes } from './v2/index.js';

const prefixes: Record<Api, string> = { v1: '/merchant_api/v1', v2: '/merchant_api/v2' };
const routers: Record<Api, Router<Handler>> = { v1: v1Routes(), v2: v2Routes() };

/** Builds the request listener: version, body, §5 auth, §8 rate limit, routing, §7 errors. */
export function createRequestListener(state: ServerState): (req: IncomingMessage, res: ServerResponse) => void {
  const limiter = new RateLimiter(state.rateLimit, state.faults, state.variants);
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
  const url = requestUrl(req);
  const api: Api = url.pathname.startsWith(`${prefixes.v1}/`) || url.pathname === prefixes.v1 ? 'v1' : 'v2';
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
  if (!auth.ok) return answerError(state, api, res, anonymousFault(state, api, req, url, raw) ?? auth.error, decision);
  if (decision.retryAfter !== undefined) {
    return answerError(state, api, res, new ApiError(429, 'rate limit exceeded; retry after the current minute'), decision);
  }
  const inVersion = url.pathname.startsWith(`${prefixes[api]}/`) ? url.pathname.slice(prefixes[api].length) : undefined;
  const method = req.method ?? 'GET';
  const match = inVersion === undefined ? { kind: 'not-found' as const } : routers[api].match(method, inVersion);
  if (match.kind !== 'found') {
    const error = match.kind === 'not-found'
      ? new ApiError(404, `no such path: ${url.pathname}`)
      : new ApiError(405, `method ${method} is not allowed here; allowed: ${match.allowed.join(', ')}`, { Allow: match.allowed.join(', ') });
    return answerError(state, api, res, error, decision);
  }
  let parsed: { value: unknown } | undefined;
  const ctx: RequestContext = {
    api, state, principal: auth.principal, params: match.params, query: url.searchParams, url,
    body: () => {
      const contentType = req.headers['content-type'] ?? '';
      if (api === 'v1' && raw.length > 0 && !/^application\/json\b/i.test(contentType) && faults.has('v1-body-content-type-enforced')) {
        throw new ApiError(415, `Content-Type ${contentType || '(none)'} is not supported; send application/json`);
      }
      parsed ??= { value: parseJson(raw, faults.has(`${api}-body-invalid-json-not-400`) ? 422 : 400) };
      return parsed.value;
    },
  };
  try {
    const reply = match.handler(ctx);
    send(state, res, reply.status, reply.body, rateHeaders(state, api, decision, reply.status));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    answerError(state, api, res, error, decision);
  }
}

// The URL as the client addressed it (v2 page URLs are built from it); a Host header that is
// not a valid authority falls back to the address the request came in on.
function requestUrl(req: IncomingMessage): URL {
  const path = req.url ?? '/';
  const host = req.headers.host;
  if (host && URL.canParse(path, `http://${host}`)) return new URL(path, `http://${host}`);
  const local = req.socket.localAddress ?? '127.0.0.1';
  return new URL(path, `http://${local.includes(':') ? `[${local}]` : local}:${req.socket.localPort ?? 80}`);
}

function answerError(state: ServerState, api: Api, res: ServerResponse, error: ApiError, decision: RateDecision): void {
  send(state, res, error.status, errorBody(api, error, state.faults, state.variants), { ...rateHeaders(state, api, decision, error.status), ...error.headers });
}

function rateHeaders(state: ServerState, api: Api, decision: RateDecision, status: number): Record<string, string> {
  const { faults } = state;
  const headers: Record<string, string> = {};
  if (status >= 400 && faults.has(`${api}-rate-limit-headers-only-on-success`)) return headers;
  if (faults.has(`${api}-rate-limit-headers-missing-on-${status}`)) return headers;
  if (!faults.has(`${api}-rate-limit-no-used-header`)) headers['X-Rate-Limit-Used'] = String(decision.used);
  // The max-default-100 fault announces the default limit (§8) although the deployment's is another.
  if (!faults.has(`${api}-rate-limit-no-max-header`)) headers['X-Rate-Limit-Max'] = String(faults.has(`${api}-rate-limit-max-default-100`) ? 100 : decision.max);
  if (decision.retryAfter !== undefined && status === 429 && !faults.has(`${api}-rate-limit-no-retry-after`)) {
    headers['Retry-After'] = String(Number(decision.retryAfter.toFixed(3)));
  }
  return headers;
}

// The Date header follows the server's clock (traffic-clock-behind moves it); an undefined body is
// sent as an empty one (cancel-empty-body), without a Content-Type.
function send(state: ServerState, res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const date = new Date(state.clock.now()).toUTCString();
  if (body === undefined) {
    res.writeHead(status, { Date: date, 'Content-Length': '0', ...headers });
    res.end();
    return;
  }
  const shaped = wireBody(state.variants, body);
  const text = typeof shaped === 'string' ? shaped : JSON.stringify(shaped);
  res.writeHead(status, {
    Date: date,
    'Content-Type': typeof shaped === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
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
