// §4.2, §2.7 and §9.4 for v2 lists: cursor pages through next_page_url, limit, created_at filters.
import { check } from '../../src/checks/index.js';
import type { ApiResponse, CheckContext, FailOptions } from '../../src/checks/index.js';
import { madeByRun } from '../support/foreign-records.js';
import { instantOf, timeLike } from '../support/instants.js';
import { answerExcerpt } from '../support/success.js';
import { firstV2Page, limitRefusal } from '../support/v2-limit.js';
import { repeatedRecords, walkV2, type V2Walk } from '../support/v2-pages.js';

// The v2 lists §4.2 shows: orders (all channels of the merchant) and restocking shipments.
const lists = [
  { resource: 'restocking-shipments', path: '/restocking_shipments', title: 'restocking shipment' },
  { resource: 'orders', path: '/orders', title: 'order' },
] as const;

// A whole list is first read in pages of 100, then again in pages about a quarter of its length,
// so the second walk crosses three page boundaries or more for about five requests.
const wholeListPages = 10;
const smallPagesTarget = 4;

// A walk the run's own writes may have disturbed is walked again, at most this many times in all.
const smallWalksAtMost = 3;

/**
 * Whether another client changed the list since `whole` was read: its first page now shows a record
 * the walk did not see and the run did not make, or lacks one it saw there. A walk while others add
 * records (a live account) may then meet a record twice or miss one with a cursor that is a position,
 * which §9.4 does not forbid. The run's own records are told apart: `writesDuring` knows when they were made.
 */
async function listChanged(t: CheckContext, path: (typeof lists)[number]['path'], whole: V2Walk<{ id: number }>): Promise<string | undefined> {
  const now = await firstV2Page(t.v2, path, { limit: 100 });
  const data: unknown = (now.body as { data?: unknown } | undefined)?.data;
  if (now.status !== 200 || !Array.isArray(data)) return undefined;
  const ids = new Set(data.map((record: { id?: unknown }) => record.id));
  const before = new Set(whole.records.map((record) => record.id));
  const added = data.filter((record: { id?: unknown }) => !before.has(record.id as number) && !madeByRun(record, t.marker)).map((record: { id?: unknown }) => record.id);
  const gone = (whole.pageRecords[0] ?? []).filter((record) => !ids.has(record.id) && !madeByRun(record, t.marker)).map((record) => record.id);
  const changes = [...(added.length > 0 ? [`new: ${added.slice(0, 5).join(', ')}`] : []), ...(gone.length > 0 ? [`gone: ${gone.slice(0, 5).join(', ')}`] : [])];
  if (changes.length === 0) return undefined;
  return `the list changed while it was walked (${changes.join('; ')}), so a record met twice or missed may be the change's, not the cursor's`;
}

/** From sending the first of `pages` to the end of the last one's answer (epoch ms, the client's clock). */
function spanOf(pages: readonly ApiResponse[]): { from: number; to: number } {
  const last = pages.at(-1)!.exchange;
  return { from: pages[0]!.exchange.startedAt ?? 0, to: (last.startedAt ?? Date.now()) + last.durationMs };
}

/** A record a walk met twice, or records it missed: the failure, and the stretch of the walk in which a change of the list could have caused it. */
interface Anomaly {
  ids: number[];
  failure: FailOptions;
  from: number;
  to: number;
}

/** The ids a walk served before `id` (all of them when it did not serve `id`). */
function idsAhead(walk: V2Walk<{ id: number }>, id: number): Set<number> {
  const at = walk.records.findIndex((record) => record.id === id);
  return new Set(walk.records.slice(0, at === -1 ? undefined : at).map((record) => record.id));
}

/**
 * Whether the records the list serves ahead of each of `ids` changed between two walks of it: a
 * cursor that is a position then meets a record again, or misses one, without being wrong (§9.4 does
 * not forbid one). A list that trails the writes shows a record written before the walk only during
 * it, when no write of the run is on the wire; a cursor that repeats or skips records on a list
 * that did not move ahead of them is wrong whatever the timing.
 */
function movedAhead(before: V2Walk<{ id: number }>, after: V2Walk<{ id: number }>, ids: number[]): boolean {
  return ids.every((id) => {
    const was = idsAhead(before, id);
    const is = idsAhead(after, id);
    return was.size !== is.size || [...was].some((other) => !is.has(other));
  });
}

/**
 * What a walk in small pages got wrong against `whole`: each record it met twice, and the records it
 * missed, with the stretch of the walk in which a change of the list could have caused it. A cursor
 * that is a position (§9.4 does not forbid one) meets a record again when a record is added or moved
 * ahead of it between two pages (newest first, or by last update), and misses one that moved behind.
 */
function anomaliesOf(small: V2Walk<{ id: number }>, whole: V2Walk<{ id: number }>, title: string, limit: number): Anomaly[] {
  const found: Anomaly[] = repeatedRecords(small).map((repeat) => ({
    ids: [repeat.id],
    failure: {
      title: `Following next_page_url through the ${title} list serves every record once (§9.4)`,
      expected: `id ${repeat.id} on one page only`,
      received: `id ${repeat.id} on page ${repeat.firstPage} and again on page ${repeat.page}`,
      response: small.pages[repeat.page - 1]!,
    },
    ...spanOf(small.pages.slice(repeat.firstPage - 1, repeat.page)),
  }));
  const seen = new Set(small.records.map((r) => r.id));
  const missing = whole.records.filter((r) => !seen.has(r.id)).map((r) => r.id);
  if (missing.length > 0) {
    found.push({
      ids: missing,
      failure: {
        title: `Following next_page_url in pages of ${limit} reaches every ${title} of the list (§9.4)`,
        expected: `all ${whole.records.length} ids a walk in pages of 100 saw`,
        received: `${missing.length} missing: ${missing.slice(0, 10).join(', ')}`,
        response: small.pages.at(-1)!,
      },
      ...spanOf(small.pages),
    });
  }
  return found;
}

for (const list of lists) {
  check({
    id: `v2.lists.${list.resource}.cursor-walk`,
    api: 'v2',
    section: '9.4',
    title: `Following next_page_url through the ${list.title} list visits every record once and ends with null`,
  }, async (t) => {
    const whole = await walkV2(t, list.path, { limit: 100 }, wholeListPages);
    if (!whole.complete) t.skip(`the ${list.title} list holds more than the ${whole.records.length} records of ${wholeListPages} pages: too long to walk again in small pages within the run's request budget`);
    const limit = Math.max(2, Math.ceil(whole.records.length / smallPagesTarget));
    for (let walks = 1; ; walks += 1) {
      const small = await walkV2(t, list.path, { limit }, wholeListPages * 10);
      if (small.limitRefused) t.skip(`the service refused limit=${limit}, so the list cannot be walked in smaller pages`);
      if (!small.complete) {
        t.fail({ title: 'The next_page_url chain ends with null (§9.4)', expected: `null within ${small.pages.length} pages of ${limit}`, received: 'still a next_page_url', response: small.pages.at(-1) });
      }
      const anomalies = anomaliesOf(small, whole, list.title, limit);
      if (anomalies.length === 0) return;
      // One more read, only when something is amiss: a list another client changed under the walk says nothing.
      const changed = await listChanged(t, list.path, whole);
      if (changed !== undefined) t.skip(changed);
      // A record met twice or missed where none of the run's writes to the list was under way, and ahead
      // of which the list did not move, is the cursor's.
      const unexplained = anomalies.filter((anomaly) => t.writesDuring(list.path, anomaly.from, anomaly.to) === 0);
      if (unexplained.length > 0) {
        const now = await walkV2(t, list.path, { limit: 100 }, wholeListPages);
        const cursors = unexplained.find((anomaly) => !movedAhead(whole, now, anomaly.ids));
        if (cursors !== undefined) t.fail(cursors.failure);
      }
      if (walks === smallWalksAtMost) {
        t.skip(`in each of ${walks} walks in pages of ${limit}, a record met twice or missed fell where the run's own writes to ${list.path} were under way, which may move records under a cursor that is a position (§9.4 does not forbid one)`);
      }
    }
  });

  check({
    id: `v2.lists.${list.resource}.limit`,
    api: 'v2',
    section: '4.2',
    title: `The ${list.title} list never serves more records on a page than limit`,
  }, async (t) => {
    for (const limit of [1, 2]) {
      const page = await t.v2.get(list.path, { query: { limit }, validate: false });
      // The allowed range of limit is not shown (§8): a refusal is the service's choice, not a finding.
      if (limitRefusal(page.status)) t.skip(`the service refused limit=${limit} (${answerExcerpt(page)})`);
      t.expectStatus(page, 200);
      const count = Array.isArray(page.body?.data) ? page.body.data.length : 0;
      if (count > limit) t.fail({ title: `A page asked for with limit=${limit} holds at most ${limit} records (§4.2)`, expected: `at most ${limit}`, received: `${count} records`, response: page });
    }
  });
}

/** Whether a filter lists a record: surely, surely not, or either (see below). */
type Admits = 'yes' | 'no' | 'either';

check({
  id: 'v2.lists.restocking-shipments.created-at',
  api: 'v2',
  section: '4.2',
  title: "created_at[gt|gte|lt|lte] filter the restocking list by each record's created_at, boundaries exact",
}, async (t) => {
  const first = await firstV2Page(t.v2, '/restocking_shipments', { limit: 5 });
  t.expectStatus(first, 200);
  const record = first.body.data.find((r) => typeof r.created_at === 'string');
  if (!record?.created_at) return t.skip('the first page of the v2 restocking list shows no record with a created_at');
  const boundary = record.created_at;
  const time = instantOf(boundary);
  const at = (instant: number): string => timeLike(boundary, instant);
  // A service may keep created_at finer than it writes it (a second, a millisecond): a record shown at
  // exactly the boundary was created at it or a moment after. So [gte] always lists it and [lt] never
  // does, while of [gt] and [lte] exactly one does. Other records compare by instant (never as text).
  const sameInstant = (x: number) => x === time;
  // The first page's records span a window, walked in pages of two: the filters hold on every page a
  // next_page_url leads to, not only on the first (the cursor is opaque: only the records are judged).
  // The window may hold more records than five pages show, so only what the pages hold is judged there.
  const dated = first.body.data.map((r) => instantOf(r.created_at)).filter((x) => !Number.isNaN(x));
  const from = Math.min(...dated);
  const to = Math.max(...dated);
  const cases: Array<{ query: Record<string, string>; admits: (x: number) => Admits; limit?: number; pagesOnly?: true }> = [
    { query: { 'created_at[gte]': boundary, 'created_at[lt]': at(time + 1000) }, admits: (x) => (x >= time && x < time + 1000 ? 'yes' : 'no') },
    { query: { 'created_at[gt]': boundary, 'created_at[lt]': at(time + 1000) }, admits: (x) => (sameInstant(x) ? 'either' : x > time && x < time + 1000 ? 'yes' : 'no') },
    { query: { 'created_at[gt]': at(time - 1000), 'created_at[lte]': boundary }, admits: (x) => (sameInstant(x) ? 'either' : x > time - 1000 && x < time ? 'yes' : 'no') },
    { query: { 'created_at[gt]': at(time - 1000), 'created_at[lt]': boundary }, admits: (x) => (x > time - 1000 && x < time ? 'yes' : 'no') },
    ...(dated.length < 2 ? [] : [{ query: { 'created_at[gte]': at(from), 'created_at[lte]': at(to) }, admits: (x: number): Admits => (x < from || x > to ? 'no' : x === to ? 'either' : 'yes'), limit: 2, pagesOnly: true as const }]),
  ];
  const listedAt: boolean[] = [];
  for (const { query, admits, limit = 100, pagesOnly } of cases) {
    const walk = await walkV2(t, '/restocking_shipments', { ...query, limit }, 5);
    const page = walk.pages.at(-1)!;
    const filter = Object.entries(query).map(([k, v]) => `${k}=${v}`).join('&');
    const listed = walk.records.some((r) => r.id === record.id);
    if (!pagesOnly) listedAt.push(listed);
    const wanted = pagesOnly ? 'either' : admits(time);
    if (wanted !== 'either' && listed !== (wanted === 'yes')) {
      t.fail({
        title: `The filter ${filter} ${wanted === 'yes' ? 'includes' : 'excludes'} a record created exactly at the boundary (§4.2: gt and lt are strict, gte and lte inclusive)`,
        expected: `shipment ${record.id} (created_at ${boundary}) ${wanted === 'yes' ? 'listed' : 'not listed'}`,
        received: listed ? 'listed' : 'not listed',
        response: page,
      });
    }
    // Judged page by page: a next_page_url that forgets the filters lists records outside them from its page on.
    for (const [index, records] of walk.pageRecords.entries()) {
      const outside = records.find((r) => typeof r.created_at !== 'string' || admits(instantOf(r.created_at)) === 'no');
      if (outside === undefined) continue;
      t.fail({
        title: `Every record the filter ${filter} returns satisfies it, on every page (§4.2)`,
        expected: 'created_at within the filter',
        received: `id ${outside.id} with created_at ${outside.created_at ?? 'nothing'} on page ${index + 1} of pages of ${limit}`,
        response: walk.pages[index]!,
      });
    }
  }
  if (listedAt[1] === listedAt[2]) {
    t.fail({
      title: `Of created_at[gt] and created_at[lte] at a record's own created_at ${boundary}, exactly one lists it (§4.2: gt strict, lte inclusive; the record was created at that instant or just after)`,
      expected: `shipment ${record.id} listed by exactly one of the two filters`,
      received: listedAt[1] ? 'listed by both' : 'listed by neither',
    });
  }
});
