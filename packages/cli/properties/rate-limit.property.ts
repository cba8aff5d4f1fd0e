// Rate-limit headers (§8) over generated sequences of requests: X-Rate-Limit-Used counts at least the
// client's own requests of its window in the current minute (v1 per sales channel, v2 per merchant),
// stays within Max on every answer that is not a 429, Max never changes within a window (§8 allows
// higher limits by arrangement per sales channel, so windows may differ); in v1's calendar minute Used
// also rises by at least one per request and starts again in a new minute (rate-limit-model.ts).
import fc from 'fast-check';
import { check, type ApiClients, type ApiResponse, type ApiVersion, type CheckContext } from '../src/checks/index.js';
import type { TokenName } from '../src/profile/index.js';
import { countedRateHeaders, ownRequestsCounted } from '../suites/support/rate-limit.js';
import { RateLimitModel } from './rate-limit-model.js';
import { assertProperty } from './support/property.js';

/** Who sends a request: a token of the profile, and the window its requests count in. */
interface Caller {
  token: TokenName;
  clients: ApiClients;
  window: string;
}

/** One cheap read: the path it names in a failure, and the request, unvalidated (the property reads the headers). */
interface Read {
  path: string;
  send(clients: ApiClients): Promise<ApiResponse>;
}

const UNKNOWN_ORDER_ID = 999999999;

/** Cheap reads of each version; the unknown order id answers 404, which counts like any other answer. */
const reads: Record<ApiVersion, Read[]> = {
  v1: [
    { path: '/orders', send: (clients) => clients.v1.get('/orders', { validate: false, query: { limit: 1 } }) },
    { path: '/warehouses', send: (clients) => clients.v1.get('/warehouses', { validate: false }) },
    { path: `/orders/${UNKNOWN_ORDER_ID}`, send: (clients) => clients.v1.get('/orders/{id}', { validate: false, path: { id: UNKNOWN_ORDER_ID } }) },
  ],
  v2: [
    { path: '/restocking_shipments', send: (clients) => clients.v2.get('/restocking_shipments', { validate: false, query: { limit: 1 } }) },
    { path: '/orders', send: (clients) => clients.v2.get('/orders', { validate: false, query: { limit: 1 } }) },
    { path: `/orders/${UNKNOWN_ORDER_ID}`, send: (clients) => clients.v2.get('/orders/{id}', { validate: false, path: { id: UNKNOWN_ORDER_ID } }) },
  ],
};

/** The callers the profile allows: the primary token, and the other channel and merchant when present. */
function callers(t: CheckContext, api: ApiVersion): Caller[] {
  const list: Caller[] = [{ token: 'primary', clients: t, window: api === 'v1' ? 'primary channel' : 'primary merchant' }];
  if (t.profile.tokens.sameMerchantOtherChannel !== undefined) {
    // The same merchant's other channel: its own window in v1, the merchant's shared one in v2.
    list.push({ token: 'sameMerchantOtherChannel', clients: t.as('sameMerchantOtherChannel'), window: api === 'v1' ? 'other channel' : 'primary merchant' });
  }
  if (t.profile.tokens.otherMerchant !== undefined) list.push({ token: 'otherMerchant', clients: t.as('otherMerchant'), window: 'other merchant' });
  return list;
}

const count = (text: string | undefined): number | undefined => {
  const value = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isInteger(value) && value >= 0 ? value : undefined;
};

const dateOf = (text: string | undefined): number | undefined => {
  const value = text === undefined ? Number.NaN : Date.parse(text);
  return Number.isNaN(value) ? undefined : value;
};

// v2 counts per merchant, and its window may start again at a moment of its own once a minute: a
// count kept per channel shows only where the sequence goes over to the channel with the lower count,
// and twice within a minute is more than one fresh start explains. Five steps switching back and forth
// go over to each channel twice.
const ALTERNATING_STEPS = 5;

/** Whether the first steps alternate: for v2 with the merchant's other channel. */
function alternates(api: ApiVersion, who: readonly Caller[]): boolean {
  return api === 'v2' && who[1]?.token === 'sameMerchantOtherChannel';
}

/** The steps as sent: where they alternate, the first ones go back and forth between the merchant's two channels. */
function alternatingStart<S extends { caller: number }>(api: ApiVersion, who: readonly Caller[], steps: readonly S[]): S[] {
  if (!alternates(api, who)) return [...steps];
  return steps.map((step, i) => (i < ALTERNATING_STEPS ? { ...step, caller: i % 2 } : step));
}

const MINUTE_MS = 60_000;
// Used is judged against the requests of the service's minute only where that minute is certain
// (ownRequestsCounted): not in its last seconds, and not in its first, as the Date header has whole
// seconds (an answer dated :00 may come from anywhere in that second). Alternating steps sent there
// would show nothing, so they start at least this far into the minute, and early enough that they
// end before its last unjudged seconds (1.5 s and an answer's trip, with room to spare).
const ALTERNATION_START_MS = 2_000;
const MINUTE_END_UNJUDGED_MS = 2_500;

/** The service's clock by its last Date header (epoch ms) and when that answer arrived (client clock). */
interface ServiceClock { date: number; answeredAt: number }

/**
 * Resolves once the service's minute is `ALTERNATION_START_MS` in and has room for the alternating
 * steps at `stepMs` each (as the requests before them took, pacing included): at once, or after a
 * wait of a few seconds.
 */
async function awaitMinuteRoom(clock: ServiceClock | undefined, stepMs: number): Promise<void> {
  if (clock === undefined) return;
  // The Date header is truncated to its second: the service's clock is at least this far into its minute.
  const into = (clock.date + Date.now() - clock.answeredAt) % MINUTE_MS;
  const roomMs = ALTERNATING_STEPS * stepMs + MINUTE_END_UNJUDGED_MS;
  const waitMs = into < ALTERNATION_START_MS ? ALTERNATION_START_MS - into : MINUTE_MS - into < roomMs ? MINUTE_MS - into + ALTERNATION_START_MS : 0;
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}

async function rateProperty(t: CheckContext, api: ApiVersion, id: string, runs: number): Promise<void> {
  const who = callers(t, api);
  let clock: ServiceClock | undefined;
  const started = Date.now();
  // The property judges what the headers count; an answer without them is the presence checks' finding,
  // so each read is sent once first and the check skips where one lacks them. Once, with the primary
  // token: the headers are the endpoint's, whoever asks (§8), and every request here is one of the run's budget.
  for (const read of reads[api]) {
    const res = await read.send(t);
    countedRateHeaders(t, res);
    const date = dateOf(res.headers['date']);
    if (date !== undefined) clock = { date, answeredAt: Date.now() };
  }
  const stepMs = (Date.now() - started) / reads[api].length;
  // The primary merchant's two channels are drawn most: where v1 and v2 count differently.
  const callerArb = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: Math.min(1, who.length - 1) }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: who.length - 1 }) });
  const stepArb = fc.record({ caller: callerArb, read: fc.integer({ min: 0, max: reads[api].length - 1 }) }, { noNullPrototype: true });
  await assertProperty(t, { id, runs }, fc.asyncProperty(fc.array(stepArb, { minLength: 5, maxLength: 9 }), async (steps) => {
    // Each run judges only its own sequence, so a shrunk counterexample shows the whole pattern;
    // five requests or more, so that most sequences switch between callers and back.
    const model = new RateLimitModel(api === 'v1');
    if (alternates(api, who)) await awaitMinuteRoom(clock, stepMs);
    for (const step of alternatingStart(api, who, steps)) {
      const caller = who[step.caller]!;
      const read = reads[api][step.read]!;
      const sentAt = Date.now();
      const res = await read.send(caller.clients);
      const answeredAt = Date.now();
      const date = dateOf(res.headers['date']);
      if (date !== undefined) clock = { date, answeredAt };
      const problems = model.observe({
        window: caller.window, sentAt, answeredAt, serverDate: date, status: res.status,
        used: count(res.headers['x-rate-limit-used']), max: count(res.headers['x-rate-limit-max']),
        // Every channel of the window counts: v2 is per merchant (§8), which is what the property follows.
        counted: ownRequestsCounted(t, caller.token, res, answeredAt, 'window'),
      });
      if (problems.length > 0) {
        t.fail({
          title: `The §8 rate-limit headers of ${caller.token}'s GET ${read.path} disagree with the requests sent before it`,
          expected: `X-Rate-Limit-Used at least the client's own requests of the ${caller.window} window this minute${api === 'v1' ? ' and one more than its last answer in the same minute' : ''}, at most Max, Max constant within the window`,
          received: problems.join('; '),
          response: res,
        });
      }
    }
  }));
}

check({
  id: 'v1.properties.rate-limit-headers',
  api: 'v1',
  section: '8',
  title: 'v1 rate-limit headers over generated request sequences: Used rises by at least one per request of the sales channel, within Max, Max constant per sales channel',
  // Follows X-Rate-Limit-Used: no other check of the run may use the window meanwhile.
  exclusive: 'windows',
}, (t) => rateProperty(t, 'v1', 'v1.properties.rate-limit-headers', 3));

check({
  id: 'v2.properties.rate-limit-headers',
  api: 'v2',
  section: '8',
  title: "v2 rate-limit headers over generated request sequences: Used counts at least the merchant's own requests of the minute from both its channels, within Max, Max constant per merchant",
  // Follows X-Rate-Limit-Used: no other check of the run may use the window meanwhile.
  exclusive: 'windows',
}, (t) => rateProperty(t, 'v2', 'v2.properties.rate-limit-headers', 3));
