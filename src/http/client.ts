import { Agent, type Dispatcher } from 'undici';
import { Pacer, pacing, rateLimitKey, type WindowOf } from './pacing.js';
import { describeNetworkError, recording, type ReplayTokenOf } from './recording.js';
import { createRedactor } from './redact.js';
import { retryOn429, type RetryOn429Options } from './retry.js';
import type { MfcDispatchOptions, RecordedExchange } from './types.js';

/** How the client is built: the secrets to redact, the pacing limit, timeouts and (in tests) the base dispatcher. */
export interface HttpClientOptions extends RetryOn429Options {
  /** Every token value of the profile: replaced by `[redacted]` in each record. */
  secrets: readonly string[];
  /** `rateLimit.perMinute` from the profile. */
  perMinute?: number;
  /** Per-request timeout for connecting, for the headers and between body chunks (default 10 s). */
  requestTimeoutMs?: number;
  /** The dispatcher under the chain; default an undici `Agent` with the timeouts (tests pass a `MockAgent`). */
  dispatcher?: Dispatcher;
  /** Pacing state; tests pass one with a fake clock. */
  pacer?: Pacer;
  /** `rateLimit.share`: the share of each window the client may use (see `Pacer`). */
  share?: number;
  /** Names the rate-limit window of each request; the key doubles as its label, so it must hold no token (default: by origin and token, numbered in reports). */
  windowOf?: WindowOf;
  /** How replay lines name the token of an Authorization header (default `$MFC_TOKEN`). */
  replayTokenOf?: ReplayTokenOf;
}

/** One request as the client sends it. */
export interface HttpRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The request means to provoke a 429: neither paced nor retried. */
  provoke429?: boolean;
}

/** The answer to one request, with every exchange behind it (more than one when a 429 was retried). */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  exchanges: RecordedExchange[];
}

/** No answer arrived: refused, timed out, reset. The message and the exchange are already redacted. */
export class NetworkError extends Error {
  readonly code = 'MFC_NETWORK';
  override name = 'NetworkError';
  constructor(message: string, readonly reason: string, readonly exchanges: RecordedExchange[]) {
    super(message);
  }
}

/** The run's HTTP client: undici with the chain recording → pacing → 429 retry (innermost first). */
export class HttpClient {
  readonly pacer: Pacer;
  readonly redact: (text: string) => string;
  readonly #dispatcher: Dispatcher;
  readonly #base: Dispatcher;
  readonly #timeoutMs: number;
  readonly #halt = new AbortController();
  #haltReason: string | undefined;
  #exempt = 0;
  #exchanges = 0;

  constructor(options: HttpClientOptions) {
    this.#timeoutMs = options.requestTimeoutMs ?? 10_000;
    this.pacer = options.pacer ?? new Pacer({
      ...(options.perMinute === undefined ? {} : { perMinute: options.perMinute }),
      ...(options.share === undefined ? {} : { share: options.share }),
      ...(options.onWait === undefined ? {} : { onWait: options.onWait }),
      ...(options.windowOf === undefined ? {} : { label: (key: string) => key }),
      signal: this.#halt.signal,
    });
    this.redact = createRedactor(options.secrets);
    this.#base = options.dispatcher ?? new Agent({
      connect: { timeout: this.#timeoutMs },
      headersTimeout: this.#timeoutMs,
      bodyTimeout: this.#timeoutMs,
    });
    // compose() wraps in order, so the first interceptor sits closest to the wire: each retry
    // attempt is paced and recorded on its own.
    this.#dispatcher = this.#base.compose(recording(this.redact, undefined, options.replayTokenOf), pacing(this.pacer, options.windowOf ?? rateLimitKey), retryOn429(options));
  }

  /**
   * Stops the client (the run is interrupted or cannot go on): a request waiting for the rate limit
   * or in flight ends with a `NetworkError`, and new ones are refused with `reason` — except those
   * sent inside `afterHalt` (a check's cleanup).
   */
  halt(reason: string): void {
    this.#haltReason ??= reason;
    this.#halt.abort(new Error(reason));
  }

  /** HTTP exchanges the client has had, retries included. */
  get requestCount(): number {
    return this.#exchanges;
  }

  /** Why the client was halted, if it was. */
  get haltReason(): string | undefined {
    return this.#haltReason;
  }

  /** Runs `task` with requests allowed even once the client is halted: cancelling what a check created. */
  async afterHalt<T>(task: () => Promise<T>): Promise<T> {
    this.#exempt += 1;
    try {
      return await task();
    } finally {
      this.#exempt -= 1;
    }
  }

  /** Sends one request and reads the whole answer; throws `NetworkError` when none arrives. */
  async send(request: HttpRequest): Promise<HttpAnswer> {
    const url = new URL(request.url);
    const exempt = this.#exempt > 0;
    if (this.#haltReason !== undefined && !exempt) {
      throw new NetworkError(`${request.method} ${this.redact(url.toString())}: not sent: ${this.#haltReason}`, `not sent: ${this.#haltReason}`, []);
    }
    const exchanges: RecordedExchange[] = [];
    const options: Dispatcher.RequestOptions & MfcDispatchOptions = {
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: request.method as Dispatcher.HttpMethod,
      headers: request.headers ?? {},
      body: request.body ?? null,
      headersTimeout: this.#timeoutMs,
      bodyTimeout: this.#timeoutMs,
      onExchange: (exchange) => {
        this.#exchanges += 1;
        exchanges.push(exchange);
      },
      provoke429: request.provoke429 ?? false,
      ...(exempt ? {} : { signal: this.#halt.signal }),
    };
    try {
      const response = await this.#dispatcher.request(options);
      const text = await response.body.text();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      return { status: response.statusCode, headers, text, exchanges };
    } catch (error) {
      const halted = this.#haltReason !== undefined && !exempt;
      const reason = halted ? `not finished: ${this.#haltReason}` : this.redact(describeNetworkError(error as Error));
      throw new NetworkError(`${request.method} ${this.redact(url.toString())}: ${reason}`, reason, exchanges);
    }
  }

  /** Closes the connections the client opened. */
  async close(): Promise<void> {
    await this.#base.close();
  }
}
