import { NetworkError, type HttpClient, type RecordedExchange } from '../http/index.js';
import { CheckFailure } from './failure.js';
import type { ApiVersion, SchemaViolation } from './types.js';
import { judgeResponse, NOT_JSON } from './validation.js';

/** Query parameters; `undefined` values are left out, arrays repeat the name. */
export type Query = Record<string, string | number | boolean | undefined | Array<string | number>>;

/** One request to the API, relative to the version base (`/merchant_api/v1` or `/merchant_api/v2`). */
export interface RequestOptions {
  method: string;
  path: string;
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (invalid JSON, odd content types); wins over `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Overrides the client's token for this request; `null` sends no Authorization header. */
  token?: string | null;
  /** Validate the answer against the specification (default true). */
  validate?: boolean;
  /** This request means to provoke a 429 (§8): neither paced nor retried. */
  provoke429?: boolean;
  /**
   * The request only prepares the check's premise (a record to work on, a read of its owner): a
   * status the operation does not allow then skips the check instead of failing it, and goes to the
   * owning schema check like a schema violation, so one defect fails one check.
   */
  premise?: boolean;
}

/** Options of the shorthand methods: everything but method, path and body. */
export type ShorthandOptions = Omit<RequestOptions, 'method' | 'path' | 'body'>;

/** An answer: api, status, lower-cased headers, parsed JSON body (undefined when empty or not JSON), raw text, the exchange. */
export interface ApiResponse<T = any> {
  /** The API version the request addressed. */
  api: ApiVersion;
  status: number;
  headers: Record<string, string>;
  body: T;
  text: string;
  exchange: RecordedExchange;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The client a check uses for one API version and one token; every answer is validated unless `validate: false`. */
export class ApiClient {
  constructor(
    private readonly http: HttpClient,
    private readonly baseUrl: string,
    readonly api: ApiVersion,
    private readonly token: string | null,
    private readonly onExchanges: (exchanges: RecordedExchange[]) => void,
    private readonly onViolations: (violations: SchemaViolation[]) => void = () => undefined,
    private readonly skip: (reason: string) => never = (reason) => {
      throw new Error(reason);
    },
  ) {}

  /**
   * Sends a request and returns the answer. Throws `CheckFailure` on no answer and on a status the
   * operation does not allow; a body that breaks its schema (or is not JSON) goes to
   * `onViolations`, for the owning schema check to report, and the check goes on.
   */
  async request<T = any>(options: RequestOptions): Promise<ApiResponse<T>> {
    const path = `${options.path}${queryString(options.query)}`;
    const url = `${this.baseUrl.replace(/\/+$/, '')}/merchant_api/${this.api}${path}`;
    const token = options.token === undefined ? this.token : options.token;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['content-type'] = 'application/json';
    // Lower-cased, so a check's `Content-Type` replaces ours instead of travelling beside it.
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
    let answer;
    try {
      answer = await this.http.send({ method: options.method, url, headers, ...(body === undefined ? {} : { body }), provoke429: options.provoke429 ?? false });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      this.onExchanges(error.exchanges);
      throw new CheckFailure({
        kind: 'unreachable',
        title: `${options.method} ${path} got no answer`,
        expected: 'an HTTP answer',
        received: error.message,
        ...(error.exchanges.at(-1) ? { exchange: error.exchanges.at(-1)! } : {}),
      });
    }
    this.onExchanges(answer.exchanges);
    const exchange = answer.exchanges.at(-1)!;
    const parsed = answer.text.trim() === '' ? { ok: true as const, value: undefined } : parseJson(answer.text);
    const value = parsed.ok ? parsed.value : undefined;
    if (options.validate ?? true) {
      const judgement = judgeResponse(this.api, options.method, path, answer.status, parsed.ok ? value : NOT_JSON, exchange);
      // Noted either way, so the run reports it once: by the check that failed on it, else by the owner.
      if (judgement.kind === 'status-not-allowed') this.onViolations([judgement.violation]);
      if (judgement.kind === 'status-not-allowed' && options.premise) {
        this.skip(`the premise could not be prepared: ${judgement.failure.title}, ${judgement.failure.received} (reported by the check that owns that answer)`);
      }
      if (judgement.kind === 'status-not-allowed') throw new CheckFailure(judgement.failure);
      if (judgement.kind === 'violations') this.onViolations(judgement.violations);
    }
    return { api: this.api, status: answer.status, headers: answer.headers, body: value as T, text: answer.text, exchange };
  }

  /** GET `path`. */
  get<T = any>(path: string, options: ShorthandOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>({ ...options, method: 'GET', path });
  }

  /** POST `body` as JSON to `path`. */
  post<T = any>(path: string, body?: unknown, options: ShorthandOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>({ ...options, method: 'POST', path, body });
  }

  /** PUT `body` as JSON to `path`. */
  put<T = any>(path: string, body?: unknown, options: ShorthandOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>({ ...options, method: 'PUT', path, body });
  }

  /** PATCH `body` as JSON to `path`. */
  patch<T = any>(path: string, body?: unknown, options: ShorthandOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>({ ...options, method: 'PATCH', path, body });
  }

  /** DELETE `path` (with an optional JSON body). */
  delete<T = any>(path: string, body?: unknown, options: ShorthandOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>({ ...options, method: 'DELETE', path, body });
  }
}
