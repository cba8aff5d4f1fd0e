import { HttpClient, NetworkError } from '../http/index.js';
import type { ProfileConnection } from '../profile/index.js';

/** The API versions, as the paths name them. */
export type ApiVersion = 'v1' | 'v2';

/** One authenticated GET and what came back: the status and parsed body, or why nothing did. */
export interface Reading {
  /** `GET /merchant_api/v1/orders?limit=100`: what a profile comment or a message names as the source. */
  source: string;
  status?: number;
  headers: Record<string, string>;
  /** The parsed JSON body; undefined when it was not JSON. */
  body?: unknown;
  /** Why no answer arrived (refused, timed out); the text is already redacted. */
  error?: string;
}

/** How the reader reaches the target. */
export interface ReaderOptions {
  baseUrl: string;
  /** Every token the reader may send: none of them ever appears in what it returns. */
  secrets: readonly string[];
  /** The share of each rate-limit window the reader may use (§8): the merchant's own traffic keeps the rest. */
  share?: number;
  requestTimeoutMs?: number;
  /** How the target is reached (the connection flags of `mfc init`). */
  connection?: ProfileConnection;
}

/**
 * Read-only access to a target for `mfc init`: GETs only, paced by the run's HTTP client (one request
 * spare per window, 429s waited out), keeping the `X-Rate-Limit-Max` each version showed.
 */
export class TargetReader {
  readonly #http: HttpClient;
  readonly #baseUrl: string;
  /** `X-Rate-Limit-Max` per version, as the first answer of that version showed it. */
  readonly rateLimitMax: Partial<Record<ApiVersion, { value: number; source: string }>> = {};
  #rateLimitStop: string | undefined;

  constructor(options: ReaderOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#http = new HttpClient({
      secrets: options.secrets,
      ...(options.connection === undefined ? {} : { connection: options.connection.options }),
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      maxRetries: 1,
      maxWaitMs: 61_000,
      onGiveUp: (reason) => {
        this.#rateLimitStop ??= reason;
      },
      ...(options.share === undefined ? {} : { share: options.share }),
    });
  }

  /** The HTTP client under the reader, for the preflight. */
  get http(): HttpClient {
    return this.#http;
  }

  /** Why the rate limit stopped the reader (a wait beyond 61 s, or still 429 after a retry), once it did. */
  rateLimitStop(): string | undefined {
    return this.#rateLimitStop;
  }

  /** Sends `GET /merchant_api/<api><path>` with `token`; never throws for an answer or a network failure. */
  async get(api: ApiVersion, path: string, token: string): Promise<Reading> {
    const relative = `/merchant_api/${api}${path}`;
    const source = `GET ${relative}`;
    try {
      const answer = await this.#http.send({
        method: 'GET',
        url: `${this.#baseUrl}${relative}`,
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      });
      const max = Number(answer.headers['x-rate-limit-max']);
      if (Number.isInteger(max) && max > 0) this.rateLimitMax[api] ??= { value: max, source };
      let body: unknown;
      try {
        body = JSON.parse(answer.text);
      } catch {
        body = undefined;
      }
      return { source, status: answer.status, headers: answer.headers, ...(body === undefined ? {} : { body }) };
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      return { source, headers: {}, error: error.reason };
    }
  }

  /** Closes the connections. */
  async close(): Promise<void> {
    await this.#http.close();
  }
}

/** The records of a list answer: v1 and v2 lists hold them in `data` (§4); a bare array is taken as is. */
export function records(reading: Reading): Record<string, unknown>[] {
  if (reading.status === undefined || reading.status < 200 || reading.status >= 300) return [];
  const body = reading.body;
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null | undefined)?.data;
  return Array.isArray(list) ? list.filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item)) : [];
}

/** A positive integer id read from a record field, or undefined. */
export function idOf(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
