// §8 judged on one answer: the rate-limit headers, and the 429's Retry-After. `mfc run`'s rate-limit
// checks and `mfc proxy` call the same functions, so one rule reads the same wherever it is judged.
import type { AnswerHeaders, Verdict } from './verdict.js';

/** The two §8 headers every response carries. */
export type RateHeaderName = 'X-Rate-Limit-Used' | 'X-Rate-Limit-Max';

/** A §8 header of an answer as a count, or undefined when it is absent or not a non-negative integer. */
export function rateHeaderCount(headers: AnswerHeaders, name: RateHeaderName): number | undefined {
  const text = headers[name.toLowerCase()];
  const value = Number(text);
  return text === undefined || text.trim() === '' || !Number.isInteger(value) || value < 0 ? undefined : value;
}

/** What fails an answer lacking a §8 header, or undefined when it carries it as a count; `answer` names it (`GET /orders (status 200)`). */
export function rateHeaderProblem(headers: AnswerHeaders, name: RateHeaderName, answer: string): Verdict | undefined {
  if (rateHeaderCount(headers, name) !== undefined) return undefined;
  const text = headers[name.toLowerCase()];
  return {
    title: `${answer} lacks a valid ${name} header; §8 puts it on every response`,
    expected: `${name}: a non-negative integer`,
    received: text === undefined ? 'no such header' : `${name}: ${text}`,
  };
}

/**
 * What fails a 429 whose Retry-After §7 and §8 do not allow, or undefined: v2 needs the header
 * (§7); v1 needs it as the seconds until the next calendar minute, at most `boundSeconds` (§8).
 */
export function retryAfterProblem(api: 'v1' | 'v2', headers: AnswerHeaders, boundSeconds?: number): Verdict | undefined {
  const header = headers['retry-after'];
  if (header === undefined) {
    return api === 'v1'
      ? { title: 'The 429 lacks the Retry-After header (§7, §8)', expected: 'Retry-After: seconds until the next minute', received: 'no Retry-After header' }
      : { title: 'The 429 lacks the Retry-After header (§7)', expected: 'a Retry-After header', received: 'no Retry-After header' };
  }
  if (api === 'v2' || boundSeconds === undefined) return undefined;
  const seconds = Number(header);
  if (header.trim() !== '' && Number.isFinite(seconds) && seconds >= 0 && seconds <= boundSeconds) return undefined;
  return {
    title: 'Retry-After of the v1 429 gives the seconds until the next calendar minute starts (§8)',
    expected: `a number of seconds ≤ ${boundSeconds.toFixed(3)} (the next UTC minute by the answer's Date header)`,
    received: `Retry-After: ${header}`,
  };
}

/** What fails an answer served although its X-Rate-Limit-Used is over X-Rate-Limit-Max (§8: 429 over the limit), or undefined. */
export function servedOverLimitProblem(status: number, headers: AnswerHeaders): Verdict | undefined {
  const used = rateHeaderCount(headers, 'X-Rate-Limit-Used');
  const max = rateHeaderCount(headers, 'X-Rate-Limit-Max');
  if (status === 429 || used === undefined || max === undefined || used <= max) return undefined;
  return { title: 'A request over the per-minute limit was served instead of answering 429 (§8)', expected: `status 429 once X-Rate-Limit-Used reaches ${max}`, received: `status ${status} with X-Rate-Limit-Used ${used}` };
}
