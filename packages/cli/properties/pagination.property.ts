// Pagination properties (§4.1 common list parameters, §2.7, §4.2, §9.4): whatever the limit and the
// created_at window, walking the pages to the end shows exactly the filtered records once each.
import fc from 'fast-check';
import { check, type ApiResponse, type CheckContext } from '../src/checks/index.js';
import { awaitNextStep, defaultedCreatedAt, instantOf, timeLike, writtenStepMs } from '../suites/support/instants.js';
import { LIST_CATCH_UP_MS, awaitListed } from '../suites/support/list-catch-up.js';
import { pageOf } from '../suites/support/v1-pages.js';
import { limitRefusal } from '../suites/support/v2-limit.js';
import { insideWindow, limitArb, spanningLimitArb, walkLimitArb, windowArb, windowQuery, windowSelections, type Window } from './pagination-arbitraries.js';
import { nextPageRequest, v1PageSize, v1WalkProblems, v2WalkProblems, walkV1, walkV2, type V1Page, type V2Page } from './pagination-model.js';
import { createOrder, orderBody, type CreatedOrder } from './orders.js';
import { assertProperty } from './support/property.js';

// Enough of the run's own orders that every spanning limit (3 to 9) needs two pages or more.
const OWN_ORDERS = 10;

/**
 * The run's own orders, oldest first, each received a written time step after the one before
 * (`awaitNextStep`), so no two share a reported created_at, and the created_at[gte] bound that starts
 * with the first of them: a step after a fence order created first, since orders of earlier checks may
 * share the first one's written time. Skips the check when the service reports them out of order
 * anyway (its created_at then is not the time received, §4.1).
 */
async function createOwnOrders(t: CheckContext): Promise<{ own: CreatedOrder[]; since: string }> {
  const orders: CreatedOrder[] = [];
  let answeredAt = 0;
  for (let i = 0; i <= OWN_ORDERS; i++) {
    const previous = orders.at(-1);
    if (previous) await awaitNextStep(answeredAt, writtenStepMs(previous.created_at));
    const order = await createOrder(t, orderBody(t, t.uniqueId('order'), t.fixtures.sku!.id));
    answeredAt = performance.now();
    defaultedCreatedAt(t, 'v1', order.created_at);
    orders.push(order);
  }
  const times = orders.map((order) => instantOf(order.created_at));
  if (times.some((time, i) => Number.isNaN(time) || (i > 0 && time <= times[i - 1]!))) {
    t.skip(`orders created a written time step apart report created_at ${JSON.stringify(orders.map((o) => o.created_at))}, not strictly increasing: their created_at is not the time received, which the filters go by (§4.1)`);
  }
  const [fence, ...own] = orders as [CreatedOrder, ...CreatedOrder[]];
  await expectOwnListed(t, own);
  return { own, since: timeLike(fence.created_at, times[0]! + writtenStepMs(fence.created_at)) };
}

/**
 * Waits until GET /orders lists the run's own orders among its 100 newest, as a list that trails the
 * writes does a moment later (suites/support/list-catch-up.ts). Skips the check when it never does:
 * that is v1.lists.orders.newest-received-first's finding, and pages cannot be judged without them.
 */
async function expectOwnListed(t: CheckContext, own: CreatedOrder[]): Promise<void> {
  const read = async () => {
    const res = await t.v1.get('/orders', { query: { limit: 100 } });
    t.expectStatus(res, 200, 'GET /orders answers a page (§4.1)');
    const data: unknown = (res.body as { data?: unknown } | undefined)?.data;
    return new Set(Array.isArray(data) ? data.map((order: { id?: unknown }) => order?.id) : []);
  };
  const { shown } = await awaitListed(t, `GET /orders to list the ${own.length} orders just created`, read, (ids) => own.every((order) => ids.has(order.id)));
  if (!shown) t.skip(`GET /orders did not list the ${own.length} orders just created within ${LIST_CATCH_UP_MS / 1000} s, which is v1.lists.orders.newest-received-first's finding: their pages cannot be judged`);
}

/**
 * Walks v1 GET /orders with `query` and `limit` and fails unless it shows exactly one of `alternatives`
 * (the orders the filter may select, each newest first: see `windowSelections`).
 */
async function expectV1Walk(t: CheckContext, query: Record<string, string>, limit: number, alternatives: CreatedOrder[][]): Promise<void> {
  const answers: ApiResponse[] = [];
  const fetchPage = async (page: number): Promise<V1Page<CreatedOrder>> => {
    const res = await t.v1.get('/orders', { query: { ...query, limit, page } });
    t.expectStatus(res, 200, 'GET /orders answers a page (§4.1)');
    answers.push(res);
    return pageOf(res.body as V1Page<CreatedOrder>);
  };
  const longest = Math.max(...alternatives.map((expected) => expected.length));
  const pages = await walkV1(fetchPage, Math.ceil(longest / v1PageSize(limit)) + 2);
  const verdicts = alternatives.map((expected) => v1WalkProblems(pages, expected, limit, (order) => order.id));
  if (verdicts.some((problems) => problems.length === 0)) return;
  const [problems] = verdicts as [string[]];
  // The replay line shows the first page that went wrong, else the last one read.
  const badPage = problems.map((problem) => /^page (\d+) /.exec(problem)?.[1]).find((page) => page !== undefined);
  t.fail({
    response: answers[Number(badPage ?? answers.length) - 1]!,
    title: `GET /orders walked to the end with limit ${limit} and ${JSON.stringify(query)} does not list exactly the filtered orders, newest first (§4.1)`,
    expected: alternatives.map((expected) => `ids ${JSON.stringify(expected.map((o) => o.id))}`).join(' or ') + ` in pages of ${v1PageSize(limit)}, pagination agreeing`,
    received: problems.join('; '),
  });
}

/** A limit whose handling is not shown (0, negative, not a number): a 4xx, or a sane first page of one of `alternatives`; never a 5xx. */
async function expectSaneAnswer(t: CheckContext, query: Record<string, string>, limit: number | string, alternatives: CreatedOrder[][]): Promise<void> {
  // A limit that may not be a number is not the documented parameter: the request goes out as it is.
  const res = await t.v1.request({ method: 'GET', path: '/orders', query: { ...query, limit }, validate: false });
  const title = `GET /orders with limit=${JSON.stringify(limit)} answers a 4xx or a sane page`;
  if (res.status >= 400 && res.status < 500) return;
  if (res.status !== 200) t.fail({ title, expected: 'a 4xx, or 200 with a page', received: `status ${res.status}`, response: res });
  const page = res.body === undefined ? undefined : pageOf(res.body as V1Page<CreatedOrder>);
  const size = page?.pagination?.items_per_page;
  const saneFor = (expected: CreatedOrder[]) => page !== undefined && Array.isArray(page.data) && Number.isInteger(size) && size! >= 1 && size! <= 100
    && JSON.stringify(page.data.map((o) => o.id)) === JSON.stringify(expected.slice(0, size).map((o) => o.id))
    && page.pagination.item_count === expected.length && page.pagination.current_page === 1;
  if (!alternatives.some(saneFor)) {
    t.fail({
      title,
      expected: `page 1 of ${alternatives.map((expected) => `ids ${JSON.stringify(expected.map((o) => o.id))}`).join(' or ')} with 1 <= items_per_page <= 100 and item_count to match`,
      received: JSON.stringify({ ids: page?.data?.map?.((o) => o.id), pagination: page?.pagination }),
      response: res,
    });
  }
}

check({
  id: 'v1.properties.pagination',
  api: 'v1',
  section: '4.1',
  title: 'v1 GET /orders: for generated limits and created_at windows, the pages walked to the end hold exactly the filtered orders, newest first',
  // Compares several reads of the order list: no other check may add to it meanwhile.
  exclusive: 'run',
  needs: ['fixtures.sku'],
  writes: true,
}, async (t) => {
  const { own, since } = await createOwnOrders(t);
  const timestamps = own.map((order) => order.created_at);
  const newestFirst = (orders: CreatedOrder[]) => [...orders].reverse();
  await assertProperty(t, { id: 'v1.properties.pagination', runs: 3 }, fc.asyncProperty(
    spanningLimitArb, limitArb, windowArb(own.length),
    async (spanningLimit: number, limit: number | string, window: Window) => {
      // Every run walks all of the run's orders over several pages, then the generated window and limit.
      await expectV1Walk(t, { 'created_at[gte]': since }, spanningLimit, [newestFirst(own)]);
      const alternatives = windowSelections(window, own.length).map((selected) => newestFirst(selected.map((i) => own[i]!)));
      const query = windowQuery(window, timestamps);
      if (typeof limit === 'number' && limit >= 1) await expectV1Walk(t, query, limit, alternatives);
      else await expectSaneAnswer(t, query, limit, alternatives);
    },
  ));
});

interface ListedRestocking {
  id: number;
  created_at: string;
}

// The shipments a property run walks at most: with limit 1 that is as many requests per run.
const SAMPLE = 30;
// Pages of BASE_LIMIT read to learn the list (or a window of it): 100 records within 10 requests.
const BASE_LIMIT = 10;
const BASE_PAGES = 10;

/** Walks v2 GET /restocking_shipments with `limit` and `query` by following next_page_url. */
async function walkRestocking(t: CheckContext, limit: number, query: Record<string, string>, maxPages: number) {
  // The URL of the page last read: a relative next_page_url resolves against it.
  let pageUrl = '';
  const first = async (): Promise<V2Page<ListedRestocking>> => {
    const res = await t.v2.get('/restocking_shipments', { query: { ...query, limit }, validate: false });
    // The largest limit is not shown (§8): a service may refuse one above its own maximum.
    if (limitRefusal(res.status)) t.skip(`the service refused limit=${limit} (${res.status}), so the list cannot be walked at the page sizes the property draws`);
    t.expectStatus(res, 200, 'GET /restocking_shipments answers a page (§4.2)');
    pageUrl = res.exchange.url;
    return res.body as V2Page<ListedRestocking>;
  };
  const follow = async (url: string): Promise<V2Page<ListedRestocking>> => {
    // The cursor is opaque: the next URL is followed as given, only resolved and re-rooted on the API's base.
    const res = await t.v2.request({ method: 'GET', path: nextPageRequest(url, pageUrl) });
    t.expectStatus(res, 200, 'next_page_url answers the next page (§2.7)');
    pageUrl = res.exchange.url;
    return res.body as V2Page<ListedRestocking>;
  };
  return walkV2(first, follow, maxPages);
}

/** The created_at window from the first to a written step after the last of `span` (oldest first). */
function windowOf(span: ListedRestocking[]): Record<string, string> {
  const last = span.at(-1)!;
  return { 'created_at[gte]': span[0]!.created_at, 'created_at[lt]': timeLike(last.created_at, instantOf(last.created_at) + writtenStepMs(last.created_at)) };
}

/**
 * The shipments the property pages through, and the window around them: the whole list when it is
 * short, else SAMPLE shipments seen close in time and whatever else lies in their created_at window (the
 * list's order is not stated, so a few windows are tried: the tightest, the oldest, the newest). A window
 * ends a written step after its newest shipment, so shipments created meanwhile (by other clients) stay
 * out. Skips the check when no window small enough can be read within the bound.
 */
async function sampleRestocking(t: CheckContext): Promise<{ records: ListedRestocking[]; outer: Record<string, string> }> {
  const baseline = await walkRestocking(t, BASE_LIMIT, {}, BASE_PAGES);
  const dated = baseline.records.filter((r) => !Number.isNaN(instantOf(r.created_at))).sort((a, b) => instantOf(a.created_at) - instantOf(b.created_at));
  if (dated.length === 0) return t.skip('the merchant has no restocking shipment with a created_at to page through');
  if (baseline.terminated && dated.length <= SAMPLE) return { records: dated, outer: windowOf(dated) };
  const size = Math.min(SAMPLE, dated.length);
  const starts = dated.slice(0, dated.length - size + 1).map((_, i) => i);
  const spanOf = (i: number) => instantOf(dated[i + size - 1]!.created_at) - instantOf(dated[i]!.created_at);
  const tightest = starts.reduce((best, i) => (spanOf(i) < spanOf(best) ? i : best), 0);
  const tried: string[] = [];
  for (const start of [...new Set([tightest, 0, dated.length - size])]) {
    const outer = windowOf(dated.slice(start, start + size));
    const window = await walkRestocking(t, BASE_LIMIT, outer, BASE_PAGES / 2 + 1);
    if (window.terminated && window.records.length <= 2 * SAMPLE) return { records: window.records, outer };
    tried.push(`${JSON.stringify(outer)}: ${window.terminated ? window.records.length : `more than ${window.records.length}`}`);
  }
  return t.skip(`the restocking list is long (more than ${baseline.records.length} shipments) and no created_at window around ${size} of those seen holds at most ${2 * SAMPLE} (${tried.join('; ')}): too many to page through within the run's request budget`);
}

check({
  id: 'v2.properties.pagination',
  api: 'v2',
  section: '4.2',
  title: 'v2 GET /restocking_shipments: following next_page_url visits the same records whatever the limit and ends',
  // Compares walks of the restocking list: no other check may add to it meanwhile.
  exclusive: 'run',
}, async (t) => {
  const { records, outer } = await sampleRestocking(t);
  // Distinct instants, oldest first: several shipments may share one, and an offset changes only the text.
  const instants = [...new Set(records.map((r) => instantOf(r.created_at)))].sort((a, b) => a - b);
  const timestamps = instants.map((instant) => records.find((r) => instantOf(r.created_at) === instant)!.created_at);
  const indexOf = (record: ListedRestocking) => instants.indexOf(instantOf(record.created_at));
  await assertProperty(t, { id: 'v2.properties.pagination', runs: 3 }, fc.asyncProperty(
    walkLimitArb, windowArb(timestamps.length),
    async (limit: number, window: Window) => {
      // A shipment written at a bound's time may have been received a moment after it: [gt] and [lte] there may or may not list it.
      const exact = new Set(records.filter((r) => insideWindow(window, indexOf(r))).map((r) => r.id));
      const later = new Set(records.filter((r) => insideWindow(window, indexOf(r), () => true)).map((r) => r.id));
      const optional = new Set([...exact, ...later].filter((id) => exact.has(id) !== later.has(id)));
      const expected = new Set([...exact].filter((id) => !optional.has(id)));
      const query = { ...windowQuery(window, timestamps), ...(window.upper ? {} : { 'created_at[lt]': outer['created_at[lt]']! }) };
      const walk = await walkRestocking(t, limit, query, Math.ceil((expected.size + optional.size) / limit) + 2);
      const problems = v2WalkProblems(walk, expected, limit, (r) => r.id, optional);
      if (problems.length > 0) {
        t.fail({
          title: `Following next_page_url with limit ${limit} and ${JSON.stringify(query)} does not visit exactly the filtered shipments once (§4.2, §9.4)`,
          expected: `ids ${JSON.stringify([...expected])}${optional.size > 0 ? ` (and maybe ${JSON.stringify([...optional])}, written at a bound's time)` : ''}, then next_page_url null`,
          received: problems.join('; '),
        });
      }
    },
  ));
});
