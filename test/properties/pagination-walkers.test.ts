// The pagination walkers and their judgement against an in-memory list: a conforming list passes for
// any size, limit and window; each way of breaking it is reported whenever it can show.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insideWindow, windowArb, windowSelections } from '../../packages/cli/properties/pagination-arbitraries.js';
import { nextPageRequest, v1PageSize, v1WalkProblems, v2WalkProblems, walkV1, walkV2, type V1Page, type V2Page } from '../../packages/cli/properties/pagination-model.js';

type Deviation = 'none' | 'drop-boundary' | 'repeat-boundary' | 'item-count-on-page' | 'page-count-plus-one';

/** A v1 list over `records` (already filtered and newest first) with one deviation switched on. */
function v1List(records: number[], limit: number, deviation: Deviation) {
  return async (page: number): Promise<V1Page<number>> => {
    const size = v1PageSize(limit);
    const shift = page > 1 ? ({ 'drop-boundary': 1, 'repeat-boundary': -1 } as Record<string, number>)[deviation] ?? 0 : 0;
    const data = records.slice((page - 1) * size + shift, page * size + shift);
    const pageCount = Math.ceil(records.length / size);
    return {
      data,
      pagination: {
        current_page: page,
        item_count: deviation === 'item-count-on-page' ? data.length : records.length,
        page_count: deviation === 'page-count-plus-one' ? pageCount + 1 : pageCount,
        items_per_page: size,
      },
    };
  };
}

/** A v2 list over `records` whose cursor is the index of the next record, with one deviation. */
function v2List(records: number[], limit: number, deviation: 'none' | 'cursor-repeats-last' | 'never-ends') {
  const page = (start: number): V2Page<number> => {
    const data = records.slice(start, start + limit);
    const nextStart = start + data.length - (deviation === 'cursor-repeats-last' && data.length > 1 ? 1 : 0);
    const more = start + limit < records.length || deviation === 'never-ends';
    return { data, pagination: { first_page_url: 'mem:0', limit, next_page_url: more ? `mem:${nextStart}` : null } };
  };
  return { first: async () => page(0), follow: async (url: string) => page(Number(url.slice(4))) };
}

const listArb = fc.integer({ min: 0, max: 45 }).map((n) => Array.from({ length: n }, (_, i) => 1000 + i));
const limitArb = fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(99, 100, 101, 1_000_000));

describe('v1 walker', () => {
  it('finds nothing wrong with a conforming list, whatever the size, limit and window', async () => {
    await fc.assert(fc.asyncProperty(listArb.chain((all) => fc.tuple(fc.constant(all), limitArb, windowArb(Math.max(all.length, 1)))), async ([all, limit, window]) => {
      const expected = all.filter((_, i) => insideWindow(window, i)).reverse();
      const pages = await walkV1(v1List(expected, limit, 'none'), Math.ceil(expected.length / v1PageSize(limit)) + 2);
      expect(v1WalkProblems(pages, expected, limit, (r) => r)).toEqual([]);
      expect(pages.at(-1)?.data).toEqual([]);
    }), { numRuns: 200 });
  });

  it.each<Deviation>(['drop-boundary', 'repeat-boundary', 'item-count-on-page', 'page-count-plus-one'])('reports %s whenever the records span two pages', async (deviation) => {
    await fc.assert(fc.asyncProperty(listArb, fc.integer({ min: 1, max: 12 }), async (records, limit) => {
      fc.pre(records.length > limit);
      const pages = await walkV1(v1List(records, limit, deviation), Math.ceil(records.length / limit) + 2);
      expect(v1WalkProblems(pages, records, limit, (r) => r)).not.toEqual([]);
    }), { numRuns: 100 });
  });
});

describe('v2 walker', () => {
  it('visits every record once and ends, whatever the limit', async () => {
    await fc.assert(fc.asyncProperty(listArb, fc.integer({ min: 1, max: 12 }), async (records, limit) => {
      const list = v2List(records, limit, 'none');
      const walk = await walkV2(list.first, list.follow, records.length + 2);
      expect(v2WalkProblems(walk, new Set(records), limit, (r) => r)).toEqual([]);
    }), { numRuns: 200 });
  });

  it.each(['cursor-repeats-last', 'never-ends'] as const)('reports %s whenever the records span two pages', async (deviation) => {
    await fc.assert(fc.asyncProperty(listArb, fc.integer({ min: 1, max: 12 }), async (records, limit) => {
      fc.pre(records.length > limit && (deviation === 'never-ends' || limit > 1));
      const list = v2List(records, limit, deviation);
      const walk = await walkV2(list.first, list.follow, records.length + 2);
      expect(v2WalkProblems(walk, new Set(records), limit, (r) => r)).not.toEqual([]);
    }), { numRuns: 100 });
  });
});

describe('nextPageRequest', () => {
  const pageUrl = 'https://api.example.test/merchant_api/v2/restocking_shipments?limit=5';
  it.each([
    ['an absolute URL of the same origin', 'https://api.example.test/merchant_api/v2/restocking_shipments?cursor=abc', '/restocking_shipments?cursor=abc'],
    ['a path relative to the host', '/merchant_api/v2/restocking_shipments?cursor=abc&limit=5', '/restocking_shipments?cursor=abc&limit=5'],
    ['a query relative to the page', '?cursor=abc', '/restocking_shipments?cursor=abc'],
    ['another origin (a proxy\'s inner one), re-rooted on the base', 'http://10.0.0.7:8080/merchant_api/v2/restocking_shipments?cursor=abc', '/restocking_shipments?cursor=abc'],
  ])('%s', (_name, next, want) => {
    expect(nextPageRequest(next, pageUrl)).toBe(want);
  });
});

describe('windows over times a service may keep finer than it writes them', () => {
  it('selects the bound record of [gt] and [lte] either way, and of [gte] and [lt] one way only', () => {
    expect(windowSelections({ lower: { op: 'gte', index: 1 }, upper: { op: 'lt', index: 3 } }, 5)).toEqual([[1, 2]]);
    expect(windowSelections({ lower: { op: 'gt', index: 1 }, upper: undefined }, 4)).toEqual([[2, 3], [1, 2, 3]]);
    expect(windowSelections({ lower: { op: 'gt', index: 1 }, upper: { op: 'lte', index: 2 } }, 4)).toEqual([[2], [1, 2], [], [1]]);
    // One record on both bounds: received at its time or after, it falls outside either way.
    expect(windowSelections({ lower: { op: 'gt', index: 2 }, upper: { op: 'lte', index: 2 } }, 4)).toEqual([[]]);
  });

  it('lets a v2 walk show an optional record or not, but never twice and nothing outside', async () => {
    const list = v2List([1, 2, 3], 2, 'none');
    const walk = await walkV2(list.first, list.follow, 5);
    expect(v2WalkProblems(walk, new Set([1, 2]), 2, (r) => r, new Set([3]))).toEqual([]);
    expect(v2WalkProblems(walk, new Set([1, 2]), 2, (r) => r, new Set([4]))).toEqual(['records outside the set: [3]']);
  });
});
