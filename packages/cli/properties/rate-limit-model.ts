// What §8 lets a client predict about X-Rate-Limit-Used and X-Rate-Limit-Max over a sequence of its
// own requests, given which window each counts in and which calendar minute it fell in. Other clients
// of a window may send requests too, so within a minute Used rises by at least one per request, and
// never counts fewer than the client's own requests of the minute. v1's window is the calendar minute
// (§8); v2's limit is only "per minute", which a trailing 60 s also is (Used may stand still or fall
// as other clients' requests leave, and need not start again when a calendar minute does), and so is
// a fixed 60 s window opened by some request (it starts again at a moment of its own, once a minute).

const MINUTE_MS = 60_000;
// Without the server's Date header the client's clock decides, and it may differ a little from the
// server's: within this distance of a minute's edge nothing is predicted.
const EDGE_MS = 5_000;
// The Date header has whole seconds and is written just after the request was counted: in second 00
// the request may still have counted in the minute before.
const DATE_EDGE_MS = 1_000;

/** One answered request: the window it counts in, the clocks around it, and the §8 headers. */
export interface RateObservation {
  window: string;
  /** Client clock when the request was sent and when its answer arrived (epoch ms). */
  sentAt: number;
  answeredAt: number;
  /** The answer's Date header (epoch ms), when it has a valid one. */
  serverDate: number | undefined;
  status: number;
  used: number | undefined;
  max: number | undefined;
  /** The fewest requests Used must count: the client's own in the window since the server's minute began, when known. */
  counted?: number | undefined;
}

interface WindowState {
  used: number;
  /** When the last answer of the window arrived (client clock). */
  answeredAt: number;
  /** When an answer last showed v2's window closing at a moment of its own (client clock). */
  closedAt: number | undefined;
  /** The calendar minute the last request counted in, when it is certain. */
  minute: number | undefined;
  /** The first X-Rate-Limit-Max of the window: §8 allows higher limits by arrangement per sales channel, and another merchant is another account. */
  max: number;
}

/** The calendar minute a request counted in, or undefined when its clocks leave it in doubt. */
function minuteOf(o: RateObservation): number | undefined {
  // The Date header is written when the answer leaves, up to the answer's whole trip after the request counted.
  if (o.serverDate !== undefined) return o.serverDate % MINUTE_MS < DATE_EDGE_MS + (o.answeredAt - o.sentAt) ? undefined : Math.floor(o.serverDate / MINUTE_MS);
  const nearEdge = (ms: number) => ms % MINUTE_MS < EDGE_MS || ms % MINUTE_MS > MINUTE_MS - EDGE_MS;
  const minute = Math.floor(o.sentAt / MINUTE_MS);
  return minute !== Math.floor(o.answeredAt / MINUTE_MS) || nearEdge(o.sentAt) || nearEdge(o.answeredAt) ? undefined : minute;
}

/** Follows a sequence of observations and says, for each, where it departs from §8. */
export class RateLimitModel {
  private readonly windows = new Map<string, WindowState>();

  /** `calendarMinute`: the windows count per calendar minute (v1); false where a trailing minute is legal too (v2). */
  constructor(private readonly calendarMinute = true) {}

  /** The problems of one observation (empty when it agrees), and the model moved past it. */
  observe(o: RateObservation): string[] {
    if (o.used === undefined || o.max === undefined) return ['X-Rate-Limit-Used or X-Rate-Limit-Max missing or not a count (§8: on every response)'];
    const problems: string[] = [];
    const last = this.windows.get(o.window);
    const max = last?.max ?? o.max;
    if (o.max !== max) problems.push(`X-Rate-Limit-Max ${o.max} after ${max} in window ${o.window}: the maximum per minute changed`);
    if (o.status !== 429 && o.used > o.max) problems.push(`X-Rate-Limit-Used ${o.used} above X-Rate-Limit-Max ${o.max} on a ${o.status} answer`);
    let closedAt = last?.closedAt;
    if (!this.calendarMinute && o.status !== 429 && o.used < 1) {
      problems.push(`X-Rate-Limit-Used ${o.used} on a ${o.status} answer: the request it answers is not counted`);
    } else if (o.status !== 429 && o.counted !== undefined && o.used < o.counted) {
      // v2: a fixed window opened by a request counts fewer than the minute's requests once it starts
      // again, and from then on rises by at least one per request; it closes once a minute at most.
      const rose = last !== undefined && o.answeredAt - last.answeredAt < MINUTE_MS && o.used >= last.used + 1;
      const mayHaveClosed = closedAt === undefined || o.answeredAt - closedAt >= MINUTE_MS;
      if (this.calendarMinute || (!rose && !mayHaveClosed)) {
        const again = this.calendarMinute ? '' : ', and did not rise from its last answer less than a minute after the window last started again';
        problems.push(`X-Rate-Limit-Used ${o.used} in window ${o.window}, which already had ${o.counted} requests of this client in the current minute${again}`);
      } else if (!rose) {
        closedAt = o.answeredAt;
      }
    }
    const minute = minuteOf(o);
    if (this.calendarMinute && last?.minute !== undefined && minute !== undefined && o.status !== 429) {
      // Other clients of the window may send requests in between: at least one more, never fewer.
      if (minute === last.minute && o.used < last.used + 1) {
        problems.push(`X-Rate-Limit-Used ${o.used} after ${last.used} in the same minute of window ${o.window}: expected at least ${last.used + 1}`);
      } else if (minute > last.minute && o.used > last.used) {
        problems.push(`X-Rate-Limit-Used ${o.used} after ${last.used} in the minute before: the count did not start again`);
      }
    }
    this.windows.set(o.window, { used: o.used, answeredAt: o.answeredAt, closedAt, minute, max });
    return problems;
  }
}
