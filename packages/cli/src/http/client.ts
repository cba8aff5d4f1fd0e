import { connectionSecrets, NetworkError, TimeoutError, type ClientError } from '@mfc-conformance/api/client';
import { Pacer } from '@mfc-conformance/api/client';
import { describeNetworkError } from '@mfc-conformance/api/internal';
import { createRedactor, type RecordedExchange } from '@mfc-conformance/api/internal';
import { createTransport, type Transport, type TransportAnswer, type TransportOptions, type TransportRequest } from '@mfc-conformance/api/client';

/** How the run's client is built: the secrets to redact, pacing, the bounds on 429 waits, the timeout and (in tests) the base dispatcher. */
export interface HttpClientOptions extends Pick<TransportOptions, 'connection' | 'replayOptions' | 'perMinute' | 'share' | 'maxWaitMs' | 'maxRetries' | 'dispatcher' | 'pacer' | 'windowOf' | 'replayTokenOf' | 'onWait' | 'onGiveUp'> {
  /** Every token value of the profile: replaced by `[redacted]` in each record and message, with the connection's secrets. */
  secrets: readonly string[];
  /** Per attempt, from sending to the last byte of the answer, and for connecting (default 10 s). */
  requestTimeoutMs?: number;
  /** Receives the exchanges of every request, answered or not, as they end (`mfc run --har`). */
  onExchanges?: (exchanges: readonly RecordedExchange[]) => void;
}

/**
 * The run's HTTP client: the integrators' transport (`createTransport`: deadline → recording
 * → pacing → 429 retry → gateway retry, which integrators opt into) with what a run adds. One pacer
 * for the run (windows labelled by `windowOf`, its `share`, waits ended by a halt), a halt with requests still allowed inside
 * `afterHalt`, a count of the exchanges, and one reading of every missing answer: `NetworkError`
 * with a reason, a timeout or a halt included, for the check to fail as unreachable.
 */
export class HttpClient implements Transport {
  readonly pacer: Pacer;
  readonly redact: (text: string) => string;
  readonly #transport: Transport;
  readonly #halt = new AbortController();
  #haltReason: string | undefined;
  #exempt = 0;
  #exchanges = 0;
  readonly #onExchanges: HttpClientOptions['onExchanges'];

  constructor(options: HttpClientOptions) {
    this.#onExchanges = options.onExchanges;
    this.redact = createRedactor([...options.secrets, ...connectionSecrets(options.connection)]);
    this.pacer = options.pacer ?? new Pacer({
      ...(options.perMinute === undefined ? {} : { perMinute: options.perMinute }),
      ...(options.share === undefined ? {} : { share: options.share }),
      ...(options.onWait === undefined ? {} : { onWait: options.onWait }),
      // The run's window keys are labels already (`v1 primary`), never tokens.
      ...(options.windowOf === undefined ? {} : { label: (key: string) => key }),
      signal: this.#halt.signal,
    });
    this.#transport = createTransport({
      redact: this.redact,
      connection: options.connection,
      replayOptions: options.replayOptions,
      pacer: this.pacer,
      timeoutMs: options.requestTimeoutMs ?? 10_000,
      maxWaitMs: options.maxWaitMs,
      maxRetries: options.maxRetries,
      dispatcher: options.dispatcher,
      windowOf: options.windowOf,
      replayTokenOf: options.replayTokenOf,
      onWait: options.onWait,
      onGiveUp: options.onGiveUp,
      // A deployment's edge answers 502-504 now and then; a check must not fail for one.
      retryGatewayFailures: true,
    });
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

  /** Sends one request and reads the whole answer; throws `NetworkError` when none arrives (`AbortError` only for the request's own `signal`). */
  async send(request: TransportRequest): Promise<TransportAnswer> {
    const exempt = this.#exempt > 0;
    const what = `${request.method} ${this.redact(request.url)}`;
    if (this.#haltReason !== undefined && !exempt) {
      throw new NetworkError(`${what}: not sent: ${this.#haltReason}`, `not sent: ${this.#haltReason}`, []);
    }
    const signal = exempt ? request.signal : request.signal === undefined ? this.#halt.signal : AbortSignal.any([request.signal, this.#halt.signal]);
    try {
      const answer = await this.#transport.send({ ...request, ...(signal === undefined ? {} : { signal }) });
      this.#exchanges += answer.exchanges.length;
      this.#onExchanges?.(answer.exchanges);
      return answer;
    } catch (error) {
      const exchanges = (error as Partial<ClientError>).exchanges ?? [];
      this.#exchanges += exchanges.length;
      this.#onExchanges?.(exchanges);
      if (this.#haltReason !== undefined && !exempt) {
        throw new NetworkError(`${what}: not finished: ${this.#haltReason}`, `not finished: ${this.#haltReason}`, exchanges);
      }
      // The transport times each attempt; for the run that is one more way of getting no answer.
      if (error instanceof TimeoutError) {
        const reason = describeNetworkError(error);
        throw new NetworkError(`${what}: ${reason}`, reason, exchanges);
      }
      throw error;
    }
  }

  /** Closes the connections the client opened. */
  async close(): Promise<void> {
    await this.#transport.close?.();
  }
}
