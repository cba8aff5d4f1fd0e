import type { ApiVersion } from '../openapi/types.js';
import { AbortError } from '../http/errors.js';
import type { Transport, TransportAnswer } from '../http/transport.js';

/** Query parameters; `undefined` values are left out, arrays repeat the name. */
export type Query = Record<string, string | number | boolean | undefined | Array<string | number>>;

/** One request of the client core, relative to the version base unless `url` is given. */
export interface CoreRequest {
  api: ApiVersion;
  baseUrl: string;
  method: string;
  /** Relative to `/merchant_api/<api>`, parameters already filled in; may hold a query. */
  path: string;
  query?: Query;
  /** An absolute URL that wins over `path` and `query` (a v2 `next_page_url`, followed as given). */
  url?: string;
  /** `null` sends no Authorization header. */
  token: string | null;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is; wins over `body`. */
  rawBody?: string;
  /** Added last, lower-cased, so they replace the client's own. */
  headers?: HeadersInput;
  provoke429?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The answer as the core read it: the transport's answer, the URL sent to and the body parsed as JSON when it is. */
export interface CoreAnswer extends TransportAnswer {
  url: string;
  /** `path` with its query string: how the checks name the request. */
  path: string;
  /** `{ ok: true, value: undefined }` for an empty body; `{ ok: false }` when the body is not JSON. */
  json: { ok: true; value: unknown } | { ok: false };
}

/**
 * Request headers as callers hold them: a fetch `Headers`, or a record whose values may be a list
 * (sent joined by ", ", as HTTP reads a repeated header) or undefined (left out), as `node:http`'s are.
 */
export type HeadersInput = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The entries of `headers` with lower-cased names and one string value each; undefined values left out. */
export function headerEntries(headers: HeadersInput | undefined): Array<[string, string]> {
  if (headers === undefined) return [];
  const entries: Array<[string, string | readonly string[] | undefined]> = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  return entries.flatMap(([name, value]) => value === undefined ? [] : [[name.toLowerCase(), typeof value === 'string' ? value : value.join(', ')]]);
}

/** `?a=1&b=2` for the defined values, or '' when there are none. */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The version base of a deployment: `{base_url}/merchant_api/v1` or `/v2` (§9). */
export function versionBase(baseUrl: string, api: ApiVersion): string {
  return `${baseUrl.replace(/\/+$/, '')}/merchant_api/${api}`;
}

function parseJson(text: string): CoreAnswer['json'] {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Rejects with `AbortError` as soon as `signal` fires, whatever the transport is still waiting on (pacing, a 429). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortError(`${what}: aborted`, [], { cause: signal.reason }));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Sends one request through `transport`: bearer token, `Accept` and, with a body, `Content-Type:
 * application/json` (v1 reads any body as JSON whatever the header says, §4.1, so JSON is always
 * what is sent). Rejects with `NetworkError`, `TimeoutError` or `AbortError`, never with a token in
 * the message.
 */
export async function sendRequest(transport: Transport, request: CoreRequest, redact: (text: string) => string): Promise<CoreAnswer> {
  const path = `${request.path}${queryString(request.query)}`;
  const url = request.url ?? `${versionBase(request.baseUrl, request.api)}${path}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.token !== null) headers.authorization = `Bearer ${request.token}`;
  const body = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Lower-cased, so a caller's `Content-Type` replaces ours instead of travelling beside it.
  for (const [name, value] of headerEntries(request.headers)) headers[name] = value;
  const what = `${request.method} ${redact(url)}`;
  if (request.signal?.aborted) throw new AbortError(`${what}: aborted`, [], { cause: request.signal.reason });
  const sending = transport.send({
    method: request.method,
    url,
    headers,
    ...(body === undefined ? {} : { body }),
    provoke429: request.provoke429 ?? false,
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
  });
  // The transport settles later (an aborted wait, a dropped request); that late end is expected.
  sending.catch(() => undefined);
  const answer: TransportAnswer = await abortable(sending, request.signal, what);
  return { ...answer, url, path, json: parseJson(answer.text) };
}
