import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerState } from '../context.js';
import type { RateDecision } from '../rate-limit.js';
import { wireBody } from '../render/wire.js';
import type { Api } from './errors.js';
import type { ApiError } from './errors.js';
import { errorBody } from './errors.js';

// How every answer is put together, whether through a ServerResponse or written on the socket:
// the version read from the path, the §8 headers, the Date header and the rendered body.

const prefixes: Record<Api, string> = { v1: '/merchant_api/v1', v2: '/merchant_api/v2' };

/** The version a path belongs to; paths outside both versions answer in the v2 shape. */
export function apiOf(url: URL): Api {
  return url.pathname.startsWith(`${prefixes.v1}/`) || url.pathname === prefixes.v1 ? 'v1' : 'v2';
}

/** The path below the version's base (`/orders/12`), or undefined outside it. */
export function pathInVersion(api: Api, url: URL): string | undefined {
  return url.pathname.startsWith(`${prefixes[api]}/`) ? url.pathname.slice(prefixes[api].length) : undefined;
}

/**
 * The URL as the client addressed it (v2 page URLs are built from it); a Host header that is not a
 * valid authority falls back to the address the request came in on. Of the request target only path
 * and query count: `//x` is a path, not an authority; of an absolute-form target (`GET http://host/path`,
 * RFC 9112 §3.2.2) the path and query are taken; a fragment (which no target should carry) is dropped.
 */
export function requestUrl(sent: string, host: string | undefined, socket: Socket): URL {
  const absolute = /^https?:\/\//i.test(sent) && URL.canParse(sent) ? new URL(sent) : undefined;
  const target = absolute ? `${absolute.pathname}${absolute.search}` : sent.split('#')[0] ?? '';
  const local = socket.localAddress ?? '127.0.0.1';
  const url = host && URL.canParse(`http://${host}`) ? new URL(`http://${host}`) : new URL(`http://${local.includes(':') ? `[${local}]` : local}:${socket.localPort ?? 80}`);
  const query = target.indexOf('?');
  url.pathname = query === -1 ? target : target.slice(0, query);
  url.search = query === -1 ? '' : target.slice(query);
  return url;
}

/** The §8 headers of an answer (X-Rate-Limit-Used, X-Rate-Limit-Max, Retry-After on a 429), as the faults bend them. */
export function rateHeaders(state: ServerState, api: Api, decision: RateDecision, status: number): Record<string, string> {
  const { faults } = state;
  const headers: Record<string, string> = {};
  if (status >= 400 && faults.has(`${api}-rate-limit-headers-only-on-success`)) return headers;
  // Each version's fault drops the headers on one status: v1 on a 422, v2 on a 400.
  const missingOnStatus = api === 'v1' ? status === 422 && faults.has('v1-rate-limit-headers-missing-on-422') : status === 400 && faults.has('v2-rate-limit-headers-missing-on-400');
  if (missingOnStatus) return headers;
  if (!faults.has(`${api}-rate-limit-no-used-header`)) headers['X-Rate-Limit-Used'] = String(decision.used);
  // The max-default-100 fault announces the default limit (§8) although the deployment's is another.
  if (!faults.has(`${api}-rate-limit-no-max-header`)) headers['X-Rate-Limit-Max'] = String(faults.has(`${api}-rate-limit-max-default-100`) ? 100 : decision.max);
  if (decision.retryAfter !== undefined && status === 429 && !(api === 'v1' && faults.has('v1-rate-limit-no-retry-after'))) {
    headers['Retry-After'] = String(Number(decision.retryAfter.toFixed(3)));
  }
  return headers;
}

/** An answer ready to write: its headers (Date, Content-Type, Content-Length and `headers`) and body text. */
export interface Rendered {
  headers: Record<string, string>;
  text: string;
}

/**
 * Renders a body as the switched-on variants shape it. The Date header follows the server's clock
 * (traffic-clock-behind moves it); an undefined body is sent as an empty one (cancel-empty-body),
 * without a Content-Type.
 */
export function rendered(state: ServerState, body: unknown, headers: Record<string, string>): Rendered {
  const date = new Date(state.clock.now()).toUTCString();
  if (body === undefined) return { headers: { Date: date, 'Content-Length': '0', ...headers }, text: '' };
  const shaped = wireBody(state.variants, body);
  const text = typeof shaped === 'string' ? shaped : JSON.stringify(shaped);
  return {
    headers: {
      Date: date,
      'Content-Type': typeof shaped === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
      ...headers,
    },
    text,
  };
}

/** Writes an answer through the response. */
export function send(state: ServerState, res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const answer = rendered(state, body, headers);
  res.writeHead(status, answer.headers);
  res.end(answer.text);
}

/** The §7 error body of a version with the §8 headers and the error's own (Allow, …), rendered. */
export function renderedError(state: ServerState, api: Api, error: ApiError, decision: RateDecision): Rendered & { status: number } {
  const body = errorBody(api, error, state.faults, state.variants);
  return { status: error.status, ...rendered(state, body, { ...rateHeaders(state, api, decision, error.status), ...error.headers }) };
}

/** Writes a §7 error answer through the response. */
export function answerError(state: ServerState, api: Api, res: ServerResponse, error: ApiError, decision: RateDecision): void {
  const answer = renderedError(state, api, error, decision);
  res.writeHead(answer.status, answer.headers);
  res.end(answer.text);
}
