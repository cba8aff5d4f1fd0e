import type { components as V1Components, paths as V1Paths } from '../../generated/v1/types.js';
import type { components as V2Components, paths as V2Paths } from '../../generated/v2/types.js';
import type { ApiVersion } from '../openapi/types.js';
import type { HeadersInput } from './core.js';
import type { ApiError } from './errors.js';

/** The operations of each version, as openapi-typescript generated them from `spec/`. */
export interface VersionPaths {
  v1: V1Paths;
  v2: V2Paths;
}

/** The error body of each version (§7): v1 `{success: false, errors}`, v2 `{errors, success?, title?, status?}`. */
export interface VersionErrorBodies {
  v1: V1Components['schemas']['Error'];
  v2: V2Components['schemas']['Error'];
}

/** The version's error body. */
export type ErrorBody<V extends ApiVersion> = VersionErrorBodies[V];

/** The HTTP methods the client offers (lower case, as `paths` names them). */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Every path template of `P` that has an operation for method `M` (`put?: never` counts as none). */
export type PathsWithMethod<P, M extends HttpMethod> = {
  [K in keyof P]-?: P[K] extends Record<M, unknown> ? K : never;
}[keyof P] & string;

/** The operation object of `P[Path][M]`. */
export type OperationOf<P, Path extends keyof P, M extends HttpMethod> = P[Path] extends Record<M, infer Op> ? Op : never;

type ParametersOf<Op> = Op extends { parameters: infer Pm } ? Pm : {};

type PathPart<Pm> = Pm extends { path: infer X } ? ([X] extends [never] ? {} : { path: X }) : {};

type QueryPart<Pm> = Pm extends { query: infer X }
  ? [X] extends [never] ? {} : { query: X }
  : Pm extends { query?: infer X } ? ([NonNullable<X>] extends [never] ? {} : { query?: NonNullable<X> }) : {};

/** The `params` of one operation: `path` (required when the template has parameters) and `query`. */
export type ParamsOf<Op> = PathPart<ParametersOf<Op>> & QueryPart<ParametersOf<Op>>;

type RequestBodyOf<Op> = Op extends { requestBody?: infer B } ? NonNullable<B> : never;
type JsonContent<X> = X extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON request body of one operation, or never when it takes none. */
export type BodyOf<Op> = JsonContent<RequestBodyOf<Op>>;

type BodyPart<Op> = [BodyOf<Op>] extends [never]
  ? {}
  : Op extends { requestBody: unknown } ? { body: BodyOf<Op> } : { body?: BodyOf<Op> };

type ParamsWrap<Op> = {} extends ParamsOf<Op> ? { params?: ParamsOf<Op> } : { params: ParamsOf<Op> };

/** Per call: cancel, time out, validate, add headers. */
export interface CallOptions {
  /** Cancels this call (on top of the client's own `signal`). */
  signal?: AbortSignal;
  /** Per-request timeout in ms; overrides the client's. */
  timeoutMs?: number;
  /** Validate the answer against the specification; overrides the client's `validate`. */
  validate?: boolean;
  /** Extra request headers: a record or a fetch `Headers` (lower-cased; they replace the client's own). */
  headers?: HeadersInput;
}

/** What one call takes: `params`, `body` and the call options, each required exactly when the operation needs it. */
export type RequestInit<Op> = ParamsWrap<Op> & BodyPart<Op> & CallOptions;

type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/** `[init?]` when nothing in the init is required, else `[init]`. */
export type InitArgs<Op> = [RequiredKeys<RequestInit<Op>>] extends [never] ? [init?: RequestInit<Op>] : [init: RequestInit<Op>];

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | '2XX';
type ResponsesOf<Op> = Op extends { responses: infer R } ? R : {};
type SuccessKeys<Op> = Extract<keyof ResponsesOf<Op>, SuccessStatus>;
// A body the specification does not show is `unknown`, never `undefined`: a service may answer one
// (a v2 cancel answers the shipment, §4.2). Only a 204 is known to carry none.
type ResponseJson<X> = X extends { content: { 'application/json': infer B } } ? B : unknown;
type BodyAt<Op, K extends keyof ResponsesOf<Op>> = K extends 204 ? undefined : ResponseJson<ResponsesOf<Op>[K]>;

/** The success answer of an operation, one member per listed 2xx status (`'2XX'`: any 2xx). */
export type SuccessResult<Op> = {
  [K in SuccessKeys<Op>]: {
    ok: true;
    status: K extends number ? K : number;
    data: BodyAt<Op, K>;
    headers: Record<string, string>;
  };
}[SuccessKeys<Op>];

/** The body of a success answer (the union over the operation's 2xx statuses; `unknown` where one is not shown). */
export type SuccessBody<Op> = { [K in SuccessKeys<Op>]: BodyAt<Op, K> }[SuccessKeys<Op>];

/** Any other answer: its status and an `ApiError` carrying the version's error body (a 429 beyond the wait: `RateLimitedError`). */
export interface ErrorResult<V extends ApiVersion> {
  ok: false;
  status: number;
  error: ApiError<ErrorBody<V>>;
  headers: Record<string, string>;
}

/** The result of one call: narrow on `ok` (or on `status`). */
export type ApiResult<V extends ApiVersion, Op> = SuccessResult<Op> | ErrorResult<V>;

/** GET paths whose answer is a page: `{ data: [...], pagination }` (§2.7). */
export type ListPaths<P> = {
  [K in PathsWithMethod<P, 'get'>]: SuccessBody<OperationOf<P, K, 'get'>> extends { data?: unknown[] | undefined; pagination?: unknown } ? K : never;
}[PathsWithMethod<P, 'get'>];

/** One page of a list path. */
export type PageOf<P, Path extends keyof P> = SuccessBody<OperationOf<P, Path, 'get'>>;

/** One record of a list path. */
export type ItemOf<P, Path extends keyof P> = PageOf<P, Path> extends { data?: Array<infer T> | undefined } ? T : never;

/** Options of a list walk: the first request's `params` and the call options. */
export type ListInit<Op> = RequestInit<Op> & {
  /** Stop with `PaginationError` after this many pages (default 10,000): a guard against a list that never ends. */
  maxPages?: number;
};
