import { isSafeMethod, queryString, sendRequest, type Query } from '@mfc-conformance/api/internal';
import { NetworkError } from '@mfc-conformance/api/client';
import type { ParamsOf } from '@mfc-conformance/api/client';
import type { HttpClient, RecordedExchange } from '../http/index.js';
import { fillTemplate } from '@mfc-conformance/api/internal';
import { CheckFailure } from './failure.js';
import type { ApiVersion, SchemaViolation } from './types.js';
import type { AnswerOf, ApiResponse, OperationAt, TemplateOf } from './operations.js';
import { judgeResponse, NOT_JSON } from './validation.js';

export type { Query };
export type { ApiResponse };

/** How a request is sent and its answer judged: what every call takes besides what it addresses. */
export interface SendOptions {
  headers?: Record<string, string>;
  /** Overrides the client's token for this request; `null` sends no Authorization header. */
  token?: string | null;
  /** Validate the answer against the specification (default true). */
  validate?: boolean;
  /**
   * The statuses that are the service's choice here, not a finding (a refused optional parameter): an
   * answer with one is not validated; any other answer is, as `validate` says.
   */
  unjudged?: (status: number) => boolean;
  /** This request means to provoke a 429 (§8): neither paced nor retried. */
  provoke429?: boolean;
  /**
   * The request only prepares the check's premise (a record to work on, a read of its owner): a
   * status the operation does not allow then skips the check instead of failing it, and goes to the
   * owning schema check like a schema violation, so one defect fails one check.
   */
  premise?: boolean;
}

/**
 * One request by its filled path, relative to the version base (`/merchant_api/v1` or `/merchant_api/v2`):
 * the escape hatch for what the documented operations do not type (a method or path chosen at run
 * time, an operation the specification does not show, a parameter sent as something it does not
 * document, the path a next_page_url gives). Its answer's body is `unknown`.
 */
export interface RequestOptions extends SendOptions {
  method: string;
  path: string;
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (invalid JSON, odd content types); wins over `body`. */
  rawBody?: string;
}

// A check's request body is its own: often deliberately wrong, or beyond what the request schema
// shows (v2 OrderUpdate shows no property), so it stays `unknown`; only whether there is one is typed.
type BodyPart<Op> = Op extends { requestBody?: infer B }
  ? ([NonNullable<B>] extends [never] ? NoBody : Pick<RequestOptions, 'body' | 'rawBody'>)
  : NoBody;

interface NoBody {
  body?: never;
  rawBody?: never;
}

/**
 * What a call by path template takes: `path` (the template's `{name}` values, required when it has
 * any), `query` (documented names typed, other names allowed: several lists do not show theirs), the
 * `body` (sent as JSON) or `rawBody` (sent as it is) where the operation takes one, and the send options.
 */
export type CallOptions<Op> = TextPath<ParamsOf<Op>> & { query?: Query } & BodyPart<Op> & SendOptions;

// A path is text: a parameter documented as a number is also taken as the text an answer gave for it.
type TextPath<P> = { [K in keyof P]: K extends 'path' ? { [N in keyof P[K]]: P[K][N] | string } : P[K] };

/** `[options?]` when nothing in the options is required, else `[options]`. */
type CallArgs<Op> = {} extends CallOptions<Op> ? [options?: CallOptions<Op>] : [options: CallOptions<Op>];

/** What the typed methods hand to `request`, once the types have done their work. */
interface LooseCall extends SendOptions {
  path?: Readonly<Record<string, unknown>>;
  query?: Query;
  body?: unknown;
  rawBody?: string;
}

/** The client a check uses for one API version and one token; every answer is validated unless `validate: false`. */
export class ApiClient<V extends ApiVersion = ApiVersion> {
  constructor(
    private readonly http: HttpClient,
    private readonly baseUrl: string,
    readonly api: V,
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
  async request(options: RequestOptions): Promise<ApiResponse> {
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
      // The deployment (or something on the way) closed the connection before an answer: whether it read
      // the request cannot be told, so there is nothing to judge. A read was already sent again on a new
      // connection, and a write never goes out on one that lay idle (@mfc-conformance/api connection-reuse).
      if (error.connectionClosed) {
        const connection = isSafeMethod(options.method) ? 'sent again on a new connection, it was closed again' : 'a connection of its own, as every write gets';
        this.skip(`could not judge: ${options.method} ${options.path}${queryString(options.query)} got no answer: ${error.reason} (${connection}; ${new URL(this.baseUrl).host})`);
      }
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
    if ((options.validate ?? true) && !(options.unjudged?.(answer.status) ?? false)) {
      const judgement = judgeResponse(this.api, options.method, path, answer.status, parsed.ok ? value : NOT_JSON, exchange);
      // Noted either way, so the run reports it once: by the check that failed on it, else by the owner.
      if (judgement.kind === 'status-not-allowed') this.onViolations([judgement.violation]);
      if (judgement.kind === 'status-not-allowed' && options.premise) {
        this.skip(`the premise could not be prepared: ${judgement.failure.title}, ${judgement.failure.received} (reported by the check that owns that answer)`);
      }
      if (judgement.kind === 'status-not-allowed') throw new CheckFailure(judgement.failure);
      if (judgement.kind === 'violations') this.onViolations(judgement.violations);
    }
    return { api: this.api, status: answer.status, headers: answer.headers, body: value, text: answer.text, exchange };
  }

  /** GET the operation at `path`, a documented template (`'/orders/{id}'`, with `{ path: { id } }`). */
  get<Path extends TemplateOf<V, 'get'>>(path: Path, ...options: CallArgs<OperationAt<V, Path, 'get'>>): Promise<ApiResponse<AnswerOf<OperationAt<V, Path, 'get'>>>> {
    return this.call('GET', path, options[0] as LooseCall | undefined);
  }

  /** POST to the operation at `path`; the JSON `body` goes in the options. */
  post<Path extends TemplateOf<V, 'post'>>(path: Path, ...options: CallArgs<OperationAt<V, Path, 'post'>>): Promise<ApiResponse<AnswerOf<OperationAt<V, Path, 'post'>>>> {
    return this.call('POST', path, options[0] as LooseCall | undefined);
  }

  /** PUT to the operation at `path`. */
  put<Path extends TemplateOf<V, 'put'>>(path: Path, ...options: CallArgs<OperationAt<V, Path, 'put'>>): Promise<ApiResponse<AnswerOf<OperationAt<V, Path, 'put'>>>> {
    return this.call('PUT', path, options[0] as LooseCall | undefined);
  }

  /** PATCH the operation at `path`. */
  patch<Path extends TemplateOf<V, 'patch'>>(path: Path, ...options: CallArgs<OperationAt<V, Path, 'patch'>>): Promise<ApiResponse<AnswerOf<OperationAt<V, Path, 'patch'>>>> {
    return this.call('PATCH', path, options[0] as LooseCall | undefined);
  }

  /** DELETE the operation at `path`. */
  delete<Path extends TemplateOf<V, 'delete'>>(path: Path, ...options: CallArgs<OperationAt<V, Path, 'delete'>>): Promise<ApiResponse<AnswerOf<OperationAt<V, Path, 'delete'>>>> {
    return this.call('DELETE', path, options[0] as LooseCall | undefined);
  }

  // The one place an answer's body takes its documented type: what the server claims it to be.
  private call<T>(method: string, template: string, options: LooseCall = {}): Promise<ApiResponse<T>> {
    const { path, ...rest } = options;
    return this.request({ ...rest, method, path: fillTemplate(template, path) }) as Promise<ApiResponse<T>>;
  }
}
