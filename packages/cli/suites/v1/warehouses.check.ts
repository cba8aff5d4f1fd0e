// §4.1: GET /warehouses is not paginated. Its response shape is not shown: a list, or a list under data.
import { check } from '../../src/checks/index.js';
import type { ApiResponse } from '../../src/checks/index.js';

function idsOf(answer: ApiResponse): unknown[] | undefined {
  const body: unknown = answer.body;
  const list: unknown = Array.isArray(body) ? body : (body as { data?: unknown } | undefined)?.data;
  return Array.isArray(list) ? list.map((w) => (w as { id?: unknown } | null)?.id ?? JSON.stringify(w)) : undefined;
}

check({
  id: 'v1.lists.warehouses.not-paginated',
  api: 'v1',
  section: '4.1',
  title: 'GET /warehouses with page=2 and limit=1 answers the same warehouses as without them',
}, async (t) => {
  const all = await t.v1.get('/warehouses', { validate: false });
  t.expectStatus(all, 200, 'GET /warehouses answers 200 (§4: unless stated, success is 200)');
  const ids = idsOf(all);
  if (!ids) return t.skip('GET /warehouses shows no list of warehouses (its shape is not shown, §4.1)');
  if (ids.length === 0) return t.skip('the merchant has no warehouse, so a cut answer cannot be seen');
  const paged = await t.v1.get('/warehouses', { query: { page: 2, limit: 1 }, validate: false });
  t.expectStatus(paged, 200, 'GET /warehouses?page=2&limit=1 answers 200 (§4: unless stated, success is 200)');
  t.expect(paged, 'GET /warehouses is not paginated (§4.1): page and limit do not cut its answer', ids, idsOf(paged));
});
