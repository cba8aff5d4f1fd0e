// What §8 lets a client predict about X-Rate-Limit-Used and X-Rate-Limit-Max over a sequence of its
// own requests, given when each was sent and answered (client clock) and which window it counts in.

const MINUTE_MS = 60_000;
// Clocks of client and server may differ a little: near a minute's edge nothing is predicted.
const EDGE_MS = 5_000;

/** One answered request: the window it counts in, when it was sent and answered, and the §8 headers. */
export interface RateObservation {
  window: string;
  sentAt: number;
  answeredAt: number;
  status: number;
  used: number | undefined;
  max: number | undefined;
}

interface WindowState {
  used: number;
  answeredAt: number;
}

const minuteOf = (ms: number) => Math.floor(ms / MINUTE_MS);
const nearEdge = (ms: number) => ms % MINUTE_MS < EDGE_MS || ms % MINUTE_MS > MINUTE_MS - EDGE_MS;

/** Follows a sequence of observations and says, for each, where it departs from §8. */
export class RateLimitModel {
  private readonly windows = new Map<string, WindowState>();
  private max: number | undefined;

  /** The problems of one observation (empty when it agrees), and the model moved past it. */
  observe(o: RateObservation): string[] {
    const problems: string[] = [];
    if (o.used === undefined || o.max === undefined) return ['X-Rate-Limit-Used or X-Rate-Limit-Max missing or not a count (§8: on every response)'];
    if (this.max !== undefined && o.max !== this.max) problems.push(`X-Rate-Limit-Max ${o.max} after ${this.max}: the maximum per minute changed`);
    this.max ??= o.max;
    if (o.status !== 429 && o.used > o.max) problems.push(`X-Rate-Limit-Used ${o.used} above X-Rate-Limit-Max ${o.max} on a ${o.status} answer`);
    const last = this.windows.get(o.window);
    const sameMinute = last !== undefined && minuteOf(last.answeredAt) === minuteOf(o.answeredAt) && minuteOf(o.sentAt) === minuteOf(o.answeredAt);
    const sure = last !== undefined && !nearEdge(last.answeredAt) && !nearEdge(o.sentAt) && !nearEdge(o.answeredAt);
    if (last && sameMinute) {
      if (sure && o.status !== 429 && o.used !== last.used + 1) problems.push(`X-Rate-Limit-Used ${o.used} after ${last.used} in the same minute of window ${o.window}: expected ${last.used + 1}`);
    } else if (last && sure && minuteOf(o.sentAt) > minuteOf(last.answeredAt) && o.used > last.used) {
      problems.push(`X-Rate-Limit-Used ${o.used} after ${last.used} in the minute before: the count did not start again`);
    }
    this.windows.set(o.window, { used: o.used, answeredAt: o.answeredAt });
    return problems;
  }
}
