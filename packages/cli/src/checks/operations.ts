// The operations of each version as the checks address and read them: templates, documented answers
// and list records, typed from the generated `paths` (generated/v1/types.ts, generated/v2/types.ts).
import type { HttpMethod, ItemOf, OperationOf, PathsWithMethod, SuccessBody, VersionPaths } from '@mfc-conformance/api/client';
import type { RecordedExchange } from '../http/index.js';
import type { ApiVersion } from './types.js';

/** The path templates of version `V` that have an operation for method `M` (`'/orders/{id}'`). */
export type TemplateOf<V extends ApiVersion, M extends HttpMethod> = PathsWithMethod<VersionPaths[V], M>;

/** The operation for method `M` at template `Path` of version `V`, as openapi-typescript generated it. */
export type OperationAt<V extends ApiVersion, Path extends TemplateOf<V, M>, M extends HttpMethod> = OperationOf<VersionPaths[V], Path, M>;

// openapi-typescript writes an object whose fields the specification does not show as
// `Record<string, never>`: read like that, every field would be `never`, which any use accepts.
type NotShown<T> = string extends keyof T ? ([T[keyof T]] extends [never] ? true : false) : false;

/** A documented body as a check reads it: an object whose fields are not shown has `unknown` fields. */
export type Shown<T> = T extends readonly (infer E)[]
  ? Array<Shown<E>>
  : T extends object ? (NotShown<T> extends true ? Record<string, unknown> : { [K in keyof T]: Shown<T[K]> }) : T;

/** The body of an operation's success answer as documented (its 2xx JSON); `unknown` where a 2xx shows none. */
export type AnswerOf<Op> = undefined extends SuccessBody<Op> ? unknown : Shown<SuccessBody<Op>>;

/** An operation key as the specification and the reports name it: `'GET /orders/{id}'`. */
export type OperationKey<V extends ApiVersion> = { [M in HttpMethod]: `${Uppercase<M>} ${TemplateOf<V, M>}` }[HttpMethod];

/** The documented success body of an operation named by its key: `Documented<'v2', 'GET /orders/{id}'>` is the v2 Order. */
export type Documented<V extends ApiVersion, K extends OperationKey<V>> = {
  [M in HttpMethod]: K extends `${Uppercase<M>} ${infer Path extends TemplateOf<V, M>}` ? AnswerOf<OperationAt<V, Path, M>> : never;
}[HttpMethod];

/** The answer to an operation named by its key: `Answer<'v2', 'POST /orders'>`. */
export type Answer<V extends ApiVersion, K extends OperationKey<V>> = ApiResponse<Documented<V, K>>;

/** The list operations of version `V`: GET templates whose answer is a page, `{ data, pagination }` (§2.7). */
export type ListTemplateOf<V extends ApiVersion> = {
  [K in TemplateOf<V, 'get'>]: IsPage<AnswerOf<OperationAt<V, K, 'get'>>> extends true ? K : never;
}[TemplateOf<V, 'get'>];

// A page names `pagination`; an object whose fields are not shown names every key, so it is none.
type IsPage<Body> = Body extends object ? (string extends keyof Body ? false : 'pagination' extends keyof Body ? true : false) : false;

/** One record of a list operation, as documented. */
export type ListedOf<V extends ApiVersion, Path extends ListTemplateOf<V>> = Shown<ItemOf<VersionPaths[V], Path>>;

/**
 * An answer: api, status, lower-cased headers, parsed JSON body, raw text, the exchange. `body` is
 * typed as what the operation's success answer documents: what a 2xx claims to be, which the schema
 * checks hold to the specification (a behavioural check reads it defensively where its rule does not
 * need the field); it is `undefined` when the answer is empty or not JSON, and the error body on an
 * error status (read it as `unknown`).
 */
export interface ApiResponse<T = unknown> {
  /** The API version the request addressed. */
  api: ApiVersion;
  status: number;
  headers: Record<string, string>;
  body: T;
  text: string;
  exchange: RecordedExchange;
}
