import { headerRecord, observe } from './handler.js';
import type { TrafficMinute } from './traffic.js';
import type { Interceptor, MfcDispatchOptions } from './types.js';

const MINUTE_MS = 60_000;
// Lands a little after the server's minute turns, so a clock a few ms ahead of ours still agrees.
const MINUTE_MARGIN_MS = 200;

/** How far one rate-limit window is used, as the pacer last saw it. */
export interface RateLimitUsage {
  used: number;
  limit: number | undefined;
}

/** Clock and sleep the pacer uses; tests replace them. */
export interface PacerOptions {
  /** `rateLimit.perMinute` from the profile; the lower of it and `X-Rate-Limit-Max` applies. */
  perMinute?: number;
  /**
   * The share of each window this pacer may use itself (0 < share ≤ 1), leaving the rest to other
   * clients of the same channel or merchant. Unset: only the one spare request is left.
   */
  share?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told of each wait for the next minute before it starts (for progress lines). */
  onWait?: (waitMs: number, reason: string) => void;
  /** Ends the waits early when aborted (the run stops); the request then meets the same signal. */
  signal?: AbortSignal;
}

function abortableSleep(signal: AbortSignal | undefined): (ms: number) => Promise<void> {
  return (ms) => new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (signal?.aborted) done();
    else signal?.addEventListener('abort', done, { once: true });
  });
}

interface Bucket {
  minute: number;
  used: number;
  /** Requests this pacer itself let through in the window (the server's `used` counts every client). */
  mine: number;
  max: number | undefined;
}

/** One window's count as a pacer hands it over: its key (which may hold a token: never reported), minute and counts. */
export interface PacedWindow {
  key: string;
  minute: number;
  mine: number;
  used: number;
}

/** Counts requests per rate-limit window (per calendar minute, UTC, §8) and holds a request back when the window is nearly full. */
export class Pacer {
  readonly #perMinute: number | undefined;
  readonly #share: number | undefined;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #onWait: ((waitMs: number, reason: string) => void) | undefined;
  readonly #buckets = new Map<string, Bucket>();
  #lastKey: string | undefined;
  /** Past minutes of each window, for the report: how much of the limit this pacer used. */
  readonly #history: Array<{ key: string; minute: number; mine: number; max: number | undefined }> = [];

  constructor(options: PacerOptions = {}) {
    this.#perMinute = options.perMinute;
    if (options.share !== undefined && !(options.share > 0 && options.share <= 1)) {
      throw new RangeError(`share expected a number in (0, 1], received ${String(options.share)}`);
    }
    this.#share = options.share;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? abortableSleep(options.signal);
    this.#onWait = options.onWait;
  }

  #bucket(key: string): Bucket {
    const minute = Math.floor(this.#now() / MINUTE_MS);
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = { minute, used: 0, mine: 0, max: undefined };
      this.#buckets.set(key, bucket);
    } else if (bucket.minute < minute) {
      if (bucket.mine > 0) this.#history.push({ key, minute: bucket.minute, mine: bucket.mine, max: this.#limit(bucket) });
      bucket.minute = minute;
      bucket.used = 0;
      bucket.mine = 0;
    }
    this.#lastKey = key;
    return bucket;
  }

  #limit(bucket: Bucket): number | undefined {
    if (bucket.max === undefined) return this.#perMinute;
    return this.#perMinute === undefined ? bucket.max : Math.min(this.#perMinute, bucket.max);
  }

  #full(bucket: Bucket): boolean {
    const limit = this.#limit(bucket);
    if (limit === undefined) return false;
    // One request stays spare: another client of the same channel or merchant may share the window.
    if (bucket.used >= limit - 1) return true;
    return this.#share !== undefined && bucket.mine >= Math.max(1, Math.floor(limit * this.#share));
  }

  /**
   * Waits, when the window of `key` is one request short of its limit (or this pacer has used its
   * `share` of it), for the next UTC minute; then counts the request.
   */
  async before(key: string): Promise<void> {
    let bucket = this.#bucket(key);
    if (this.#full(bucket)) {
      const nextMinute = (bucket.minute + 1) * MINUTE_MS;
      const waitMs = Math.max(0, nextMinute - this.#now()) + MINUTE_MARGIN_MS;
      this.#onWait?.(waitMs, `the next rate-limit minute (${bucket.used}/${this.#limit(bucket) ?? '?'} used)`);
      await this.#sleep(waitMs);
      bucket = this.#bucket(key);
    }
    bucket.used += 1;
    bucket.mine += 1;
  }

  /** Learns the server's count from `X-Rate-Limit-Used` / `X-Rate-Limit-Max` when the answer carries them. */
  after(key: string, headers: Record<string, string>): void {
    const bucket = this.#bucket(key);
    const used = Number(headers['x-rate-limit-used']);
    const max = Number(headers['x-rate-limit-max']);
    // The higher of the server's count and ours: a window shared by several tokens (all of v2)
    // must not be reset by the lower count of another merchant's answer.
    if (headers['x-rate-limit-used'] !== undefined && Number.isFinite(used)) bucket.used = Math.max(bucket.used, used);
    if (headers['x-rate-limit-max'] !== undefined && Number.isFinite(max) && max > 0) bucket.max = max;
  }

  /** What this pacer let through in each window's current minute, to hand over to another pacer of the same run. */
  handover(): PacedWindow[] {
    return [...this.#buckets.entries()].map(([key, bucket]) => ({ key, minute: bucket.minute, mine: bucket.mine, used: bucket.used }));
  }

  /**
   * Counts another pacer's requests of the same run as this one's (the preflight's, before the
   * checks), so the share holds over both; a window of a past minute counts nothing.
   */
  takeOver(windows: PacedWindow[]): void {
    for (const window of windows) {
      const bucket = this.#bucket(window.key);
      if (bucket.minute !== window.minute) continue;
      bucket.mine += window.mine;
      bucket.used = Math.max(bucket.used, window.used);
    }
  }

  /**
   * The requests this pacer let through per window and calendar minute, oldest first. Windows are
   * numbered per version in the order they appeared (a v1 window is one token's), never named by token.
   */
  traffic(): TrafficMinute[] {
    const current = [...this.#buckets.entries()]
      .filter(([, bucket]) => bucket.mine > 0)
      .map(([key, bucket]) => ({ key, minute: bucket.minute, mine: bucket.mine, max: this.#limit(bucket) }));
    const windows = new Map<string, number>();
    const numbered = (key: string, api: 'v1' | 'v2') => {
      if (!windows.has(key)) windows.set(key, [...windows.keys()].filter((known) => apiOfKey(known) === api).length + 1);
      return windows.get(key)!;
    };
    return [...this.#history, ...current]
      .sort((a, b) => a.minute - b.minute)
      .map((entry) => {
        const api = apiOfKey(entry.key);
        return {
          api,
          window: numbered(entry.key, api),
          minute: new Date(entry.minute * MINUTE_MS).toISOString(),
          requests: entry.mine,
          ...(entry.max === undefined ? {} : { limit: entry.max }),
        };
      });
  }

  /** The window last used, for the progress line. */
  usage(): RateLimitUsage {
    const bucket = this.#lastKey === undefined ? undefined : this.#buckets.get(this.#lastKey);
    return bucket ? { used: bucket.used, limit: this.#limit(bucket) } : { used: 0, limit: this.#perMinute };
  }
}

function apiOfKey(key: string): 'v1' | 'v2' {
  return / v2$/.test(key) ? 'v2' : 'v1';
}

/** The window a request counts against: v1 per sales channel (≈ per token), v2 per merchant (§8). */
export function rateLimitKey(opts: MfcDispatchOptions): string {
  // All v2 tokens share one window: a token of the same merchant shares the server's count, and
  // counting another merchant's requests too only makes the pacing more careful.
  if (opts.path.startsWith('/merchant_api/v2')) return `${String(opts.origin)} v2`;
  const authorization = headerRecord(opts.headers).authorization ?? '';
  return `${String(opts.origin)} v1 ${authorization}`;
}

/** Interceptor: holds each request until its rate-limit window has room, and learns the window from each answer. */
export function pacing(pacer: Pacer): Interceptor {
  return (dispatch) => (opts: MfcDispatchOptions, handler) => {
    const key = rateLimitKey(opts);
    const observed = observe(handler, {
      onResponseStart: (_status, headers) => pacer.after(key, headerRecord(headers)),
    });
    // A request meant to provoke a 429 must not be held back.
    if (opts.provoke429) {
      return dispatch(opts, observed);
    }
    void pacer.before(key).then(() => dispatch(opts, observed));
    return true;
  };
}
