// `@mfc-conformance/api/internal`: the pieces `@mfc-conformance/cli` builds its run on (the HTTP steps
// behind the client, the request core, the OpenAPI lookup's parts). One copy of each, shared by name;
// not for integrators and not covered by the compatibility policy (CHANGELOG.md): it may change in any release.
export { apiOfWindow, mayBeTrailing, pacing, rateLimitKey } from './http/pacing.js';
export type { PacedWindow, RateLimitUsage, WindowOf } from './http/pacing.js';
export { recording, RECORDED_BODY_LIMIT } from './http/recording.js';
export type { RecordingOptions } from './http/recording.js';
export { describeNetworkError, isConnectionClosed } from './http/network-error.js';
export { isSafeMethod } from './http/connection-reuse.js';
export type { NetworkErrorContext } from './http/network-error.js';
export { connectionDispatcher, connectionHeaders, connectionSecrets, proxyFor, reservedHeaderProblem, shownBytes, shownProxy } from './http/connection.js';
export { versionPathOf } from './client/paginate.js';
export { retryDelayMs, retryOn429 } from './http/retry.js';
export type { RetryOn429Options } from './http/retry.js';
export { createRedactor, redactDeep, REDACTED } from './http/redact.js';
export { dateTimeInstant, dateTimeLike, hasOffset, ISO_DATE_TIME } from './date-time.js';
export type { Interceptor, MfcDispatchOptions, RecordedExchange } from './http/types.js';
export { peakShare, trafficPerWindow } from './http/traffic.js';
export type { TrafficMinute, WindowTraffic } from './http/traffic.js';
export { headerRecord } from './http/handler.js';
export { queryString, sendRequest } from './client/core.js';
export type { Query } from './client/core.js';
export { toSchemaErrors } from './openapi/errors.js';
export { fillTemplate } from './openapi/match.js';
export type { ValidateFunction, VersionSources } from './openapi/lookup.js';
export { dereferencedDocument, documentOperation } from './openapi/documents.js';
export type { DereferencedDocument, DocumentOperation, DocumentParameter, JsonSchema } from './openapi/documents.js';
export { baseUrlProblem, isLoopbackUrl } from './base-url.js';
