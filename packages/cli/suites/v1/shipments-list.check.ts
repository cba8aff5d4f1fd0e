// §4.1 common list rules on v1 GET /shipments (orders have their own in lists.check.ts): pages from
// 1, a page past the last empty, and the created_at filters honoured when accepted ("accepted by most
// list endpoints": one refused with 400 skips). v1 Shipment fields are not shown, so records are
// compared as whole JSON and the filters are judged by how many records they list on either side of a
// distant date.
import { check, type Answer, type ApiResponse, type CheckContext, type Query } from '../../src/checks/index.js';
import { listRecords } from '../support/scope.js';
import { paginationOf } from '../support/v1-pages.js';

const path = '/shipments';
// Long before and long after any shipment: [lt]/[lte] the first keep none, and so do [gt]/[gte] the second.
const DISTANT_PAST = '2000-01-01T00:00:00Z';
const DISTANT_FUTURE = '2999-01-01T00:00:00Z';

/** One page of shipments: the answer and its records. */
async function page(t: CheckContext, query: Query): Promise<{ res: Answer<'v1', 'GET /shipments'>; records: string[] }> {
  const res = await t.v1.get(path, { query });
  t.expectStatus(res, 200, `GET /shipments?${new URLSearchParams(query as Record<string, string>).toString()} answers a page`);
  return { res, records: (listRecords(res.body) ?? []).map((r) => JSON.stringify(r)) };
}

check({
  id: 'v1.shipments.list.pages-from-1',
  api: 'v1',
  section: '4.1',
  title: 'GET /shipments: page 1 holds the first records, and pages 1 and 2 of limit 1 are page 1 of limit 2',
}, async (t) => {
  const one = await page(t, { page: 1, limit: 1 });
  const two = await page(t, { page: 2, limit: 1 });
  const both = await page(t, { page: 1, limit: 2 });
  // The count's presence and type are v1.schema.pagination's rule, its agreement with the list the pagination checks'.
  const itemCount = paginationOf(one.res.body)?.item_count;
  if (!Number.isInteger(itemCount)) t.skip(`page=1 shows no integer pagination.item_count (${JSON.stringify(itemCount) ?? 'nothing'}; v1.schema.pagination's rule) to tell an empty list from a first page left empty`);
  t.expect(one.res, `page=1 holds min(limit 1, item_count ${itemCount}) records: pages start at 1 (§4.1)`, Math.min(1, itemCount as number), one.records.length);
  // As sets: the order of shipments is not stated, so two of them may come either way in another page size.
  t.expect(both.res, 'Pages 1 and 2 of limit 1, one after the other, hold the records of page 1 of limit 2 (§4.1)', [...both.records].sort(), [...one.records, ...two.records].sort());
});

check({
  id: 'v1.shipments.list.past-last-page-empty',
  api: 'v1',
  section: '4.1',
  title: 'GET /shipments: a page past the last answers an empty data array',
}, async (t) => {
  const first = await page(t, { limit: 100 });
  const past = Math.max(Number(first.res.body?.pagination?.page_count) || 1, 1) + 1;
  const beyond = await page(t, { limit: 100, page: past });
  t.expect(beyond.res, `page=${past}, past the last page, has an empty data array (§4.1)`, 0, beyond.records.length);
});

check({
  id: 'v1.shipments.list.created-at-filters',
  api: 'v1',
  section: '4.1',
  title: 'GET /shipments honours the created_at filters it accepts: [lt]/[lte] a distant past and [gt]/[gte] a distant future keep none',
}, async (t) => {
  // Counted in the records listed, not by item_count, whose agreement with the list is the pagination
  // checks' rule: with pages of 100, a filter keeping all lists as many as the unfiltered first page.
  const all = await page(t, { limit: 100 });
  if (all.records.length === 0) return t.skip('the channel lists no shipment, so a filter has nothing to keep or drop');
  // Every filter is given a time on the far side of every shipment: each must list none. One that lists
  // them all may not be taken at all; all four listing all is an endpoint without the filters.
  const listed: Array<{ bound: string; at: string; res: ApiResponse; count: number }> = [];
  for (const [bound, at] of [['lt', DISTANT_PAST], ['lte', DISTANT_PAST], ['gt', DISTANT_FUTURE], ['gte', DISTANT_FUTURE]] as const) {
    const res = await t.v1.get(path, { query: { limit: 100, [`created_at[${bound}]`]: at } });
    // "accepted by most list endpoints" (§4.1): a refused filter says nothing about the rule.
    if (res.status === 400) continue;
    t.expectStatus(res, 200, `GET /shipments with created_at[${bound}] answers a page or 400`);
    listed.push({ bound, at, res, count: (listRecords(res.body) ?? []).length });
  }
  if (listed.length === 0) t.skip('GET /shipments refused every created_at filter with 400 (they are "accepted by most list endpoints", §4.1)');
  // An endpoint without the filters may take them as unknown parameters and list everything.
  if (listed.every((answer) => answer.count === all.records.length)) {
    t.skip(`GET /shipments listed all ${all.records.length} shipments under every created_at filter: it does not take them (they are "accepted by most list endpoints", §4.1), so how it applies them cannot be judged`);
  }
  for (const { bound, at, res, count } of listed) {
    t.expect(res, `shipments listed with created_at[${bound}]=${at}, ${at === DISTANT_PAST ? 'before' : 'after'} every shipment (§4.1)`, 0, count);
  }
});
