import type { RecordedExchange } from '../http/types.js';
import type { SchemaError } from '../openapi/types.js';

/** Every error the client raises or returns: a stable `code`, a message that never holds a token. */
export abstract class ClientError extends Error {
  abstract readonly code: string;
  /** The exchanges behind the error (tokens already `[redacted]`); empty when none was recorded. */
  readonly exchanges: readonly RecordedExchange[];

  constructor(message: string, exchanges: readonly RecordedExchange[] = [], options?: ErrorOptions) {
    super(message, options);
    this.exchanges = exchanges;
  }
}

/** The API answered with a status that is not a success: `status` and the version's error body (§7). */
export class ApiError<Body = unknown> extends ClientError {
  readonly code: string = 'MFC_CLIENT_HTTP';
  override name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    /** The parsed error body (v1 `{success, errors}`, v2 `{errors, title, status}`); undefined when empty or not JSON. */
    readonly body: Body | undefined,
    readonly headers: Readonly<Record<string, string>>,
    exchanges: readonly RecordedExchange[] = [],
  ) {
    super(message, exchanges);
  }
}

/** 429 whose `Retry-After` is longer than the client may wait (`maxWaitMs`), or still 429 after the retries (§8). */
export class RateLimitedError<Body = unknown> extends ApiError<Body> {
  override readonly code = 'MFC_CLIENT_RATE_LIMITED';
  override name = 'RateLimitedError';

  constructor(
    message: string,
    body: Body | undefined,
    headers: Readonly<Record<string, string>>,
    /** How long the answer asked to wait (`Retry-After`, else until the next UTC minute). */
    readonly retryAfterMs: number,
    exchanges: readonly RecordedExchange[] = [],
  ) {
    super(message, 429, body, headers, exchanges);
  }
}

/** No answer arrived: refused, reset, host not found. */
export class NetworkError extends ClientError {
  readonly code = 'MFC_NETWORK';
  override name = 'NetworkError';

  constructor(message: string, readonly reason: string, exchanges: readonly RecordedExchange[] = []) {
    super(message, exchanges);
  }
}

/** No whole answer within the request timeout (`timeoutMs`; waits for pacing and 429s do not count). */
export class TimeoutError extends ClientError {
  readonly code = 'MFC_CLIENT_TIMEOUT';
  override name = 'TimeoutError';

  constructor(message: string, readonly timeoutMs: number, exchanges: readonly RecordedExchange[] = []) {
    super(message, exchanges);
  }
}

/** The caller's (or the client's) `AbortSignal` fired; `name` is `'AbortError'` like the platform's, `cause` the signal's reason. */
export class AbortError extends ClientError {
  readonly code = 'MFC_CLIENT_ABORTED';
  override name = 'AbortError';
}

/** With `validate: true`: the answer breaks its schema, or is not JSON, or has a status the operation does not list. */
export class ValidationError extends ClientError {
  readonly code = 'MFC_CLIENT_VALIDATION';
  override name = 'ValidationError';

  constructor(
    message: string,
    readonly status: number,
    /** One entry per violation: `<pointer>: expected <rule detail>, received <value>`. */
    readonly errors: readonly SchemaError[],
    exchanges: readonly RecordedExchange[] = [],
  ) {
    super(message, exchanges);
  }
}

/** A list walk that cannot go on safely: `next_page_url` repeats, leaves the API's origin, or the page limit was reached. */
export class PaginationError extends ClientError {
  readonly code = 'MFC_CLIENT_PAGINATION';
  override name = 'PaginationError';
}
