import { MfcError } from '../errors.js';
import type { RecordedExchange } from './types.js';

/** Every error the client raises or returns: a stable `code`, a message that never holds a token (exit 1 in `mfc`). */
export abstract class ClientError extends MfcError {
  readonly exitCode = 1;
  /** The exchanges behind the error (tokens already `[redacted]`); empty when none was recorded. */
  readonly exchanges: readonly RecordedExchange[];

  constructor(message: string, exchanges: readonly RecordedExchange[] = [], options?: ErrorOptions) {
    super(message, options);
    this.exchanges = exchanges;
  }
}

/** No answer arrived: refused, reset, host not found. */
export class NetworkError extends ClientError {
  readonly code = 'MFC_NETWORK';
  override name = 'NetworkError';

  /**
   * @param connectionClosed the other side closed or reset the connection before an answer (a read
   * was already sent again on a new connection): whether the request was read cannot be told.
   */
  constructor(message: string, readonly reason: string, exchanges: readonly RecordedExchange[] = [], readonly connectionClosed = false) {
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
