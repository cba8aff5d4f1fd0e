import { inspect } from 'node:util';
import type { Dispatcher } from 'undici';
import { connectionSecrets, type ConnectionOptions } from '../http/connection.js';
import { assertShare, type Pacer } from '../http/pacing.js';
import { baseUrlProblem } from '../base-url.js';
import { createRedactor, redactDeep } from '../http/redact.js';
import { retryDelayMs } from '../http/retry.js';
import { validateResponse } from '../openapi/index.js';
import type { ApiVersion } from '../openapi/types.js';
import { sendRequest, versionBase, type CoreAnswer, type Query } from './core.js';
import { ApiError, ClientOptionsError, RateLimitedError, ValidationError } from './errors.js';
import { walkCursors, walkPages, type PageFetch } from './paginate.js';
import { createTransport, type Transport } from '../http/transport.js';
import type {
  ApiResult, CallOptions, ErrorBody, ErrorResult, HttpMethod, InitArgs, ItemOf, ListInit, ListPaths, OperationOf, PageOf,
  PathsWithMethod, VersionPaths,
} from './types.js';

/** How `createClient` reaches the API and how careful it is. */
export interface ClientOptions<V extends ApiVersion> {
  /** The specification's {base_url}; the client adds `/merchant_api/<version>`. */
  baseUrl: string;
  /** The bearer token (§5). Kept private: never in a message, `toString`, `inspect` or JSON. */
  token: string;
  version: V;
  /** Per-request timeout in ms (default 30 s); waits for pacing and 429s do not count. */
  timeoutMs?: number;
  /** Cancels every call of this client. */
  signal?: AbortSignal;
  /** Validate each answer against the specification and throw `ValidationError` on a breach (default false). */
  validate?: boolean;
  /** Use at most this share of each minute's rate limit (0 < share ≤ 1), leaving the rest to other clients (§8). */
  share?: number;
  /** A known limit per minute, when lower than `X-Rate-Limit-Max`. */
  perMinute?: number;
  /** The longest `Retry-After` the client waits out (default 61 s); a longer one is a `RateLimitedError` at once. */
  maxWaitMs?: number;
  /** How often one request is sent again after a 429 (default 3). */
  maxRetries?: number;
  /**
   * How requests reach the deployment: a proxy (default: `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` as curl
   * reads them), extra certificate authorities, a client certificate, headers a gateway wants, the
   * answer bound (default 32 MiB). Its secrets are redacted like the token.
   */
  connection?: ConnectionOptions;
  /** The undici dispatcher under the chain (tests: a `MockAgent`); the connection's proxy and TLS settings then do not apply. */
  dispatcher?: Dispatcher;
  /** Pacing state shared with other clients of the same token or merchant. */
  pacer?: Pacer;
  /** Replaces the whole HTTP stack (pacing, retry, timeouts are then the transport's). */
  transport?: Transport;
}

type Paths<V extends ApiVersion> = VersionPaths[V];
type Op<V extends ApiVersion, Path extends keyof Paths<V>, M extends HttpMethod> = OperationOf<Paths<V>, Path, M>;

type LooseResult<V extends ApiVersion> = { ok: true; status: number; data: unknown; headers: Record<string, string> } | ErrorResult<V>;

interface LooseInit extends CallOptions {
  params?: { path?: Record<string, unknown>; query?: Query };
  body?: unknown;
  maxPages?: number;
}

/** A client for one version of the API, typed by that version's `paths`. Create it with `createClient`. */
export class Client<V extends ApiVersion> {
  readonly version: V;
  readonly baseUrl: string;
  readonly #token: string;
  readonly #redact: (text: string) => string;
  #transport: Transport | undefined;
  readonly #makeTransport: () => Transport;
  readonly #ownsTransport: boolean;
  readonly #signal: AbortSignal | undefined;
  readonly #timeoutMs: number;
  readonly #validate: boolean;

  constructor(options: ClientOptions<V>) {
    // A mistake in the options throws here, at once; what a call meets later is its result (see `ApiResult`).
    const problem = typeof options.baseUrl === 'string' ? baseUrlProblem(options.baseUrl, 'baseUrl') : `baseUrl expected a string, received ${typeof options.baseUrl}`;
    if (problem !== undefined) throw new ClientOptionsError(problem);
    if (options.version !== 'v1' && options.version !== 'v2') throw new ClientOptionsError(`version expected "v1" or "v2", received ${JSON.stringify(options.version)}`);
    assertShare(options.share);
    this.version = options.version;
    this.baseUrl = options.baseUrl;
    this.#token = options.token;
    this.#redact = createRedactor([options.token, ...connectionSecrets(options.connection)]);
    this.#signal = options.signal;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#validate = options.validate ?? false;
    this.#ownsTransport = options.transport === undefined;
    this.#transport = options.transport;
    // Built at the first call: the HTTP stack (undici) is loaded then, not when a client is created.
    this.#makeTransport = () => createTransport({
      redact: this.#redact,
      timeoutMs: this.#timeoutMs,
      ...pick(options, ['share', 'perMinute', 'maxWaitMs', 'maxRetries', 'dispatcher', 'pacer', 'connection']),
    });
  }

  /** GET `path`; `params.path` fills its `{parameters}`. */
  GET<Path extends PathsWithMethod<Paths<V>, 'get'>>(path: Path, ...init: InitArgs<Op<V, Path, 'get'>>): Promise<ApiResult<V, Op<V, Path, 'get'>>> {
    return this.#call('GET', path, init[0] as LooseInit | undefined) as Promise<ApiResult<V, Op<V, Path, 'get'>>>;
  }

  /** POST `body` as JSON to `path`. */
  POST<Path extends PathsWithMethod<Paths<V>, 'post'>>(path: Path, ...init: InitArgs<Op<V, Path, 'post'>>): Promise<ApiResult<V, Op<V, Path, 'post'>>> {
    return this.#call('POST', path, init[0] as LooseInit | undefined) as Promise<ApiResult<V, Op<V, Path, 'post'>>>;
  }

  /** PUT `body` as JSON to `path`. */
  PUT<Path extends PathsWithMethod<Paths<V>, 'put'>>(path: Path, ...init: InitArgs<Op<V, Path, 'put'>>): Promise<ApiResult<V, Op<V, Path, 'put'>>> {
    return this.#call('PUT', path, init[0] as LooseInit | undefined) as Promise<ApiResult<V, Op<V, Path, 'put'>>>;
  }

  /** PATCH `body` as JSON to `path`. */
  PATCH<Path extends PathsWithMethod<Paths<V>, 'patch'>>(path: Path, ...init: InitArgs<Op<V, Path, 'patch'>>): Promise<ApiResult<V, Op<V, Path, 'patch'>>> {
    return this.#call('PATCH', path, init[0] as LooseInit | undefined) as Promise<ApiResult<V, Op<V, Path, 'patch'>>>;
  }

  /** DELETE `path`. */
  DELETE<Path extends PathsWithMethod<Paths<V>, 'delete'>>(path: Path, ...init: InitArgs<Op<V, Path, 'delete'>>): Promise<ApiResult<V, Op<V, Path, 'delete'>>> {
    return this.#call('DELETE', path, init[0] as LooseInit | undefined) as Promise<ApiResult<V, Op<V, Path, 'delete'>>>;
  }

  /**
   * Every page of a list (§2.7, §8): v1 asks for `page` 1, 2, … (from `params.query.page`) until an
   * empty or the last page; v2 follows `pagination.next_page_url` exactly as given until it is null.
   * An error answer is thrown as its `ApiError`.
   */
  pages<Path extends ListPaths<Paths<V>>>(path: Path, ...init: InitArgs<Op<V, Path, 'get'>> | [init: ListInit<Op<V, Path, 'get'>>]): AsyncIterableIterator<PageOf<Paths<V>, Path>> {
    const options = (init[0] ?? {}) as LooseInit;
    const fetchPage: PageFetch = async (query, url) => this.#page(path, options, query, url);
    const walk = this.version === 'v1'
      ? walkPages(fetchPage, options.params?.query ?? {}, options.maxPages)
      : walkCursors(fetchPage, options.params?.query ?? {}, versionBase(this.baseUrl, this.version), this.#redact, options.maxPages);
    return walk as AsyncIterableIterator<PageOf<Paths<V>, Path>>;
  }

  /** Every record of a list, page after page (see `pages`). */
  async *items<Path extends ListPaths<Paths<V>>>(path: Path, ...init: InitArgs<Op<V, Path, 'get'>> | [init: ListInit<Op<V, Path, 'get'>>]): AsyncIterableIterator<ItemOf<Paths<V>, Path>> {
    for await (const page of this.pages(path, ...init)) {
      const data = (page as { data?: unknown }).data;
      if (Array.isArray(data)) yield* data as Array<ItemOf<Paths<V>, Path>>;
    }
  }

  /** Closes the connections of the client's own transport (an injected one is left open). */
  async close(): Promise<void> {
    if (this.#ownsTransport) await this.#transport?.close?.();
  }

  toString(): string {
    return `Client(${this.version} ${this.#redact(this.baseUrl)})`;
  }

  toJSON(): { version: V; baseUrl: string } {
    return { version: this.version, baseUrl: this.#redact(this.baseUrl) };
  }

  [inspect.custom](): string {
    return this.toString();
  }

  async #page(template: string, init: LooseInit, query: Query, url: string | undefined): Promise<{ body: unknown; url: string }> {
    const result = await this.#call('GET', template, { ...init, params: { ...init.params, query } }, url);
    if (!result.ok) throw result.error;
    return { body: result.data, url: result.url };
  }

  async #call(method: string, template: string, init: LooseInit | undefined, url?: string): Promise<LooseResult<V> & { url: string }> {
    const signals = [this.#signal, init?.signal].filter((signal): signal is AbortSignal => signal !== undefined);
    this.#transport ??= this.#makeTransport();
    const answer = await sendRequest(this.#transport, {
      api: this.version,
      baseUrl: this.baseUrl,
      method,
      path: fillPath(template, init?.params?.path),
      ...(init?.params?.query ? { query: init.params.query } : {}),
      ...(url === undefined ? {} : { url }),
      token: this.#token,
      ...(init?.body === undefined ? {} : { body: init.body }),
      ...(init?.headers ? { headers: init.headers } : {}),
      ...(signals.length === 0 ? {} : { signal: signals.length === 1 ? signals[0]! : AbortSignal.any(signals) }),
      timeoutMs: init?.timeoutMs ?? this.#timeoutMs,
    }, this.#redact);
    return { ...this.#result(`${method} ${template}`, answer, init?.validate ?? this.#validate), url: answer.url };
  }

  #result(operation: string, answer: CoreAnswer, validate: boolean): LooseResult<V> {
    const { status, exchanges } = answer;
    const headers = redactDeep(answer.headers, this.#redact);
    const success = status >= 200 && status < 300;
    const what = `${operation.split(' ')[0]} ${this.#redact(answer.url)}`;
    if (success && !answer.json.ok) {
      throw new ValidationError(`${what} answered ${status} with a body that is not JSON`, status, [], exchanges);
    }
    const value = answer.json.ok ? answer.json.value : undefined;
    if (validate) {
      const validation = validateResponse(this.version, operation, status, value);
      if (!validation.statusAllowed) {
        throw new ValidationError(`${what} answered ${status}, a status ${operation} does not list`, status, [], exchanges);
      }
      const errors = answer.json.ok
        ? validation.errors.map((error) => ({ ...error, message: this.#redact(error.message) }))
        : [{ pointer: '', rule: 'json', message: '(root): expected a JSON body, received text that is not JSON' }];
      if (errors.length > 0) {
        throw new ValidationError(`${what} answered ${status} with a body that breaks its schema: ${errors.map((error) => error.message).join('; ')}`, status, errors, exchanges);
      }
    }
    if (success) return { ok: true, status, data: value, headers };
    const body = redactDeep(value, this.#redact) as ErrorBody<V> | undefined;
    const message = `${what} answered ${status}${summary(body)}`;
    const error = status === 429
      ? new RateLimitedError<ErrorBody<V>>(`${message} (the wait it asks for is longer than maxWaitMs, or the retries ran out)`, body, headers, retryDelayMs(answer.headers), exchanges)
      : new ApiError<ErrorBody<V>>(message, status, body, headers, exchanges);
    return { ok: false, status, error, headers };
  }
}

function pick<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (object[key] !== undefined) picked[key] = object[key];
  return picked;
}

/** Fills `{name}` segments of a path template, percent-encoded; a missing one is a programming error. */
function fillPath(template: string, values: Record<string, unknown> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values?.[name];
    if (value === undefined || value === null) throw new TypeError(`${template} expected params.path.${name}, received nothing`);
    return encodeURIComponent(String(value));
  });
}

/** `: <first message>` from a v1 or v2 error body, for the error's message. */
function summary(body: unknown): string {
  if (body === null || typeof body !== 'object') return '';
  const { title, errors } = body as { title?: unknown; errors?: unknown };
  if (typeof title === 'string') return `: ${title}`;
  const first = Array.isArray(errors) ? errors[0] : errors && typeof errors === 'object' ? Object.entries(errors)[0] : undefined;
  if (typeof first === 'string') return `: ${first}`;
  if (first && typeof first === 'object' && 'message' in first) return `: ${String(first.message)}`;
  if (Array.isArray(first)) return `: ${String(first[0])} ${String(first[1])}`;
  return '';
}

/** A client for v1 (§4.1, sales-channel scoped) or v2 (§4.2, merchant scoped), typed by that version's operations. */
export function createClient(options: ClientOptions<'v1'>): Client<'v1'>;
export function createClient(options: ClientOptions<'v2'>): Client<'v2'>;
export function createClient<V extends ApiVersion>(options: ClientOptions<V>): Client<V> {
  return new Client(options);
}

/** The data of a success result, else throws its `ApiError`. */
export function unwrap<T>(result: { ok: true; data: T } | { ok: false; error: Error }): T {
  if (!result.ok) throw result.error;
  return result.data;
}
