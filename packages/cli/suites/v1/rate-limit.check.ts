// §8 for v1: the two headers on every answer, Used counting per sales channel within a calendar
// minute, and (when the profile allows it) the 429 with Retry-After and the reset at the next minute.
import { retryAfterProblem } from '../../src/judgements/index.js';
import { check, type ApiResponse } from '../../src/checks/index.js';
import {
  awayFromMinuteEdges, expectUsedCountsUp, msUntilNextMinute, provokeLimit, countedRateHeaders, rateHeaders, serviceMsUntilNextMinute, sleep, usedWentDown, withinOneMinute,
} from '../support/rate-limit.js';
import { UNKNOWN_ID } from '../support/scope.js';

// A cheap read every token may make.
const probe = { path: '/orders', query: { limit: 1 } } as const;
// The Date header has whole seconds, and the answer takes time to arrive.
const CLOCK_TOLERANCE_S = 1;
// Requests of another channel between two of the primary's: more than other clients of the channel send meanwhile.
const OTHER_REQUESTS = 5;
// Lands the reset probe safely inside the next minute.
const AFTER_MINUTE_MS = 500;

check({
  id: 'v1.rate-limit.headers-on-every-response',
  api: 'v1',
  section: '8',
  title: 'X-Rate-Limit-Used and X-Rate-Limit-Max are on every answer: lists, a 404, a 401 and a 403',
}, async (t) => {
  const answers: ApiResponse[] = [
    await t.v1.get(probe.path, { query: probe.query }),
    await t.v1.get('/shipments', { query: { limit: 1 } }),
    await t.v1.get('/warehouses'),
    await t.v1.get('/orders/{id}', { path: { id: UNKNOWN_ID } }),
    await t.anonymous.v1.get(probe.path, { query: probe.query }),
  ];
  const expired = t.profile.tokens.expired;
  if (expired !== undefined) answers.push(await t.v1.get(probe.path, { query: probe.query, token: expired }));
  for (const answer of answers) rateHeaders(t, answer);
});

check({
  id: 'v1.rate-limit.used-counts-up',
  api: 'v1',
  section: '8',
  title: 'Within one minute X-Rate-Limit-Used grows by one per request of the sales channel and X-Rate-Limit-Max stays the same',
  // Follows X-Rate-Limit-Used: no other check of the run may use the window meanwhile.
  exclusive: 'windows',
}, async (t) => {
  await expectUsedCountsUp(t, 'sales channel', 'primary', true, () => t.v1.get(probe.path, { query: probe.query }));
});

check({
  id: 'v1.rate-limit.per-sales-channel',
  api: 'v1',
  section: '8',
  title: "Another sales channel's requests do not count against the primary channel's X-Rate-Limit-Used",
  // Follows X-Rate-Limit-Used: no other check of the run may use the window meanwhile.
  exclusive: 'windows',
  needs: ['tokens.sameMerchantOtherChannel'],
}, async (t) => {
  const other = t.as('sameMerchantOtherChannel');
  const seen = await withinOneMinute(t, async () => {
    const before = await t.v1.get(probe.path, { query: probe.query });
    for (let i = 0; i < OTHER_REQUESTS; i++) await other.v1.get(probe.path, { query: probe.query });
    const after = await t.v1.get(probe.path, { query: probe.query });
    return { before: countedRateHeaders(t, before), after: countedRateHeaders(t, after), response: after };
  }, ({ before, after }) => after.used < before.used);
  if (seen.before.used < 1 || seen.after.used < 1) {
    t.skip(`X-Rate-Limit-Used does not count even the primary channel's own request (${seen.before.used}, then ${seen.after.used}), so which channel's requests it counts cannot be told; v1.rate-limit.used-counts-up reports the count`);
  }
  // The primary's own request counts, and other clients of its channel may add some; the other
  // channel's requests must not: a rise by all of them shows one window for both channels.
  const rise = seen.after.used - seen.before.used;
  if (rise < 1 || rise > OTHER_REQUESTS) {
    t.fail({
      title: `X-Rate-Limit-Used of the primary channel across ${OTHER_REQUESTS} requests of another channel of the merchant (v1 counts per sales channel, §8)`,
      expected: `a rise of 1 (its own request, plus any of other clients of the channel), not by the other channel's ${OTHER_REQUESTS}: from ${seen.before.used} to between ${seen.before.used + 1} and ${seen.before.used + OTHER_REQUESTS}`,
      received: seen.after.used,
      response: seen.response,
    });
  }
});

check({
  id: 'v1.rate-limit.429-retry-after-and-reset',
  api: 'v1',
  section: '8',
  title: 'Over the limit v1 answers 429 with Retry-After no later than the next calendar minute, and the limit resets then',
  // Follows X-Rate-Limit-Used: no other check of the run may use the window meanwhile.
  exclusive: 'windows',
  provokes429: true,
}, async (t) => {
  // The minute must have room on both sides: the provocation inside it, the Retry-After bound away from its start.
  await awayFromMinuteEdges(3_000, 10_000);
  const send = () => t.v1.get(probe.path, { query: probe.query, provoke429: true });
  const result = await withinOneMinute(t, () => provokeLimit(t, send), (r) => usedWentDown(r.served));
  if (result.servedOver) {
    const { used, max } = countedRateHeaders(t, result.servedOver);
    return t.fail({ title: 'A request over the per-minute limit was served instead of answering 429 (§8)', expected: `status 429 once X-Rate-Limit-Used reaches ${max}`, received: `status ${result.servedOver.status} with X-Rate-Limit-Used ${used}`, response: result.servedOver });
  }
  if (!result.refused) {
    return t.fail({ title: 'No 429 within one calendar minute although more requests were sent than the limit allows (§8)', expected: `a 429 within ${result.max + 2} requests`, received: `${result.served.length} requests served, last X-Rate-Limit-Used ${result.served.at(-1)?.used}` });
  }
  const { response, sentAt } = result.refused;
  const last = result.served.at(-1);
  // Other clients of the channel may have used the last places of the window: then (Used rose by more
  // than one somewhere) the last answer served need not show the limit reached.
  const othersSeen = result.served.some((value, i) => i > 0 && value.used > result.served[i - 1]!.used + 1);
  if (last && result.lastServed && !othersSeen) t.expect(result.lastServed, 'X-Rate-Limit-Used of the last request served before the 429 counts that request, so it equals X-Rate-Limit-Max (§8)', last.max, last.used);
  const bound = (serviceMsUntilNextMinute(response, sentAt) / 1000) + CLOCK_TOLERANCE_S;
  const problem = retryAfterProblem('v1', response.headers, bound);
  if (problem !== undefined) return t.fail({ ...problem, response });
  const seconds = Number(response.headers['retry-after']);
  await sleep(Math.max(seconds * 1000, msUntilNextMinute()) + AFTER_MINUTE_MS);
  const reset = await send();
  t.expectStatus(reset, 200, 'In the next calendar minute the limit has reset and the request is served (§8)');
  const { used, max } = countedRateHeaders(t, reset);
  if (used >= max) t.fail({ title: 'X-Rate-Limit-Used starts over in the next calendar minute (§8)', expected: `fewer than ${max}`, received: used, response: reset });
});
