// Pagination properties (§4.1 common list parameters, §2.7, §4.2, §9.4): whatever the limit and the
// created_at window, walking the pages to the end shows exactly the filtered records once each.
import fc from 'fast-check';
import { check, type ApiResponse, type CheckContext } from '../src/checks/index.js';
import { insideWindow, limitArb, spanningLimitArb, walkLimitArb, windowArb, windowQuery, type Window } from './pagination-arbitraries.js';
import { nextPageRequest, v1PageSize, v1WalkProblems, v2WalkProblems, walkV1, walkV2, type V1Page, type V2Page } from './pagination-model.js';
import { createOrder, orderBody, type CreatedOrder } from './orders.js';
import { assertProperty } from './support/property.js';

// Enough of the run's own orders that every spanning limit (3 to 9) needs two pages or more.
const OWN_ORDERS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The run's own orders, oldest first, a few milliseconds apart so no two share a timestamp. */
async function createOwnOrders(t: CheckContext): Promise<CreatedOrder[]> {
  const orders: CreatedOrder[] = [];
  for (let i = 0; i < OWN_ORDERS; i++) {
    orders.push(await createOrder(t, orderBody(t.uniqueId('order'), t.fixtures.sku!.id)));
    await sleep(3);
  }
  return orders;
}

/** Walks v1 GET /orders with `query` and `limit` and fails unless it shows exactly `expected`, newest first. */
async function expectV1Walk(t: CheckContext, query: Record<string, string>, limit: number, expected: CreatedOrder[]): Promise<void> {
  const answers: ApiResponse[] = [];
  const fetchPage = async (page: number): Promise<V1Page<CreatedOrder>> => {
    const res = await t.v1.get('/orders', { query: { ...query, limit, page } });
    t.expectStatus(res, 200, 'GET /orders answers a page (§4.1)');
    answers.push(res);
    return res.body as V1Page<CreatedOrder>;
  };
  const pages = await walkV1(fetchPage, Math.ceil(expected.length / v1PageSize(limit)) + 2);
  const problems = v1WalkProblems(pages, expected, limit, (order) => order.id);
  if (problems.length > 0) {
    // The replay line shows the first page that went wrong, else the last one read.
    const badPage = problems.map((problem) => /^page (\d+) /.exec(problem)?.[1]).find((page) => page !== undefined);
    t.fail({
      response: answers[Number(badPage ?? answers.length) - 1]!,
      title: `GET /orders walked to the end with limit ${limit} and ${JSON.stringify(query)} does not list exactly the filtered orders, newest first (§4.1)`,
      expected: `ids ${JSON.stringify(expected.map((o) => o.id))} in pages of ${v1PageSize(limit)}, pagination agreeing`,
      received: problems.join('; '),
    });
  }
}

/** A limit whose handling is not shown (0, negative, not a number): a 4xx, or a sane first page; never a 5xx. */
async function expectSaneAnswer(t: CheckContext, query: Record<string, string>, limit: number | string, expected: CreatedOrder[]): Promise<void> {
  const res = await t.v1.get('/orders', { query: { ...query, limit }, validate: false });
  const title = `GET /orders with limit=${JSON.stringify(limit)} answers a 4xx or a sane page`;
  if (res.status >= 400 && res.status < 500) return;
  if (res.status !== 200) t.fail({ title, expected: 'a 4xx, or 200 with a page', received: `status ${res.status}`, response: res });
  const page = res.body as V1Page<CreatedOrder> | undefined;
  const size = page?.pagination?.items_per_page;
  const sane = page !== undefined && Array.isArray(page.data) && Number.isInteger(size) && size! >= 1 && size! <= 100
    && JSON.stringify(page.data.map((o) => o.id)) === JSON.stringify(expected.slice(0, size).map((o) => o.id))
    && page.pagination.item_count === expected.length && page.pagination.current_page === 1;
  if (!sane) {
    t.fail({
      title,
      expected: `page 1 of ids ${JSON.stringify(expected.map((o) => o.id))} with 1 <= items_per_page <= 100 and item_count ${expected.length}`,
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
  needs: ['fixtures.sku'],
  writes: true,
}, async (t) => {
  const own = await createOwnOrders(t);
  const timestamps = own.map((order) => order.created_at);
  const newestFirst = (orders: CreatedOrder[]) => [...orders].reverse();
  await assertProperty(t, { id: 'v1.properties.pagination', runs: 5 }, fc.asyncProperty(
    spanningLimitArb, limitArb, windowArb(own.length),
    async (spanningLimit: number, limit: number | string, window: Window) => {
      // Every run walks all of the run's orders over several pages, then the generated window and limit.
      await expectV1Walk(t, { 'created_at[gte]': timestamps[0]! }, spanningLimit, newestFirst(own));
      const expected = newestFirst(own.filter((_, i) => insideWindow(window, i)));
      const query = windowQuery(window, timestamps);
      if (typeof limit === 'number' && limit >= 1) await expectV1Walk(t, query, limit, expected);
      else await expectSaneAnswer(t, query, limit, expected);
    },
  ));
});

interface ListedRestocking {
  id: number;
  created_at: string;
}

/** Walks v2 GET /restocking_shipments with `limit` and `query` by following next_page_url. */
async function walkRestocking(t: CheckContext, limit: number, query: Record<string, string>, maxPages: number) {
  // The URL of the page last read: a relative next_page_url resolves against it.
  let pageUrl = '';
  const first = async (): Promise<V2Page<ListedRestocking>> => {
    const res = await t.v2.get('/restocking_shipments', { query: { ...query, limit } });
    t.expectStatus(res, 200, 'GET /restocking_shipments answers a page (§4.2)');
    pageUrl = res.exchange.url;
    return res.body as V2Page<ListedRestocking>;
  };
  const follow = async (url: string): Promise<V2Page<ListedRestocking>> => {
    // The cursor is opaque: the next URL is followed as given, only resolved and re-rooted on the API's base.
    const res = await t.v2.get(nextPageRequest(url, pageUrl));
    t.expectStatus(res, 200, 'next_page_url answers the next page (§2.7)');
    pageUrl = res.exchange.url;
    return res.body as V2Page<ListedRestocking>;
  };
  return walkV2(first, follow, maxPages);
}

check({
  id: 'v2.properties.pagination',
  api: 'v2',
  section: '4.2',
  title: 'v2 GET /restocking_shipments: following next_page_url visits the same records whatever the limit and ends',
}, async (t) => {
  const baseline = await walkRestocking(t, 10, {}, 100);
  if (!baseline.terminated) t.fail({ title: 'next_page_url ends with null (§9.4)', expected: 'null within 100 pages', received: 'still set' });
  const records = baseline.records;
  const timestamps = [...new Set(records.map((r) => r.created_at))].sort((a, b) => Date.parse(a) - Date.parse(b));
  if (timestamps.length === 0) t.skip('the merchant has no restocking shipment to page through');
  const within = (window: Window, record: ListedRestocking) => insideWindow(window, timestamps.indexOf(record.created_at));
  await assertProperty(t, { id: 'v2.properties.pagination', runs: 6 }, fc.asyncProperty(
    walkLimitArb, windowArb(timestamps.length),
    async (limit: number, window: Window) => {
      const expected = new Set(records.filter((r) => within(window, r)).map((r) => r.id));
      const walk = await walkRestocking(t, limit, windowQuery(window, timestamps), expected.size + 2);
      const problems = v2WalkProblems(walk, expected, limit, (r) => r.id);
      if (problems.length > 0) {
        t.fail({
          title: `Following next_page_url with limit ${limit} and ${JSON.stringify(windowQuery(window, timestamps))} does not visit exactly the filtered shipments once (§4.2, §9.4)`,
          expected: `ids ${JSON.stringify([...expected])}, then next_page_url null`,
          received: problems.join('; '),
        });
      }
    },
  ));
});
