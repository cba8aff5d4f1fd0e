/** The HTTP stack: interceptors (pacing, 429 retry, recording, redaction), the transport they make up, and the run's client on it. */
export { HttpClient } from './client.js';
export type { HttpClientOptions } from './client.js';
export { createTransport } from './transport.js';
export type { Transport, TransportAnswer, TransportOptions, TransportRequest } from './transport.js';
export { AbortError, ClientError, NetworkError, TimeoutError } from './errors.js';
export { Pacer, apiOfWindow, mayBeTrailing, pacing, rateLimitKey } from './pacing.js';
export type { PacedWindow, PacerOptions, RateLimitUsage, WindowOf } from './pacing.js';
export { recording, describeNetworkError, RECORDED_BODY_LIMIT } from './recording.js';
export { retryDelayMs, retryOn429 } from './retry.js';
export type { RetryOn429Options } from './retry.js';
export { createRedactor, redactDeep, REDACTED } from './redact.js';
export type { Interceptor, MfcDispatchOptions, RecordedExchange } from './types.js';
export { toCurl } from './curl.js';
export { peakShare, trafficPerWindow } from './traffic.js';
export type { TrafficMinute, WindowTraffic } from './traffic.js';
export { headerRecord } from './handler.js';
