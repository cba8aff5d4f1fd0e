/** The typed client for integrators: one version's operations, pacing, 429 waits, pagination, timeouts, typed errors. */
export { Client, createClient, unwrap } from './client.js';
export type { ClientOptions } from './client.js';
export { AbortError, ApiError, ClientError, ClientOptionsError, NetworkError, PaginationError, RateLimitedError, TimeoutError, ValidationError } from './errors.js';
export { createTransport } from '../http/transport.js';
export type { Transport, TransportAnswer, TransportOptions, TransportRequest } from '../http/transport.js';
export { Pacer } from '../http/pacing.js';
export { ConnectionSettingError, DEFAULT_MAX_ANSWER_BYTES, connectionSecrets } from '../http/connection.js';
export type { ConnectionHeaderValue, ConnectionOptions } from '../http/connection.js';
export type { PacerOptions } from '../http/pacing.js';
export type { ApiVersion, SchemaError } from '../openapi/types.js';
export type { HeadersInput } from './core.js';
export type {
  ApiResult, BodyOf, CallOptions, ErrorBody, ErrorResult, HttpMethod, ItemOf, ListInit, ListPaths, OperationOf, PageOf,
  ParamsOf, PathsWithMethod, RequestInit, SuccessBody, SuccessResult, VersionPaths,
} from './types.js';
