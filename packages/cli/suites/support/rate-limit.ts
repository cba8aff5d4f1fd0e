// What the §8 rate-limit checks share: the headers, the calendar minute, and observations
// that must not straddle a minute boundary.
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';
import type { TokenName } from '../../src/profile/index.js';
import { rateHeaderCount, rateHeaderProblem, type RateHeaderName } from '../../src/judgements/index.js';

/** One calendar minute in milliseconds (§8 counts per calendar minute, UTC). */
export const MINUTE_MS = 60_000;

/** The §8 header values of one answer. */
export interface RateHeaders {
  used: number;
  max: number;
}

/** The number of the UTC calendar minute `ms` falls in. */
export function utcMinute(ms: number = Date.now()): number {
  return Math.floor(ms / MINUTE_MS);
}

/** Milliseconds from `ms` until the next UTC calendar minute starts. */
export function msUntilNextMinute(ms: number = Date.now()): number {
  return (utcMinute(ms) + 1) * MINUTE_MS - ms;
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function headerValue(t: CheckContext, res: ApiResponse, name: RateHeaderName, absent: 'fail' | 'skip'): number {
  const { method, url } = res.exchange;
  const problem = rateHeaderProblem(res.headers, name, `${method} ${new URL(url).pathname} (status ${res.status})`);
  if (problem === undefined) return rateHeaderCount(res.headers, name)!;
  if (absent === 'skip') {
    const text = res.headers[name.toLowerCase()];
    t.skip(`${method} ${new URL(url).pathname} (status ${res.status}) carries no usable ${name} (${text === undefined ? 'none' : JSON.stringify(text)}), so the count cannot be followed; vN.rate-limit.headers-on-every-response and headers-on-writes-and-errors report the header`.replace('vN', res.api));
  }
  return t.fail({ ...problem, response: res });
}

/** Reads X-Rate-Limit-Used and X-Rate-Limit-Max, failing the check when either is missing or not a count: the checks of the headers' presence. */
export function rateHeaders(t: CheckContext, res: ApiResponse): RateHeaders {
  return { used: headerValue(t, res, 'X-Rate-Limit-Used', 'fail'), max: headerValue(t, res, 'X-Rate-Limit-Max', 'fail') };
}

/**
 * Reads X-Rate-Limit-Used and X-Rate-Limit-Max where a check judges what they count: either missing or
 * not a count skips it (one defect, one failing check: the presence checks report the header).
 */
export function countedRateHeaders(t: CheckContext, res: ApiResponse): RateHeaders {
  return { used: headerValue(t, res, 'X-Rate-Limit-Used', 'skip'), max: headerValue(t, res, 'X-Rate-Limit-Max', 'skip') };
}

/** Whether a run of Used values went down somewhere: the server's minute turned in the middle. */
export function usedWentDown(values: readonly RateHeaders[]): boolean {
  return values.some((value, i) => i > 0 && value.used < values[i - 1]!.used);
}

// Two redos: one minute boundary can spoil at most one observation of a few requests, and the
// pacer may hold a request until the next minute once more.
const ATTEMPTS = 3;

/**
 * Runs an observation that is only meaningful inside one calendar minute. It is redone when the
 * client's minute changed while it ran or `turned(value)` shows the server's did; the check is skipped
 * when no attempt fitted, since nothing can be concluded from it.
 */
export async function withinOneMinute<T>(t: CheckContext, observe: () => Promise<T>, turned: (value: T) => boolean = () => false): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const started = utcMinute();
    const value = await observe();
    if (utcMinute() === started && !turned(value)) return value;
  }
  return t.skip(`a calendar minute ended during each of ${ATTEMPTS} attempts of the observation`);
}

// A few back-to-back requests observed for their count keep clear of a minute's first and last
// moments, where the minute the count belongs to is uncertain.
export const OBSERVATION_START_MARGIN_MS = 2_000;
export const OBSERVATION_END_MARGIN_MS = 5_000;

/** Waits until at least `startMarginMs` into a calendar minute with at least `endMarginMs` of it left. */
export async function awayFromMinuteEdges(startMarginMs: number, endMarginMs: number): Promise<void> {
  const untilNext = msUntilNextMinute();
  if (untilNext < endMarginMs) await sleep(untilNext + startMarginMs);
  else if (MINUTE_MS - untilNext < startMarginMs) await sleep(startMarginMs - (MINUTE_MS - untilNext));
}

/** What pushing one window over its limit showed: the answers served, and the 429 (with its send time) or the answer served over the limit. */
export interface Provocation {
  /** The headers of every answer served before the window ran out, in order. */
  served: RateHeaders[];
  /** The last answer served before the window ran out. */
  lastServed?: ApiResponse;
  /** The first 429, when one came. */
  refused?: { response: ApiResponse; sentAt: number };
  /** An answer served although its X-Rate-Limit-Used exceeds X-Rate-Limit-Max. */
  servedOver?: ApiResponse;
  /** The limit the answers announced. */
  max: number;
}

/**
 * Sends `send()` until the window answers 429, it serves a request over its announced limit, or
 * Max + 2 requests went by (whatever was used before, one more than the limit allows).
 */
export async function provokeLimit(t: CheckContext, send: () => Promise<ApiResponse>): Promise<Provocation> {
  const served: RateHeaders[] = [];
  let lastServed: ApiResponse | undefined;
  let max: number | undefined;
  for (let sent = 0; max === undefined || sent < max + 2; sent++) {
    const sentAt = Date.now();
    const response = await send();
    const headers = countedRateHeaders(t, response);
    max ??= headers.max;
    if (response.status === 429) return { served, ...(lastServed ? { lastServed } : {}), refused: { response, sentAt }, max };
    t.expectStatus(response, 200, 'A request while provoking the limit answered neither 200 nor 429');
    served.push(headers);
    lastServed = response;
    if (headers.used > headers.max) return { served, servedOver: response, max };
  }
  return { served, max: max ?? 0 };
}

// The Date header has whole seconds and the answer takes its time to arrive: within this much of the
// end of the server's minute, the minute an answer counted in is not certain.
const MINUTE_END_MARGIN_MS = 1_500;

/**
 * The fewest requests X-Rate-Limit-Used of `response` must count whichever legal window the server
 * keeps (§8: v1 a calendar minute; v2 only "per minute", which a trailing 60 s also is): this run's
 * requests to the window of `token` since the server's current minute began, placed on the client's
 * clock by the answer's Date header. Requests sent since then fall in both the calendar minute and
 * the trailing 60 s. Undefined without a usable Date header, or on the last moments of a minute.
 */
export function ownRequestsCounted(t: CheckContext, token: TokenName, response: ApiResponse, answeredAt: number, scope: 'token' | 'window' = 'token'): number | undefined {
  const date = Date.parse(response.headers['date'] ?? '');
  if (Number.isNaN(date)) return undefined;
  const intoMinute = date % MINUTE_MS;
  if (intoMinute > MINUTE_MS - MINUTE_END_MARGIN_MS - response.exchange.durationMs) return undefined;
  // A request sent at client time s reached the server at its time s + offset or later, where the
  // offset (server - client) is at least date - answeredAt: sent since this, it counted this minute.
  return t.sentSince(response.api, token, answeredAt - intoMinute, scope);
}

/** One answer of a window, its §8 headers, and the fewest requests its Used must count (when known). */
export interface CountedAnswer {
  response: ApiResponse;
  headers: RateHeaders;
  counted: number | undefined;
}

/**
 * Sends `send()` and reads the answer's headers and the run's requests its Used must count: the
 * token's own (`token`), or those of every token of its window (`window`: a v2 merchant's channels).
 */
export async function countedAnswer(t: CheckContext, token: TokenName, send: () => Promise<ApiResponse>, scope: 'token' | 'window' = 'token'): Promise<CountedAnswer> {
  const response = await send();
  return { response, headers: countedRateHeaders(t, response), counted: ownRequestsCounted(t, token, response, Date.now(), scope) };
}

/** Fails the check when an answer's Used is below the run's own requests it must count: the server does not count them. */
export function expectOwnRequestsCounted(t: CheckContext, scope: string, answer: CountedAnswer): void {
  if (answer.counted === undefined || answer.headers.used >= answer.counted) return;
  t.fail({
    title: `X-Rate-Limit-Used counts the requests of the ${scope} (§8: requests used in the current minute)`,
    expected: `at least ${answer.counted}: the requests this run sent to the ${scope} since the service's current minute began (by its Date header), this one included`,
    received: answer.headers.used,
    response: answer.response,
  });
}

/**
 * Whether back-to-back answers of one v2 window agree with some window "per minute" (§8) may be: each
 * counts the run's requests of the window since the service's calendar minute began (a calendar minute,
 * or a trailing 60 s, which holds every request of the minute), or Used rises by at least one from
 * answer to answer (a fixed 60 s window opened by some request, one that does not close meanwhile:
 * other clients only add to it).
 */
export function agreesWithAV2Window(answers: readonly CountedAnswer[]): boolean {
  const countsTheMinute = answers.every((answer) => answer.counted === undefined || answer.headers.used >= answer.counted);
  const rises = answers.every((answer, i) => i === 0 || answer.headers.used >= answers[i - 1]!.headers.used + 1);
  return countsTheMinute || rises;
}

/**
 * Runs an observation of one v2 window until it agrees with a legal window (`agreesWithAV2Window`).
 * A window opened by a request closes once a minute at most, so of two observations made one after
 * the other at most one saw it close: when both disagree, the server does not count the requests.
 * Resolves to the agreeing observation, or to the second disagreeing one for the check to fail on.
 */
export async function observeV2Window<T>(observe: () => Promise<T>, answersOf: (value: T) => readonly CountedAnswer[]): Promise<{ value: T; agrees: boolean }> {
  const first = await observe();
  if (agreesWithAV2Window(answersOf(first))) return { value: first, agrees: true };
  const second = await observe();
  return { value: second, agrees: agreesWithAV2Window(answersOf(second)) };
}

/** `3, 4, 4, 5 (the run's requests … at least 6, 7, 8, 9)`: what the answers counted, beside what the run sent. */
export function describeCounts(answers: readonly CountedAnswer[]): string {
  const counted = answers.map((answer) => answer.counted ?? '?').join(', ');
  return `${answers.map((answer) => answer.headers.used).join(', ')} (the run's requests of the window since the service's minute began: at least ${counted})`;
}

/**
 * §8: back-to-back requests of one rate-limit window (`scope`: a v1 sales channel, a v2 merchant)
 * raise X-Rate-Limit-Used by at least one each, within one minute, while X-Rate-Limit-Max stays the
 * same. Other clients of the same window may send requests in between (Used then rises by more), so
 * only "at least one" is certain. v1's window is the calendar minute (§8); v2's is only "per minute"
 * (`calendarMinute: false`, expectV2CountsUp).
 */
export async function expectUsedCountsUp(t: CheckContext, scope: string, token: TokenName, calendarMinute: boolean, send: () => Promise<ApiResponse>): Promise<void> {
  // Near a minute's end no answer tells which minute it counted in, and a count that is not known
  // cannot show a server that counts nothing: the observation starts well inside a minute.
  await awayFromMinuteEdges(OBSERVATION_START_MARGIN_MS, OBSERVATION_END_MARGIN_MS);
  const observe = async () => {
    const answers: CountedAnswer[] = [];
    for (let i = 0; i < 4; i++) answers.push(await countedAnswer(t, token, send));
    return answers;
  };
  if (!calendarMinute) return expectV2CountsUp(t, scope, observe);
  const seen = await withinOneMinute(t, observe, (values) => usedWentDown(values.map((v) => v.headers)));
  for (const answer of seen) expectOwnRequestsCounted(t, scope, answer);
  for (let i = 1; i < seen.length; i++) {
    const { response, headers } = seen[i]!;
    const before = seen[i - 1]!.headers;
    t.expect(response, 'X-Rate-Limit-Max stays the same between requests (§8)', before.max, headers.max);
    if (headers.used >= before.used + 1) continue;
    t.fail({
      title: `X-Rate-Limit-Used of back-to-back requests of one ${scope} grows by at least one per request (§8: requests used in the current minute)`,
      expected: `at least ${before.used + 1} (the previous answer's ${before.used}, plus this request, plus any of other clients)`,
      received: headers.used,
      response,
    });
  }
}

/**
 * expectUsedCountsUp for v2, whose limit is only "per minute" (§8): a calendar minute, a trailing 60 s
 * and a fixed 60 s window opened by some request are all legal. Every served answer counts at least
 * the request it answers; beyond that the answers must agree with one of those windows.
 */
async function expectV2CountsUp(t: CheckContext, scope: string, observe: () => Promise<CountedAnswer[]>): Promise<void> {
  const { value: seen, agrees } = await observeV2Window(observe, (answers) => answers);
  for (const { response, headers } of seen) {
    if (headers.used >= 1) continue;
    t.fail({
      title: `X-Rate-Limit-Used counts the request it answers (§8: requests used in the current minute)`,
      expected: 'at least 1',
      received: headers.used,
      response,
    });
  }
  for (let i = 1; i < seen.length; i++) {
    t.expect(seen[i]!.response, 'X-Rate-Limit-Max stays the same between requests (§8)', seen[i - 1]!.headers.max, seen[i]!.headers.max);
  }
  if (agrees) return;
  t.fail({
    title: `X-Rate-Limit-Used of back-to-back requests of one ${scope} counts them (§8: requests used in the current minute)`,
    expected: "in two observations one after the other, either the run's requests since the service's minute began (a calendar or trailing minute) or a rise of at least one per request (a 60-second window opened by a request, which closes once a minute at most)",
    received: describeCounts(seen),
    response: seen.at(-1)!.response,
  });
}

/**
 * Milliseconds from when the service answered `response` until its next calendar minute, by its Date
 * header (whole seconds, so the time until then is at most this): the service's clock, which may differ
 * from the client's. Without a usable Date header, the client's clock at `sentAt`.
 */
export function serviceMsUntilNextMinute(response: ApiResponse, sentAt: number): number {
  const date = Date.parse(response.headers['date'] ?? '');
  return msUntilNextMinute(Number.isNaN(date) ? sentAt : date);
}
