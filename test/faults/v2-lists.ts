import type { faults } from '../../packages/cli/server/faults/v2-lists.js';
import type { ProbeContext } from './probe.js';
import { ids } from './probe.js';
import type { Catalogue, Probe } from './types.js';

const v2Ids = (path: string): Probe => async (t) => ids(await t.v2.get(path));

async function allV2Ids(t: ProbeContext, path: string): Promise<number[]> {
  const found: number[] = [];
  let next: string | null = path;
  for (let guard = 0; next !== null && guard < 20; guard++) {
    const reply = await t.v2.get(next);
    found.push(...ids(reply));
    const url: string | null = reply.body.pagination.next_page_url;
    next = url === null ? null : url.slice(url.indexOf('/merchant_api/v2') + 16);
  }
  return found;
}

/** The v2 list faults (§2.7, §4.2, §9.4): the checks that catch each, and the probe that shows it. */
export const catalogue = {
  'v2-lists-cursor-repeats-last': {
    checks: ['v2.lists.restocking-shipments.cursor-walk', 'v2.lists.orders.cursor-walk'],
    probe: async (t) => allV2Ids(t, '/restocking_shipments?limit=5'),
    conforming: [901, 902, 903, 904, 905, 906, 907, 908],
  },
  'v2-lists-limit-ignored': { checks: ['v2.lists.restocking-shipments.limit', 'v2.lists.orders.limit'], probe: v2Ids('/restocking_shipments?limit=3'), conforming: [901, 902, 903] },
  'v2-lists-next-page-url-not-null-at-end': {
    checks: ['v2.lists.restocking-shipments.cursor-walk', 'v2.lists.orders.cursor-walk', 'v2.lists.restocking-shipments.created-at'],
    probe: async (t) => (await t.v2.get('/restocking_shipments')).body.pagination.next_page_url,
    conforming: null,
  },
  'v2-lists-created-at-filter-ignored': {
    checks: ['v2.lists.restocking-shipments.created-at', 'v2.properties.pagination', 'v2.properties.generated.restocking-shipments-list'],
    probe: v2Ids('/restocking_shipments?created_at[gt]=2026-01-08T00:00:00Z'),
    conforming: [907, 908],
  },
  'v2-lists-next-page-url-drops-filters': {
    // The pagination property catches it too where its drawn window spans pages (not at the matrix's seed).
    checks: ['v2.lists.restocking-shipments.created-at'],
    probe: async (t) => allV2Ids(t, '/restocking_shipments?limit=2&created_at[lt]=2026-01-05T00:00:00Z'),
    conforming: [901, 902, 903],
  },
  'v2-lists-created-at-strict-as-inclusive': { checks: ['v2.lists.restocking-shipments.created-at'], probe: v2Ids('/restocking_shipments?created_at[gt]=2026-01-08T07:30:00Z'), conforming: [908] },
} satisfies Catalogue<typeof faults>;
