import type { Api } from './http/errors.js';
import type { Principal } from './context.js';
import type { Faults } from './faults/index.js';
import { phantomRequests } from './traffic.js';
import { Switches } from './switches.js';
import type { Variants } from './variants/index.js';

/** The verdict for one request: the §8 header values, and whether it is over the limit. */
export interface RateDecision {
  used: number;
  max: number;
  /** Seconds until the next calendar minute (UTC) starts; set only when over the limit. */
  retryAfter?: number;
}

const minuteMs = 60_000;
// traffic-v2-window-from-first-request: how long before a merchant's first request its first window opened.
const OPENED_BEFORE_MS = 57_000;

/**
 * traffic-v2-rolling-window: a v2 window that counts the requests of the trailing 60 seconds, ours
 * and other clients' alike, each leaving the window a minute after it came.
 */
class TrailingWindow {
  private readonly times: number[] = [];
  private readonly otherTimes: number[] = [];

  /** Requests in the window at `now`, and other clients' among them. */
  counts(now: number): { count: number; others: number } {
    for (const list of [this.times, this.otherTimes]) {
      while (list.length > 0 && list[0]! <= now - minuteMs) list.shift();
    }
    return { count: this.times.length, others: this.otherTimes.length };
  }

  add(now: number, others = 0): void {
    this.times.push(now);
    for (let i = 0; i < others; i++) {
      this.times.push(now);
      this.otherTimes.push(now);
    }
  }

  /** Seconds until the oldest request leaves the window. */
  secondsUntilRoom(now: number): number {
    return Math.max((this.times[0] ?? now) + minuteMs - now, 1) / 1000;
  }
}

/**
 * Counts requests per calendar minute (UTC): v1 per sales channel, v2 per merchant (§8); with the
 * variant traffic-v2-rolling-window, v2 over the trailing 60 seconds instead, and with
 * traffic-v2-window-from-first-request in 60-second windows opened by a request.
 */
export class RateLimiter {
  // `others` counts the requests of other clients (traffic-other-clients) within the window; `start`
  // is when the window opened: a calendar minute's start, or (traffic-v2-window-from-first-request)
  // the first request after the last window closed.
  private counters = new Map<string, { start: number; count: number; others: number }>();
  private trailing = new Map<string, TrailingWindow>();
  private served = 0;

  constructor(private readonly max: number, private readonly faults: Faults, private readonly variants: Variants = new Switches()) {}

  /** Counts one request and decides whether it may proceed. */
  take(api: Api, principal: Principal | undefined, clientKey: string, now: number): RateDecision {
    const key = this.keyOf(api, principal, clientKey);
    const decision = api === 'v2' && this.variants.has('traffic-v2-rolling-window') ? this.takeTrailing(key, principal, now) : this.takeCalendar(api, key, principal, now);
    // A count the headers never show moving does not count the requests (§8: requests used in the current minute).
    return this.faults.has(`${api}-rate-limit-used-not-counting`) ? { ...decision, used: 0 } : decision;
  }

  private takeTrailing(key: string, principal: Principal | undefined, now: number): RateDecision {
    const window = this.trailing.get(key) ?? new TrailingWindow();
    this.trailing.set(key, window);
    const { count, others } = window.counts(now);
    if (count >= this.max && !this.faults.has('v2-rate-limit-not-enforced')) return { used: count, max: this.max, retryAfter: window.secondsUntilRoom(now) };
    // Other clients of the merchant call between this request and the next, inside the same trailing minute.
    const phantom = principal ? phantomRequests(this.variants, this.served++, this.max, others) : 0;
    window.add(now, phantom);
    return { used: count + 1, max: this.max };
  }

  private takeCalendar(api: Api, key: string, principal: Principal | undefined, now: number): RateDecision {
    const fromFirstRequest = api === 'v2' && this.variants.has('traffic-v2-window-from-first-request');
    let counter = this.counters.get(key);
    const closed = counter !== undefined && (fromFirstRequest ? now >= counter.start + minuteMs : Math.floor(now / minuteMs) * minuteMs !== counter.start);
    if (!counter && fromFirstRequest) {
      // Another client opened the merchant's first window 57 s ago: it closes 3 s into the run, in
      // the middle of a calendar minute, as a window of its own phase does.
      counter = { start: now - OPENED_BEFORE_MS, count: 1, others: 1 };
      this.counters.set(key, counter);
    } else if (!counter || (closed && !(api === 'v1' && this.faults.has('v1-rate-limit-no-reset')))) {
      counter = { start: fromFirstRequest ? now : Math.floor(now / minuteMs) * minuteMs, count: 0, others: 0 };
      this.counters.set(key, counter);
    }
    if (counter.count >= this.max && !this.faults.has(`${api}-rate-limit-not-enforced`)) {
      const untilWindowEnds = counter.start + minuteMs - now;
      const retryAfter = api === 'v1' && this.faults.has('v1-rate-limit-retry-after-full-minute') ? 60 : Math.max(untilWindowEnds, 1) / 1000;
      return { used: counter.count, max: this.max, retryAfter };
    }
    counter.count += 1;
    const used = api === 'v1' && this.faults.has('v1-rate-limit-used-off-by-one') ? counter.count - 1 : counter.count;
    if (principal) {
      // Other clients of the same channel or merchant call between this request and the next.
      const others = phantomRequests(this.variants, this.served++, this.max, counter.others);
      counter.count += others;
      counter.others += others;
    }
    return { used, max: this.max };
  }

  private keyOf(api: Api, principal: Principal | undefined, clientKey: string): string {
    // Unauthenticated calls have no channel or merchant; they are counted per client address.
    if (!principal) return `${api}:anonymous:${clientKey}`;
    const perMerchant = api === 'v2'
      ? !this.faults.has('v2-rate-limit-per-channel')
      : this.faults.has('v1-rate-limit-per-merchant');
    return perMerchant ? `${api}:merchant:${principal.merchant.id}` : `${api}:channel:${principal.channel.id}`;
  }
}
