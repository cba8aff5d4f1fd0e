/** The run's HTTP client: undici with interceptors for pacing, 429 retry, recording and redaction. */
export { HttpClient, NetworkError } from './client.js';
export type { HttpAnswer, HttpClientOptions, HttpRequest } from './client.js';
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
