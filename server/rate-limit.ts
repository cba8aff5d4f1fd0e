import type { Api } from './http/errors.js';
import type { Principal } from './context.js';
import type { Faults } from './faults/set.js';
import { phantomRequests } from './traffic.js';
import { Variants } from './variants/set.js';

/** The verdict for one request: the §8 header values, and whether it is over the limit. */
export interface RateDecision {
  used: number;
  max: number;
  /** Seconds until the next calendar minute (UTC) starts; set only when over the limit. */
  retryAfter?: number;
}

const minuteMs = 60_000;

/** Counts requests per calendar minute (UTC): v1 per sales channel, v2 per merchant (§8). */
export class RateLimiter {
  // `others` counts the requests of other clients (traffic-other-clients) within the window.
  private counters = new Map<string, { minute: number; count: number; others: number }>();
  private served = 0;

  constructor(private readonly max: number, private readonly faults: Faults, private readonly variants = new Variants()) {}

  /** Counts one request and decides whether it may proceed. */
  take(api: Api, principal: Principal | undefined, clientKey: string, now: number): RateDecision {
    const key = this.keyOf(api, principal, clientKey);
    const minute = Math.floor(now / minuteMs);
    let counter = this.counters.get(key);
    if (!counter || (counter.minute !== minute && !this.faults.has(`${api}-rate-limit-no-reset`))) {
      counter = { minute, count: 0, others: 0 };
      this.counters.set(key, counter);
    }
    if (counter.count >= this.max && !this.faults.has(`${api}-rate-limit-not-enforced`)) {
      const untilNextMinute = (minute + 1) * minuteMs - now;
      const retryAfter = this.faults.has(`${api}-rate-limit-retry-after-full-minute`) ? 60 : Math.max(untilNextMinute, 1) / 1000;
      return { used: counter.count, max: this.max, retryAfter };
    }
    counter.count += 1;
    const used = this.faults.has(`${api}-rate-limit-used-off-by-one`) ? counter.count - 1 : counter.count;
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
