/** The HTTP stack: interceptors (pacing, 429 retry, recording, redaction), the transport they make up, and the run's client on it. */
export { HttpClient } from './client.js';
export type { HttpClientOptions } from './client.js';
export { createTransport } from '@mfc-conformance/api/client';
export type { Transport, TransportAnswer, TransportOptions, TransportRequest } from '@mfc-conformance/api/client';
export { AbortError, ClientError, NetworkError, TimeoutError } from '@mfc-conformance/api/client';
export { Pacer } from '@mfc-conformance/api/client';
export { apiOfWindow, mayBeTrailing, pacing, rateLimitKey } from '@mfc-conformance/api/internal';
export type { PacedWindow, RateLimitUsage, WindowOf } from '@mfc-conformance/api/internal';
export type { PacerOptions } from '@mfc-conformance/api/client';
export { recording, describeNetworkError, RECORDED_BODY_LIMIT } from '@mfc-conformance/api/internal';
export { retryDelayMs, retryOn429 } from '@mfc-conformance/api/internal';
export type { RetryOn429Options } from '@mfc-conformance/api/internal';
export { createRedactor, redactDeep, REDACTED } from '@mfc-conformance/api/internal';
export type { Interceptor, MfcDispatchOptions, RecordedExchange } from '@mfc-conformance/api/internal';
export { connectionCurlOptions, toCurl } from './curl.js';
export { peakShare, trafficPerWindow } from '@mfc-conformance/api/internal';
export type { TrafficMinute, WindowTraffic } from '@mfc-conformance/api/internal';
export { connectionDispatcher, connectionHeaders, headerRecord } from '@mfc-conformance/api/internal';
