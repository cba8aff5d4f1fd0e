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
  /** Told of each wait for the window before it starts (for progress lines). */
  onWait?: (waitMs: number, reason: string) => void;
  /** Ends the waits early when aborted (the run stops); the request then meets the same signal. */
  signal?: AbortSignal;
  /** How a window is named in waits and traffic; the default numbers windows per version (a key may hold a token). */
  label?: (key: string) => string;
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

interface Window {
  /** The calendar minute (UTC) `used` and `mine` count. */
  minute: number;
  /** The window's use in this minute as far as known: the server's `X-Rate-Limit-Used`, or our own count when higher. */
  used: number;
  /** Requests this pacer itself let through in this calendar minute (the server's `used` counts every client). */
  mine: number;
  /** When this pacer let its requests through in the last 60 s: a window that may be trailing counts these. */
  recent: number[];
  max: number | undefined;
}

/** One window's count as a pacer hands it over: its key (which may hold a token: never reported), minute and counts. */
export interface PacedWindow {
  key: string;
  minute: number;
  mine: number;
  used: number;
  recent: number[];
}

/** The API version a window key belongs to: keys start with it (`v1 …`, `v2 …`). */
export function apiOfWindow(key: string): 'v1' | 'v2' {
  return key.startsWith('v2') ? 'v2' : 'v1';
}

/**
 * §8 gives v1 a calendar minute (UTC) but v2 only "100 requests per minute per merchant": a trailing
 * 60-second window is a legal reading of v2, so v2 is paced to hold under both.
 */
export function mayBeTrailing(key: string): boolean {
  return apiOfWindow(key) === 'v2';
}

/** Throws `RangeError` unless `share` is undefined or in (0, 1]: a client's option, checked when the client is made. */
export function assertShare(share: number | undefined): void {
  if (share !== undefined && !(share > 0 && share <= 1)) {
    throw new RangeError(`share expected a number in (0, 1], received ${String(share)}`);
  }
}

/**
 * Counts requests per rate-limit window and holds a request back while its window is nearly full:
 * per calendar minute (UTC, §8), and for v2 also over the trailing 60 s. Safe under concurrent
 * callers: a request that waited looks again before it goes.
 */
export class Pacer {
  readonly #perMinute: number | undefined;
  readonly #share: number | undefined;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #onWait: ((waitMs: number, reason: string) => void) | undefined;
  readonly #label: (key: string) => string;
  readonly #windows = new Map<string, Window>();
  #lastKey: string | undefined;
  /** Past minutes of each window, for the report: how much of the limit this pacer used. */
  readonly #history: Array<{ key: string; minute: number; mine: number; max: number | undefined }> = [];

  constructor(options: PacerOptions = {}) {
    this.#perMinute = options.perMinute;
    assertShare(options.share);
    this.#share = options.share;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? abortableSleep(options.signal);
    this.#onWait = options.onWait;
    this.#label = options.label ?? ((key) => this.#numbered(key));
  }

  #numbered(key: string): string {
    const api = apiOfWindow(key);
    const keys = [...new Set([...this.#history.map((entry) => entry.key), ...this.#windows.keys()])].filter((known) => apiOfWindow(known) === api);
    return `${api} window ${keys.indexOf(key) + 1}`;
  }

  #window(key: string): Window {
    const now = this.#now();
    const minute = Math.floor(now / MINUTE_MS);
    let window = this.#windows.get(key);
    if (!window) {
      window = { minute, used: 0, mine: 0, recent: [], max: undefined };
      this.#windows.set(key, window);
    } else if (window.minute < minute) {
      if (window.mine > 0) this.#history.push({ key, minute: window.minute, mine: window.mine, max: this.#limit(window) });
      window.minute = minute;
      window.used = 0;
      window.mine = 0;
    }
    while (window.recent.length > 0 && window.recent[0]! <= now - MINUTE_MS) window.recent.shift();
    this.#lastKey = key;
    return window;
  }

  #limit(window: Window): number | undefined {
    if (window.max === undefined) return this.#perMinute;
    return this.#perMinute === undefined ? window.max : Math.min(this.#perMinute, window.max);
  }

  /** How many requests of ours one window of `limit` takes: the share of it, else all but the spare one. */
  #allowed(limit: number): number {
    return this.#share === undefined ? Math.max(1, limit - 1) : Math.max(1, Math.floor(limit * this.#share));
  }

  /** How long until the window of `key` has room, 0 when it has room now. */
  #waitMs(key: string, window: Window): number {
    const limit = this.#limit(window);
    if (limit === undefined) return 0;
    const now = this.#now();
    const nextMinute = (window.minute + 1) * MINUTE_MS - now + MINUTE_MARGIN_MS;
    // One request stays spare: another client of the same channel or merchant may share the window.
    if (window.used >= limit - 1 || window.mine >= this.#allowed(limit)) return nextMinute;
    if (mayBeTrailing(key) && window.recent.length >= this.#allowed(limit)) {
      return window.recent[window.recent.length - this.#allowed(limit)]! + MINUTE_MS - now + MINUTE_MARGIN_MS;
    }
    return 0;
  }

  /**
   * Waits while the window of `key` is one request short of its limit or this pacer has used its
   * `share` of it (per calendar minute, and for v2 over the trailing 60 s too); then counts the request.
   */
  async before(key: string): Promise<void> {
    for (;;) {
      const window = this.#window(key);
      const waitMs = this.#waitMs(key, window);
      if (waitMs <= 0) {
        window.used += 1;
        window.mine += 1;
        window.recent.push(this.#now());
        return;
      }
      this.#onWait?.(waitMs, `${this.#label(key)} (${window.used}/${this.#limit(window) ?? '?'} used this minute, ${window.mine} by this run)`);
      await this.#sleep(waitMs);
    }
  }

  /** Learns the server's count from `X-Rate-Limit-Used` / `X-Rate-Limit-Max` when the answer carries them. */
  after(key: string, headers: Record<string, string>): void {
    const window = this.#window(key);
    const used = Number(headers['x-rate-limit-used']);
    const max = Number(headers['x-rate-limit-max']);
    // The higher of the server's count and ours: a window shared by several tokens (a merchant's v2)
    // must not be reset by the lower count of another window's answer.
    if (headers['x-rate-limit-used'] !== undefined && Number.isFinite(used)) window.used = Math.max(window.used, used);
    if (headers['x-rate-limit-max'] !== undefined && Number.isFinite(max) && max > 0) window.max = max;
  }

  /**
   * How many more requests the window of `key` lets this pacer send now without waiting, or
   * undefined when its limit is not known (the scheduler then takes it as unlimited).
   */
  room(key: string): number | undefined {
    const window = this.#window(key);
    const limit = this.#limit(window);
    if (limit === undefined) return undefined;
    const allowed = this.#allowed(limit);
    const calendar = Math.min(allowed - window.mine, limit - 1 - window.used);
    const trailing = mayBeTrailing(key) ? allowed - window.recent.length : calendar;
    return Math.max(0, Math.min(calendar, trailing));
  }

  /** How the window of `key` is named in waits, traffic and exchanges (never by its token). */
  label(key: string): string {
    return this.#label(key);
  }

  /** The limit this pacer applies to the window of `key`, when known. */
  limitOf(key: string): number | undefined {
    const window = this.#windows.get(key);
    return window === undefined ? this.#perMinute : this.#limit(window);
  }

  /** The requests per minute this pacer lets through in a window of `limit`: what a plan divides by. */
  ratePerMinute(limit: number): number {
    return this.#allowed(limit);
  }

  /** What this pacer let through in each window, its past minutes included, to hand over to another pacer of the same run. */
  handover(): PacedWindow[] {
    const past = this.#history.map(({ key, minute, mine }) => ({ key, minute, mine, used: 0, recent: [] }));
    return [...past, ...[...this.#windows.entries()].map(([key, window]) => ({ key, minute: window.minute, mine: window.mine, used: window.used, recent: [...window.recent] }))];
  }

  /**
   * Counts another pacer's requests of the same run as this one's (the preflight's, before the
   * checks), so the share holds over both; a window of a past minute counts only its trailing requests
   * against the share, and its requests in the traffic of that minute (a run whose checks start in the
   * minute after its preflight still reports every request it sent).
   */
  takeOver(windows: PacedWindow[]): void {
    for (const handed of windows) {
      const window = this.#window(handed.key);
      window.recent = [...handed.recent, ...window.recent].sort((a, b) => a - b).filter((at) => at > this.#now() - MINUTE_MS);
      if (window.minute === handed.minute) {
        window.mine += handed.mine;
        window.used = Math.max(window.used, handed.used);
      } else if (handed.minute < window.minute && handed.mine > 0) {
        const known = this.#history.find((entry) => entry.key === handed.key && entry.minute === handed.minute);
        if (known) known.mine += handed.mine;
        else this.#history.push({ key: handed.key, minute: handed.minute, mine: handed.mine, max: this.#limit(window) });
      }
    }
  }

  /** The requests this pacer let through per window and calendar minute, oldest first, each window by its label. */
  traffic(): TrafficMinute[] {
    const current = [...this.#windows.entries()]
      .filter(([, window]) => window.mine > 0)
      .map(([key, window]) => ({ key, minute: window.minute, mine: window.mine, max: this.#limit(window) }));
    return [...this.#history, ...current]
      .sort((a, b) => a.minute - b.minute)
      .map((entry) => ({
        api: apiOfWindow(entry.key),
        window: this.#label(entry.key),
        minute: new Date(entry.minute * MINUTE_MS).toISOString(),
        requests: entry.mine,
        ...(entry.max === undefined ? {} : { limit: entry.max }),
      }));
  }

  /** The window last used, for the progress line. */
  usage(): RateLimitUsage {
    const window = this.#lastKey === undefined ? undefined : this.#windows.get(this.#lastKey);
    return window ? { used: window.used, limit: this.#limit(window) } : { used: 0, limit: this.#perMinute };
  }
}

/** The window a request counts against when nothing names it better: v1 per sales channel (≈ per token), v2 per merchant (§8). */
export function rateLimitKey(opts: MfcDispatchOptions): string {
  // All v2 tokens share one window: a token of the same merchant shares the server's count, and
  // counting another merchant's requests too only makes the pacing more careful.
  if (opts.path.startsWith('/merchant_api/v2')) return `v2 ${String(opts.origin)}`;
  const authorization = headerRecord(opts.headers).authorization ?? '';
  return `v1 ${String(opts.origin)} ${authorization}`;
}

/** Names the window of one request (a key for the pacer). */
export type WindowOf = (opts: MfcDispatchOptions) => string;

/** Interceptor: holds each request until its rate-limit window has room, and learns the window from each answer. */
export function pacing(pacer: Pacer, windowOf: WindowOf = rateLimitKey): Interceptor {
  return (dispatch) => (opts: MfcDispatchOptions, handler) => {
    const key = windowOf(opts);
    // The recording step below names the window in the exchange (a label: never the token).
    const paced: MfcDispatchOptions = { ...opts, window: pacer.label(key) };
    const observed = observe(handler, {
      onResponseStart: (_status, headers) => pacer.after(key, headerRecord(headers)),
    });
    // A request meant to provoke a 429 must not be held back.
    if (opts.provoke429) {
      return dispatch(paced, observed);
    }
    void pacer.before(key).then(() => dispatch(paced, observed));
    return true;
  };
}
