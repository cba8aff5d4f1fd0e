// §8 for v2: the two headers on every answer, Used counting per merchant within a minute, and
// (when the profile allows it) the 429 with its Retry-After (§7). v2's limit is "per minute": the
// calendar-minute window, the Retry-After value and the reset are stated for v1 only.
import { retryAfterProblem } from '../../src/judgements/index.js';
import { check, type ApiResponse } from '../../src/checks/index.js';
import {
  awayFromMinuteEdges, OBSERVATION_END_MARGIN_MS, OBSERVATION_START_MARGIN_MS, countedAnswer, countedRateHeaders, describeCounts, expectUsedCountsUp, msUntilNextMinute, observeV2Window, provokeLimit, rateHeaders, sleep,
  usedWentDown, withinOneMinute,
} from '../support/rate-limit.js';
import { UNKNOWN_ID } from '../support/scope.js';

// A cheap read every token may make: the restocking list, whose limit §4.2 states.
const probe = { path: '/restocking_shipments', query: { limit: 1 } } as const;
// Requests of another channel between two of the primary's: enough to tell one window from two with other clients about.
const OTHER_REQUESTS = 3;
// Waiting longer than this for a Retry-After would outlast the check; the pacer covers the rest.
const LONGEST_WAIT_MS = 61_000;

check({
  id: 'v2.rate-limit.headers-on-every-response',
  api: 'v2',
  section: '8',
  title: 'X-Rate-Limit-Used and X-Rate-Limit-Max are on every answer: lists, a 404, a 401 and a 403',
}, async (t) => {
  const answers: ApiResponse[] = [
    await t.v2.get(probe.path, { query: probe.query }),
    await t.v2.get('/orders', { query: { limit: 1 } }),
    await t.v2.get('/restocking_shipments/{id}', { path: { id: UNKNOWN_ID } }),
    await t.anonymous.v2.get(probe.path, { query: probe.query }),
  ];
  const expired = t.profile.tokens.expired;
  if (expired !== undefined) answers.push(await t.v2.get(probe.path, { query: probe.query, token: expired }));
  for (const answer of answers) rateHeaders(t, answer);
});

check({
  id: 'v2.rate-limit.used-counts-up',
  api: 'v2',
  section: '8',
  title: 'Within one minute X-Rate-Limit-Used grows by one per request of the merchant and X-Rate-Limit-Max stays the same',
  // Follows X-Rate-Limit-Used: no other check of the run may use the window meanwhile.
  exclusive: 'windows',
}, async (t) => {
  await expectUsedCountsUp(t, 'merchant', 'primary', false, () => t.v2.get(probe.path, { query: probe.query }));
});

check({
  id: 'v2.rate-limit.per-merchant',
  api: 'v2',
  section: '8',
  title: "Requests of another sales channel of the merchant count against the same v2 X-Rate-Limit-Used",
  // Follows X-Rate-Limit-Used: no other check of the run may use the window meanwhile.
  exclusive: 'windows',
  needs: ['tokens.sameMerchantOtherChannel'],
}, async (t) => {
  const other = t.as('sameMerchantOtherChannel');
  // The count of the current minute is only certain away from its last moments.
  await awayFromMinuteEdges(OBSERVATION_START_MARGIN_MS, OBSERVATION_END_MARGIN_MS);
  // The primary, then the other channel, then the primary again: one merchant, one window.
  const { value: seen, agrees } = await observeV2Window(async () => {
    const answers = [await countedAnswer(t, 'primary', () => t.v2.get(probe.path, { query: probe.query }), 'window')];
    for (let i = 0; i < OTHER_REQUESTS; i++) answers.push(await countedAnswer(t, 'sameMerchantOtherChannel', () => other.v2.get(probe.path, { query: probe.query }), 'window'));
    answers.push(await countedAnswer(t, 'primary', () => t.v2.get(probe.path, { query: probe.query }), 'window'));
    return answers;
  }, (answers) => answers);
  const [before, after] = [seen[0]!.headers.used, seen.at(-1)!.headers.used];
  if (before < 1 || after < 1) {
    t.skip(`X-Rate-Limit-Used does not count even the primary's own request (${before}, then ${after}), so whose requests it counts cannot be told; v2.rate-limit.used-counts-up reports the count`);
  }
  if (!agrees) {
    t.fail({
      title: 'X-Rate-Limit-Used counts the requests of both sales channels of the merchant (§8: v2 counts per merchant)',
      expected: `in two observations one after the other (primary, ${OTHER_REQUESTS} of the other channel, primary), either every request the run sent to the merchant since the service's minute began, from either channel (a calendar or trailing minute), or a rise of at least one per request across the channels (a 60-second window opened by a request)`,
      received: describeCounts(seen),
      response: seen.at(-1)!.response,
    });
  }
  // Near a minute's edge, or without a Date header, the run's requests of the minute are not known:
  // then only a rise across the channels shows one window.
  const rises = seen.every((answer, i) => i === 0 || answer.headers.used >= seen[i - 1]!.headers.used + 1);
  if (!rises && seen.some((answer) => answer.counted === undefined)) {
    t.skip(`X-Rate-Limit-Used went ${seen.map((answer) => answer.headers.used).join(', ')} across the primary's and the other channel's requests, and the service's minute could not be placed (Date header), so whether one window counts them cannot be told`);
  }
});

check({
  id: 'v2.rate-limit.429-retry-after',
  api: 'v2',
  section: '8',
  title: 'Over the limit v2 answers 429 with a Retry-After header',
  // Follows X-Rate-Limit-Used: no other check of the run may use the window meanwhile.
  exclusive: 'windows',
  provokes429: true,
}, async (t) => {
  const send = () => t.v2.get(probe.path, { query: probe.query, provoke429: true });
  const result = await withinOneMinute(t, () => provokeLimit(t, send), (r) => usedWentDown(r.served));
  if (result.servedOver) {
    const { used, max } = countedRateHeaders(t, result.servedOver);
    return t.fail({ title: 'A request over the per-minute limit was served instead of answering 429 (§8)', expected: `status 429 once X-Rate-Limit-Used reaches ${max}`, received: `status ${result.servedOver.status} with X-Rate-Limit-Used ${used}`, response: result.servedOver });
  }
  if (!result.refused) {
    return t.fail({ title: 'No 429 within one calendar minute although more requests were sent than the limit allows (§8)', expected: `a 429 within ${result.max + 2} requests`, received: `${result.served.length} requests served, last X-Rate-Limit-Used ${result.served.at(-1)?.used}` });
  }
  const { response } = result.refused;
  const problem = retryAfterProblem('v2', response.headers);
  if (problem !== undefined) return t.fail({ ...problem, response });
  const header = response.headers['retry-after']!;
  // Leaves the merchant's window to the checks that follow; how long v2 asks to wait is not stated.
  const seconds = Number(header);
  const waitMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : msUntilNextMinute();
  await sleep(Math.min(waitMs, LONGEST_WAIT_MS));
});
