import type { SchemaError } from '../openapi/types.js';
import { ClientError } from '../http/errors.js';
import type { RecordedExchange } from '../http/types.js';

// What the transport raises when no answer arrives sits with it in src/http; the client's own errors
// extend the same base, and integrators import them all from here.
export { AbortError, ClientError, NetworkError, TimeoutError } from '../http/errors.js';

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

/** `createClient` was given options it cannot use (a `baseUrl` without its scheme or with `/merchant_api/vN`, an unknown `version`); thrown at once. */
export class ClientOptionsError extends ClientError {
  readonly code = 'MFC_CLIENT_OPTIONS';
  override name = 'ClientOptionsError';
}
