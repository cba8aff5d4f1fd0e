// §4.1 and §2.7: v1 GET /shipments lists only shipped shipments, in consistent pages.
import { check } from '../../src/checks/index.js';
import { expectPageCount, paginationOf } from '../support/v1-pages.js';

check({
  id: 'v1.shipments.list.only-shipped',
  api: 'v1',
  section: '4.1',
  title: 'GET /shipments lists only shipments in status shipped',
}, async (t) => {
  // The v1 Shipment shape is not shown (§2.7): only a status that is present is judged.
  // A bounded walk: enough for any test channel, and it keeps the run inside its request budget.
  const maxPages = 5;
  let n = 1;
  let pages = 1;
  let judged = 0;
  do {
    const res = await t.v1.get('/shipments', { query: { page: n, limit: 100 } });
    t.expectStatus(res, 200, 'GET /shipments answers a page');
    const data = (Array.isArray(res.body?.data) ? res.body.data : []) as Array<Record<string, unknown>>;
    pages = Number(res.body?.pagination?.page_count ?? 1);
    const withStatus = data.filter((shipment) => 'status' in shipment);
    judged += withStatus.length;
    const other = withStatus.find((shipment) => shipment.status !== 'shipped');
    if (other) t.fail({ title: 'Every shipment GET /shipments lists has status shipped (§4.1)', expected: 'status shipped', received: `shipment ${String(other.id)} with status ${String(other.status)}`, response: res });
    n += 1;
  } while (n <= Math.min(pages, maxPages));
  if (judged === 0) t.skip('no shipment GET /shipments listed carries a status (the v1 Shipment shape is not shown, §2.7), so there was nothing to judge');
});

check({
  id: 'v1.shipments.list.pagination-consistent',
  api: 'v1',
  section: '2.7',
  title: 'GET /shipments pagination agrees with the request and the data',
}, async (t) => {
  const size = 1;
  // No page parameter: the first page by default (§4.1); page numbering is v1.shipments.list.pages-from-1's rule.
  const res = await t.v1.get('/shipments', { query: { limit: size } });
  t.expectStatus(res, 200, 'GET /shipments answers a page');
  const data = (Array.isArray(res.body?.data) ? res.body.data : []) as unknown[];
  const pagination = paginationOf(res.body);
  // The shipment page's shape beyond the common list response is not shown: judged only with its pagination.
  if (!pagination) return t.skip('the GET /shipments answer has no pagination object to compare');
  const total = pagination.item_count!;
  t.expect(res, 'current_page is the page asked for', 1, pagination.current_page);
  t.expect(res, 'items_per_page is the limit asked for', size, pagination.items_per_page);
  expectPageCount(t, res, total, size, pagination.page_count);
  t.expect(res, `data holds min(limit, item_count ${total}) records`, Math.min(size, total), data.length);
});
