// §8 across a conversation, per window: the integration keeps the limit and a 429's Retry-After;
// the deployment counts up within a minute. The proxy's clock places each request in its minute.
import { rateHeaderCount } from '../judgements/index.js';
import { BoundedMap } from './bounded-map.js';
import type { ProxyExchange, ProxyRequest } from './exchange.js';
import { judged, type Judgement } from './findings.js';

const MINUTE_MS = 60_000;
// Windows remembered at once: one per token the application uses, with room to spare.
const WINDOWS = 1_000;

/** What the conversation showed of one window. */
interface WindowState {
  /** The calendar minute (proxy clock) the last answer was given in. */
  minute: number;
  used?: number;
  max?: number;
  status: number;
  answeredAt: number;
  /** While a 429's Retry-After runs: until when (proxy clock), and the 429's exchange number. */
  retryUntil?: { at: number; seq: number };
}

const minuteOf = (ms: number) => Math.floor(ms / MINUTE_MS);

/** Milliseconds a 429 asks to wait: its Retry-After in seconds or as an HTTP date, else until the next calendar minute (§8). */
function waitOf(exchange: ProxyExchange): number {
  const header = exchange.responseHeaders['retry-after'];
  const seconds = Number(header);
  if (header !== undefined && header.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header ?? '');
  if (!Number.isNaN(date)) return Math.max(0, date - exchange.answeredAt);
  return (minuteOf(exchange.answeredAt) + 1) * MINUTE_MS - exchange.answeredAt;
}

/** The §8 rules of a conversation, window by window. */
export class PacingRules {
  readonly #windows = new BoundedMap<string, WindowState>(WINDOWS);

  /** The integration's side of a request: sent neither while a Retry-After runs nor past the limit the window's last answer showed. */
  beforeRequest(request: ProxyRequest): Judgement[] {
    if (request.api === undefined || request.window === undefined) return [];
    const state = this.#windows.get(request.window);
    if (state === undefined) return [];
    const { api } = request;
    const judgements: Judgement[] = [];
    if (state.retryUntil !== undefined) {
      const early = request.startedAt < state.retryUntil.at;
      judgements.push(judged(`${api}.client.retry-after-kept`, !early ? undefined : {
        title: `A request was sent ${((state.retryUntil.at - request.startedAt) / 1000).toFixed(1)} s before the Retry-After of the 429 to #${state.retryUntil.seq} ran out (§8, §7)`,
        expected: `no request of ${request.window} before the Retry-After ends`,
        received: `${request.method} ${request.path} while the Retry-After ran`,
      }));
      if (!early) delete state.retryUntil;
      return judgements;
    }
    if (state.status === 429 || state.used === undefined || state.max === undefined || minuteOf(request.startedAt) !== state.minute) return judgements;
    judgements.push(judged(`${api}.client.rate-limit-kept`, state.used < state.max ? undefined : {
      title: `A request was sent after the window's last answer showed its limit used up in this minute (§8: ${state.max} per ${api === 'v1' ? 'sales channel and calendar minute' : 'merchant and minute'})`,
      expected: `no request of ${request.window} until the next minute once X-Rate-Limit-Used reaches X-Rate-Limit-Max`,
      received: `${request.method} ${request.path} after X-Rate-Limit-Used ${state.used} of ${state.max}`,
    }));
    return judgements;
  }

  /** The deployment's side of an answer (v1: Used counts up within a calendar minute), and the window's state for the next request. */
  afterAnswer(exchange: ProxyExchange): Judgement[] {
    if (exchange.api === undefined || exchange.window === undefined || exchange.status === null) return [];
    const used = rateHeaderCount(exchange.responseHeaders, 'X-Rate-Limit-Used');
    const max = rateHeaderCount(exchange.responseHeaders, 'X-Rate-Limit-Max');
    const previous = this.#windows.get(exchange.window);
    const minute = minuteOf(exchange.answeredAt);
    const judgements: Judgement[] = [];
    // §8 states a calendar minute for v1 only; a v2 count over a trailing minute may fall within one.
    // A pair is judged only when this request left after the previous answer came, both in one minute.
    const comparable = exchange.api === 'v1' && previous !== undefined && previous.minute === minute && minuteOf(exchange.startedAt) === minute
      && exchange.startedAt >= previous.answeredAt && previous.status !== 429 && exchange.status !== 429
      && previous.used !== undefined && previous.max !== undefined && used !== undefined && max !== undefined;
    if (comparable) {
      const grew = used > previous.used! && max === previous.max;
      judgements.push(judged('v1.rate-limit.used-counts-up', grew ? undefined : {
        title: 'X-Rate-Limit-Used grows with each request of the sales channel within a calendar minute, and X-Rate-Limit-Max stays (§8)',
        expected: `X-Rate-Limit-Used above ${previous.used}, X-Rate-Limit-Max ${previous.max}`,
        received: `X-Rate-Limit-Used ${used}, X-Rate-Limit-Max ${max}`,
      }));
    }
    const state: WindowState = { minute, status: exchange.status, answeredAt: exchange.answeredAt, ...(used === undefined ? {} : { used }), ...(max === undefined ? {} : { max }) };
    if (exchange.status === 429) state.retryUntil = { at: exchange.answeredAt + waitOf(exchange), seq: exchange.seq };
    this.#windows.set(exchange.window, state);
    return judgements;
  }
}
