// §4.2, §2.7 and §9.4 for v2 lists: cursor pages through next_page_url, limit, created_at filters.
import { check } from '../../src/checks/index.js';
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';
import { expectEachOnce, walkV2 } from '../support/v2-pages.js';

interface Listed {
  id: number;
  created_at?: string;
}

// The v2 lists §4.2 shows: orders (all channels of the merchant) and restocking shipments.
const lists = [
  { resource: 'restocking-shipments', path: '/restocking_shipments', title: 'restocking shipment' },
  { resource: 'orders', path: '/orders', title: 'order' },
] as const;

// A whole list is first read in pages of 100, then again in pages about an eighth of its length,
// so the second walk crosses several page boundaries without costing more than ~10 requests.
const wholeListPages = 10;
const smallPagesTarget = 8;

for (const list of lists) {
  check({
    id: `v2.lists.${list.resource}.cursor-walk`,
    api: 'v2',
    section: '9.4',
    title: `Following next_page_url through the ${list.title} list visits every record once and ends with null`,
  }, async (t) => {
    const whole = await walkV2<Listed>(t, list.path, { limit: 100 }, wholeListPages);
    if (!whole.complete) t.skip(`the ${list.title} list holds more than ${whole.records.length} records: too long to walk again in small pages`);
    const limit = Math.max(2, Math.ceil(whole.records.length / smallPagesTarget));
    const small = await walkV2<Listed>(t, list.path, { limit }, wholeListPages * 10);
    expectEachOnce(t, small, `the ${list.title} list`);
    if (!small.complete) {
      t.fail({ title: 'The next_page_url chain ends with null (§9.4)', expected: `null within ${small.pages.length} pages of ${limit}`, received: 'still a next_page_url', response: small.pages.at(-1) });
    }
    const seen = new Set(small.records.map((r) => r.id));
    const missing = whole.records.filter((r) => !seen.has(r.id)).map((r) => r.id);
    if (missing.length > 0) {
      t.fail({
        title: `Following next_page_url in pages of ${limit} reaches every ${list.title} of the list (§9.4)`,
        expected: `all ${whole.records.length} ids a walk in pages of 100 saw`,
        received: `${missing.length} missing: ${missing.slice(0, 10).join(', ')}`,
        response: small.pages.at(-1),
      });
    }
  });

  check({
    id: `v2.lists.${list.resource}.limit`,
    api: 'v2',
    section: '4.2',
    title: `The ${list.title} list never serves more records on a page than limit`,
  }, async (t) => {
    for (const limit of [1, 2]) {
      const page = await t.v2.get(list.path, { query: { limit } });
      t.expectStatus(page, 200);
      const count = Array.isArray(page.body?.data) ? page.body.data.length : 0;
      if (count > limit) t.fail({ title: `A page asked for with limit=${limit} holds at most ${limit} records (§4.2)`, expected: `at most ${limit}`, received: `${count} records`, response: page });
    }
  });
}

/** One page of the restocking list filtered by `query`, at a page size that holds a 1-second window. */
async function filtered(t: CheckContext, query: Record<string, string>): Promise<ApiResponse> {
  const page = await t.v2.get('/restocking_shipments', { query: { ...query, limit: 100 } });
  t.expectStatus(page, 200);
  return page;
}

const at = (time: number): string => new Date(time).toISOString();

check({
  id: 'v2.lists.restocking-shipments.created-at',
  api: 'v2',
  section: '4.2',
  title: "created_at[gt|gte|lt|lte] filter the restocking list by each record's created_at, boundaries exact",
}, async (t) => {
  const first = await t.v2.get('/restocking_shipments', { query: { limit: 5 } });
  t.expectStatus(first, 200);
  const record = (first.body.data as Listed[]).find((r) => typeof r.created_at === 'string');
  if (!record?.created_at) return t.skip('the first page of the v2 restocking list shows no record with a created_at');
  const boundary = record.created_at;
  const time = Date.parse(boundary);
  // Each query tests one bound against the record's own created_at; the other side closes a
  // 1-second window, so the answer fits on one page.
  const cases: Array<{ query: Record<string, string>; holds: boolean; passes: (x: number) => boolean }> = [
    { query: { 'created_at[gte]': boundary, 'created_at[lt]': at(time + 1000) }, holds: true, passes: (x: number) => x >= time && x < time + 1000 },
    { query: { 'created_at[gt]': boundary, 'created_at[lt]': at(time + 1000) }, holds: false, passes: (x: number) => x > time && x < time + 1000 },
    { query: { 'created_at[gt]': at(time - 1000), 'created_at[lte]': boundary }, holds: true, passes: (x: number) => x > time - 1000 && x <= time },
    { query: { 'created_at[gt]': at(time - 1000), 'created_at[lt]': boundary }, holds: false, passes: (x: number) => x > time - 1000 && x < time },
  ];
  for (const { query, holds, passes } of cases) {
    const page = await filtered(t, query);
    const filter = Object.entries(query).map(([k, v]) => `${k}=${v}`).join('&');
    const data = page.body.data as Listed[];
    const listed = data.some((r) => r.id === record.id);
    if (listed !== holds) {
      t.fail({
        title: `The filter ${filter} ${holds ? 'includes' : 'excludes'} a record created exactly at the boundary (§4.2: gt and lt are strict, gte and lte inclusive)`,
        expected: `shipment ${record.id} (created_at ${boundary}) ${holds ? 'listed' : 'not listed'}`,
        received: listed ? 'listed' : 'not listed',
        response: page,
      });
    }
    const outside = data.find((r) => typeof r.created_at !== 'string' || !passes(Date.parse(r.created_at)));
    if (outside) {
      t.fail({ title: `Every record the filter ${filter} returns satisfies it (§4.2)`, expected: `created_at within the filter`, received: `id ${outside.id} with created_at ${outside.created_at ?? 'nothing'}`, response: page });
    }
  }
});
