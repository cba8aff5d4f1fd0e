import { queryString, sendRequest, type Query } from '../client/core.js';
import { NetworkError } from '../client/errors.js';
import type { HttpClient, RecordedExchange } from '../http/index.js';
import { CheckFailure } from './failure.js';
import type { ApiVersion, SchemaViolation } from './types.js';
import { judgeResponse, NOT_JSON } from './validation.js';

export type { Query };

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
    let answer;
    try {
      // The integrators' client core, over the run's HttpClient: one pacing state sees every request.
      answer = await sendRequest(this.http, {
        api: this.api,
        baseUrl: this.baseUrl,
        method: options.method,
        path: options.path,
        ...(options.query ? { query: options.query } : {}),
        token: options.token === undefined ? this.token : options.token,
        ...(options.body === undefined ? {} : { body: options.body }),
        ...(options.rawBody === undefined ? {} : { rawBody: options.rawBody }),
        ...(options.headers ? { headers: options.headers } : {}),
        provoke429: options.provoke429 ?? false,
      }, this.http.redact);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      this.onExchanges([...error.exchanges]);
      throw new CheckFailure({
        kind: 'unreachable',
        title: `${options.method} ${options.path}${queryString(options.query)} got no answer`,
        expected: 'an HTTP answer',
        received: error.message,
        ...(error.exchanges.at(-1) ? { exchange: error.exchanges.at(-1)! } : {}),
      });
    }
    const path = answer.path;
    this.onExchanges(answer.exchanges);
    const exchange = answer.exchanges.at(-1)!;
    const parsed = answer.json;
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
