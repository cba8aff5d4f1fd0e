// §8 "on every response", beyond the reads and the 401/403/404 the rate-limit checks already see:
// writes and their error answers, as one table per version; and X-Rate-Limit-Max against the limit
// the profile expects.
import { check, type ApiResponse, type ApiVersion, type CheckContext } from '../../src/checks/index.js';
import { countedRateHeaders, rateHeaders } from './rate-limit.js';

/** One answer to look at: what it is, and the request that provokes it. */
export interface RateAnswerCase {
  what: string;
  send(t: CheckContext): Promise<ApiResponse>;
}

// Cut off in the middle of an object: not JSON in any reading (§7: 400).
export const INVALID_JSON = '{"mfc": [';

/**
 * Registers `<api>.rate-limit.headers-on-writes-and-errors` (every case's answer carries both headers)
 * and `<api>.rate-limit.max-is-expected-limit` (X-Rate-Limit-Max equals the profile's rateLimit.perMinute).
 * `read` is a cheap read of the version.
 */
export function rateAnswerChecks(api: ApiVersion, cases: readonly RateAnswerCase[], read: (t: CheckContext) => Promise<ApiResponse>, needs: string[] = []): void {
  check({
    id: `${api}.rate-limit.headers-on-writes-and-errors`,
    api,
    section: '8',
    title: `X-Rate-Limit-Used and X-Rate-Limit-Max are on writes and their error answers: ${cases.map((c) => c.what).join(', ')}`,
    needs,
    writes: true,
  }, async (t) => {
    for (const row of cases) rateHeaders(t, await row.send(t));
  });

  check({
    id: `${api}.rate-limit.max-is-expected-limit`,
    api,
    section: '8',
    title: "X-Rate-Limit-Max announces the limit the profile expects (rateLimit.perMinute: the default, or one arranged with the account manager)",
    needs: ['rateLimit.perMinute'],
  }, async (t) => {
    const res = await read(t);
    t.expect(res, `X-Rate-Limit-Max is the maximum requests per minute (§8), which the profile gives as rateLimit.perMinute`, t.profile.rateLimit!.perMinute, countedRateHeaders(t, res).max);
  });
}
