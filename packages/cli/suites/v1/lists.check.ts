// §4.1 common list parameters and §2.7 v1 pagination, on GET /orders: the list every v1 token can
// read and the run can add to.
import { check } from '../../src/checks/index.js';
import type { ApiResponse, CheckContext, ListTemplateOf, Query } from '../../src/checks/index.js';
import { createOrder, orderBody, sharedV1Order } from '../support/v1-orders.js';
import { awaitNextStep, defaultedCreatedAt, filterAdmits, instantOf, writtenStepMs } from '../support/instants.js';
import { LIST_CATCH_UP_MS, awaitListed } from '../support/list-catch-up.js';
import { expectPageCount, paginationOf } from '../support/v1-pages.js';

interface Pagination {
  current_page: number;
  item_count: number;
  page_count: number;
  items_per_page: number;
}

/** One page of a v1 list: the answer, its records and its pagination object. */
interface Page {
  res: ApiResponse;
  data: Array<Record<string, unknown>>;
  pagination: Pagination;
}

/** GET one page of a v1 list; the answer's schema is validated by the client. */
async function page(t: CheckContext, path: ListTemplateOf<'v1'>, query: Query = {}): Promise<Page> {
  const res = await t.v1.get(path, { query });
  t.expectStatus(res, 200, `GET ${path} answers a page`);
  return { res, data: (res.body?.data ?? []) as Array<Record<string, unknown>>, pagination: paginationOf<Pagination>(res.body) as Pagination };
}

/** How many records page `n` of `size` must hold when the list has `total` records. */
function expectedLength(total: number, size: number, n: number): number {
  return Math.max(0, Math.min(size, total - (n - 1) * size));
}

const ids = (p: Page): unknown[] => p.data.map((record) => record.id);

/**
 * Fails unless the first page `p` of `query` holds min(`size`, item_count) records. item_count is only
 * the measure here (its agreement with the list is v1.lists.orders.pagination-consistent's and
 * v1.properties.pagination's rule): where the page disagrees with it, the check skips when the list
 * shows item_count to be the wrong one (the page holds `size` records although item_count is below, or
 * fewer and page 2 is empty, so the list holds no more), and fails when the page was cut short.
 */
async function expectFirstPageFull(t: CheckContext, path: ListTemplateOf<'v1'>, query: Query, p: Page, size: number, what: string): Promise<void> {
  const total = p.pagination.item_count;
  const wanted = expectedLength(total, size, 1);
  if (p.data.length === wanted) return;
  const wrongCount = (held: string) => t.skip(`item_count ${total} disagrees with the list (${held}), which is v1.lists.orders.pagination-consistent's and v1.properties.pagination's finding: the page size cannot be measured by it`);
  if (p.data.length === size && total < size) wrongCount(`page 1 of ${size} holds ${size} records`);
  if (p.data.length < size) {
    const next = await page(t, path, { ...query, page: 2 });
    if (next.data.length === 0) wrongCount(`page 1 of ${size} holds ${p.data.length} records and page 2 none`);
  }
  t.expect(p.res, what, wanted, p.data.length);
}

check({
  id: 'v1.lists.orders.default-limit-20',
  api: 'v1',
  section: '4.1',
  title: 'Without limit a page holds 20 records (items_per_page 20)',
}, async (t) => {
  const first = await page(t, '/orders');
  t.expect(first.res, 'items_per_page without limit is the default 20 (§4.1, §8)', 20, first.pagination.items_per_page);
  await expectFirstPageFull(t, '/orders', {}, first, 20, 'The first page holds min(20, item_count) records (§4.1)');
});

check({
  id: 'v1.lists.orders.limit-capped-at-100',
  api: 'v1',
  section: '4.1',
  title: 'limit 101 and limit 1000 act as 100',
}, async (t) => {
  for (const limit of [101, 1000]) {
    const p = await page(t, '/orders', { limit });
    t.expect(p.res, `limit=${limit} is treated as 100: items_per_page (§4.1, §8)`, 100, p.pagination.items_per_page);
    await expectFirstPageFull(t, '/orders', { limit }, p, 100, `limit=${limit} is treated as 100: the page holds min(100, item_count) records`);
  }
});

check({
  id: 'v1.lists.orders.pages-from-1',
  api: 'v1',
  section: '4.1',
  title: 'page starts at 1: pages 1 and 2 of limit 2 are the first page of limit 4, in order',
  // Compares several reads of the order list: no other check may add to it meanwhile.
  exclusive: 'run',
}, async (t) => {
  // Three reads of a live list: an order arriving between them would shift the pages, which only
  // a busy target does within a second; the message then shows both pages to tell it apart.
  const one = await page(t, '/orders', { page: 1, limit: 2 });
  const two = await page(t, '/orders', { page: 2, limit: 2 });
  const four = await page(t, '/orders', { page: 1, limit: 4 });
  t.expect(one.res, 'page=1 reports current_page 1', 1, one.pagination.current_page);
  t.expect(two.res, 'page=2 reports current_page 2', 2, two.pagination.current_page);
  // As sets: orders received at one instant may come in another order in another page size (§4.1
  // says newest first, nothing of ties); a page numbered from 0 shows other orders altogether.
  const sorted = (list: unknown[]) => list.map(String).sort();
  t.expect(four.res, 'Pages 1 and 2 of limit 2, one after the other, hold the orders of page 1 of limit 4 (page numbering starts at 1, §4.1)', sorted(ids(four)), sorted([...ids(one), ...ids(two)]));
});

check({
  id: 'v1.lists.orders.past-last-page-empty',
  api: 'v1',
  section: '4.1',
  title: 'A page past the last answers an empty data array',
  // Compares several reads of the order list: no other check may add to it meanwhile.
  exclusive: 'run',
}, async (t) => {
  const first = await page(t, '/orders', { limit: 100 });
  const past = Math.max(first.pagination.page_count, 1) + 1;
  const beyond = await page(t, '/orders', { limit: 100, page: past });
  t.expect(beyond.res, `page=${past}, past the last page ${first.pagination.page_count}, has an empty data array (§4.1); ids listed`, [], ids(beyond));
});

check({
  id: 'v1.lists.orders.pagination-consistent',
  api: 'v1',
  section: '2.7',
  title: 'pagination agrees with the request and the data: current_page, items_per_page, item_count, page_count',
}, async (t) => {
  const size = 5;
  const p = await page(t, '/orders', { page: 2, limit: size });
  const { current_page: current, item_count: total, page_count: pages, items_per_page: perPage } = p.pagination;
  t.expect(p.res, 'current_page is the page asked for', 2, current);
  t.expect(p.res, 'items_per_page is the limit asked for', size, perPage);
  expectPageCount(t, p.res, total, size, pages);
  t.expect(p.res, `data holds what item_count ${total} leaves for page 2 of ${size}: min(limit, item_count - limit) records`, expectedLength(total, size, 2), p.data.length);
});

/** Finds the run's orders (by merchant_order_id) among the 100 newest and returns their positions. */
async function positions(t: CheckContext, merchantOrderIds: string[], query: Query = {}): Promise<{ res: ApiResponse; at: number[] }> {
  const p = await page(t, '/orders', { limit: 100, ...query });
  const at = merchantOrderIds.map((id) => p.data.findIndex((order) => order.merchant_order_id === id));
  return { res: p.res, at };
}

/**
 * The positions of the run's orders among the 100 newest once GET /orders lists them all, which a list
 * that trails the writes does a moment later (support/list-catch-up.ts); `shown` is false when it
 * never did within the bound.
 */
async function positionsOnceListed(t: CheckContext, merchantOrderIds: string[]): Promise<{ res: ApiResponse; at: number[]; shown: boolean }> {
  const count = merchantOrderIds.length;
  const what = `GET /orders to list the ${count === 1 ? 'order' : `${count} orders`} just created`;
  const { answer, shown } = await awaitListed(t, what, () => positions(t, merchantOrderIds), (p) => !p.at.includes(-1));
  return { ...answer, shown };
}

/**
 * Skips the check unless GET /orders came to list the run's new orders: a list that never shows
 * orders just created is v1.lists.orders.newest-received-first's finding, and the filters cannot be
 * judged on orders the list does not hold.
 */
async function expectListed(t: CheckContext, merchantOrderIds: string[]): Promise<void> {
  const { shown } = await positionsOnceListed(t, merchantOrderIds);
  if (!shown) t.skip(`GET /orders did not list the orders just created within ${LIST_CATCH_UP_MS / 1000} s, which is v1.lists.orders.newest-received-first's finding: the filters cannot be judged on them`);
}

/** An order the run created: its merchant_order_id and the created_at the service reported. */
interface Made {
  merchantOrderId: string;
  createdAt: string;
}

/**
 * Creates orders one after another so that the service receives each a written time step after the
 * one before (§4.1: lists and filters go by the time received). The step is read from the created_at
 * the service reported for the previous order when it set it itself (§2.1 default), else taken as a
 * whole second: a service may keep no more than that.
 */
async function createInSequence(t: CheckContext, createdAt: Array<string | undefined>): Promise<Made[]> {
  const made: Made[] = [];
  let previous: { answeredAt: number; stepMs: number } | undefined;
  for (const at of createdAt) {
    if (previous) await awaitNextStep(previous.answeredAt, previous.stepMs);
    const body = orderBody(t);
    const res = await createOrder(t, at === undefined ? body : { ...body, created_at: at });
    // Only an order the service set created_at for stands for its received time; the others' is the client's own.
    const reported = at === undefined ? defaultedCreatedAt(t, 'v1', res.body?.created_at) : String(res.body?.created_at);
    previous = { answeredAt: performance.now(), stepMs: at === undefined ? writtenStepMs(reported) : 1000 };
    made.push({ merchantOrderId: body.merchant_order_id, createdAt: reported });
  }
  return made;
}

check({
  id: 'v1.lists.orders.newest-received-first',
  api: 'v1',
  section: '4.1',
  title: 'GET /orders lists the newest received order first, whatever created_at the client set',
  needs: ['fixtures.sku'],
  writes: true,
}, async (t) => {
  // Received in the order a, b, c; their own created_at (set by the client) in another order, so a
  // list sorted by created_at instead of the received time shows a different sequence.
  const made = await createInSequence(t, ['2020-01-03T10:00:00Z', '2020-01-01T10:00:00Z', '2020-01-02T10:00:00Z']);
  const { res, at, shown } = await positionsOnceListed(t, made.map((o) => o.merchantOrderId));
  if (!shown) {
    t.fail({
      title: `The three orders just created are among the 100 newest received (§4.1 newest first) within ${LIST_CATCH_UP_MS / 1000} s`,
      expected: made.map((o) => o.merchantOrderId),
      received: `positions ${JSON.stringify(at)} on page 1 of limit 100 (-1: not there)`,
      response: res,
    });
  }
  const listed = ['a', 'b', 'c'].map((label, i) => ({ label, at: at[i]! })).sort((x, y) => x.at - y.at).map((o) => o.label);
  t.expect(res, 'Orders received later come first: c, b, a (§4.1 newest first, by received time)', ['c', 'b', 'a'], listed);
});

check({
  id: 'v1.lists.orders.created-at-boundaries',
  api: 'v1',
  section: '4.1',
  title: 'created_at[gt], [gte], [lt], [lte] on GET /orders: strict and inclusive at the exact boundary',
  needs: ['fixtures.sku'],
  writes: true,
}, async (t) => {
  // The filters go by the time an order was received, which a v1 order need not show. For orders
  // created without created_at, created_at "defaults to current time" (§2.1): we take the created_at
  // the service reports for them as their received time, as written (it may keep it finer), and
  // compare instants. The boundary is the middle order's.
  const listedAt = new Map<string, boolean[]>();
  const made = await createInSequence(t, [undefined, undefined, undefined]);
  const ours = made.map((o) => o.merchantOrderId);
  const boundary = made[1]!.createdAt;
  await expectListed(t, ours);
  for (const op of ['gt', 'gte', 'lt', 'lte'] as const) {
    const { res, at } = await positions(t, ours, { [`created_at[${op}]`]: boundary });
    const admits = made.map((o) => filterAdmits(op, instantOf(boundary), instantOf(o.createdAt)));
    const listed = at.map((i) => i !== -1);
    const wrong = listed.some((shown, i) => admits[i] !== 'either' && admits[i] !== shown);
    if (wrong) {
      t.fail({
        title: `created_at[${op}]=${boundary}, the middle order's reported created_at taken as its received time, lists exactly the run's orders received ${op} it (§4.1)`,
        expected: `[first, middle, last] listed: ${JSON.stringify(admits)} (either: reported at the boundary itself, so received at it or a moment after)`,
        received: JSON.stringify(listed),
        response: res,
      });
    }
    listedAt.set(op, listed);
  }
  // A record reported at the boundary was received at it or just after: of [gt] and [lte] exactly one lists it.
  made.forEach((o, i) => {
    if (instantOf(o.createdAt) !== instantOf(boundary) || listedAt.get('gt')![i] !== listedAt.get('lte')![i]) return;
    t.fail({
      title: `Of created_at[gt] and created_at[lte] at ${boundary}, exactly one lists an order reported at that time (§4.1: gt strict, lte inclusive)`,
      expected: `order ${o.merchantOrderId} listed by exactly one of the two`,
      received: listedAt.get('gt')![i] ? 'listed by both' : 'listed by neither',
    });
  });
});

check({
  id: 'v1.lists.orders.filter-by-received-time',
  api: 'v1',
  section: '4.1',
  title: "The created_at filters of GET /orders go by the time received, not the order's own created_at",
  needs: ['fixtures.sku'],
  writes: true,
}, async (t) => {
  // The first order (the run's shared one) has no created_at, so its reported created_at stands for its
  // received time (§2.1 default); the second, received after it, carries a created_at long past.
  // The second is received a written step after the first, so after its reported time.
  const first = await sharedV1Order(t);
  const firstReceived = defaultedCreatedAt(t, 'v1', first.createdAt);
  await awaitNextStep(first.answeredAt, writtenStepMs(firstReceived));
  const [second] = await createInSequence(t, ['2001-02-03T04:05:06Z']);
  await expectListed(t, [second!.merchantOrderId]);
  const { res, at } = await positions(t, [second!.merchantOrderId], { 'created_at[gt]': firstReceived });
  t.expect(res, 'An order received after the boundary is listed by created_at[gt] although its own created_at is 2001 (§4.1)', true, at[0] !== -1);
});
