// §4.1: v1 GET /shipments lists only shipped shipments.
import { check } from '../../src/checks/index.js';

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
  do {
    const res = await t.v1.get('/shipments', { query: { page: n, limit: 100 } });
    t.expectStatus(res, 200, 'GET /shipments answers a page');
    const data = (Array.isArray(res.body?.data) ? res.body.data : []) as Array<Record<string, unknown>>;
    pages = Number(res.body?.pagination?.page_count ?? 1);
    const other = data.find((shipment) => 'status' in shipment && shipment.status !== 'shipped');
    if (other) t.fail({ title: 'Every shipment GET /shipments lists has status shipped (§4.1)', expected: 'status shipped', received: `shipment ${String(other.id)} with status ${String(other.status)}`, response: res });
    n += 1;
  } while (n <= Math.min(pages, maxPages));
});
