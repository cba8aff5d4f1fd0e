// One exchange as the proxy's judgements read it: the version and documented operation it belongs
// to, the window its token counts in (§8), and its bodies decoded and parsed once.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { findOperation, type OperationInfo } from '@mfc-conformance/api/validators';
import type { ForwardedExchange, ForwardedRequest } from './forward.js';

/** A request as the judgements read it, before its answer. */
export interface ProxyRequest {
  seq: number;
  method: string;
  /** The path without the query, as sent. */
  path: string;
  query: URLSearchParams;
  /** The path and query as sent. */
  target: string;
  api?: 'v1' | 'v2';
  /** The documented operation, when the method and path are one. */
  operation?: OperationInfo;
  /** The bearer token, when the request carries one (kept in memory only, never written). */
  token?: string;
  /** The §8 window the request counts in, by a label that never holds the token (`v1 primary`, `v2 merchant`, `v1 token 2`). */
  window?: string;
  headers: Record<string, string>;
  bodyText: string;
  /** The body parsed as JSON: `undefined` for none, `{ invalid: true }` when it is no JSON. */
  body: { json: unknown } | { invalid: true } | undefined;
  startedAt: number;
}

/** A request with its answer, decoded and parsed. */
export interface ProxyExchange extends ProxyRequest {
  status: number | null;
  responseHeaders: Record<string, string>;
  responseText: string;
  /** The answer parsed as JSON, or undefined when it is none. */
  responseJson: unknown;
  answeredAt: number;
  durationMs: number;
  error?: string;
}

/** Names a token's window without the token: by the profile's key where it is one of its tokens. */
export type WindowNamer = (api: 'v1' | 'v2', token: string | undefined) => string;

function parsed(text: string): ProxyRequest['body'] {
  if (text.trim() === '') return undefined;
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return { invalid: true };
  }
}

/** The request as the judgements read it. */
export function proxyRequestOf(request: ForwardedRequest, windowOf: WindowNamer): ProxyRequest {
  const url = new URL(request.target, 'http://proxy.invalid');
  const api = /^\/merchant_api\/(v1|v2)(\/|$)/.exec(url.pathname)?.[1] as 'v1' | 'v2' | undefined;
  const operation = api === undefined ? undefined : findOperation(api, request.method, url.pathname);
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
  const bodyText = request.body.toString('utf8');
  return {
    seq: request.seq,
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    target: request.target,
    ...(api === undefined ? {} : { api, window: windowOf(api, token) }),
    ...(operation === undefined ? {} : { operation }),
    ...(token === undefined ? {} : { token }),
    headers: request.headers,
    bodyText,
    body: parsed(bodyText),
    startedAt: request.startedAt,
  };
}

/** The answer's bytes decoded as its Content-Encoding says, within `limit` bytes; undefined when they cannot be. */
export function decodedBody(body: Buffer, encoding: string | undefined, limit: number): Buffer | undefined {
  const options = { maxOutputLength: limit };
  try {
    switch ((encoding ?? '').trim().toLowerCase()) {
      case '':
      case 'identity': return body;
      case 'gzip':
      case 'x-gzip': return gunzipSync(body, options);
      case 'deflate': return inflateSync(body, options);
      case 'br': return brotliDecompressSync(body, options);
      default: return undefined;
    }
  } catch {
    return undefined;
  }
}

/** The exchange as the judgements read it, its answer decoded within `limit` bytes. */
export function proxyExchangeOf(request: ProxyRequest, forwarded: ForwardedExchange, limit: number): ProxyExchange {
  const decoded = decodedBody(forwarded.responseBody, forwarded.responseHeaders['content-encoding'], limit);
  const responseText = decoded?.toString('utf8') ?? '';
  const json = parsed(responseText);
  return {
    ...request,
    status: forwarded.status,
    responseHeaders: forwarded.responseHeaders,
    responseText,
    responseJson: json !== undefined && 'json' in json ? json.json : undefined,
    answeredAt: forwarded.answeredAt,
    durationMs: forwarded.durationMs,
    ...(forwarded.error === undefined ? {} : { error: forwarded.error }),
  };
}

/** `POST /merchant_api/v1/orders` as a line of output shows a request. */
export function requestLine(request: ProxyRequest): string {
  return `${request.method} ${request.path}`;
}
