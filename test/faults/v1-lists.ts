import type { faults } from '../../packages/cli/server/faults/v1-lists.js';
import { ids } from './probe.js';
import type { Catalogue, Probe } from './types.js';

const v1Page = (query: string, pick: (body: any) => unknown): Probe => async (t) => pick((await t.v1.get(`/orders${query}`)).body);

/**
 * The v1 list faults (§2.7, §4.1): the checks that catch each, and the probe that shows it. The list
 * faults live in server/pagination.ts, shared by every v1 list, so they show on GET /shipments too.
 */
export const catalogue = {
  'v1-lists-default-limit-not-20': { checks: ['v1.lists.orders.default-limit-20'], probe: v1Page('', (b) => b.data.length), conforming: 20 },
  'v1-lists-limit-not-capped': { checks: ['v1.lists.orders.limit-capped-at-100'], probe: v1Page('?limit=150', (b) => b.pagination.items_per_page), conforming: 100 },
  'v1-lists-page-zero-based': {
    checks: ['v1.lists.orders.pages-from-1', 'v1.properties.pagination', 'v1.shipments.list.pages-from-1'],
    probe: v1Page('?page=1', (b) => b.data[0].id),
    conforming: 148,
  },
  // With one shipped shipment, page 2 of limit 1 is already past the last page.
  'v1-lists-past-end-repeats-last-page': {
    checks: ['v1.lists.orders.past-last-page-empty', 'v1.properties.pagination', 'v1.shipments.list.past-last-page-empty', 'v1.shipments.list.pages-from-1'],
    probe: v1Page('?page=5', (b) => b.data.length),
    conforming: 0,
  },
  'v1-lists-item-count-on-page': { checks: ['v1.lists.orders.pagination-consistent', 'v1.properties.pagination'], probe: v1Page('', (b) => b.pagination.item_count), conforming: 48 },
  // Order 149, made in the provider's application, is left out of the list (§4.1); 48 others are listed.
  'v1-lists-item-count-off-by-one': { checks: ['v1.properties.pagination'], probe: v1Page('', (b) => b.pagination.item_count), conforming: 48 },
  'v1-lists-page-count-off-by-one': {
    checks: ['v1.lists.orders.pagination-consistent', 'v1.shipments.list.pagination-consistent', 'v1.properties.pagination'],
    probe: v1Page('', (b) => b.pagination.page_count),
    conforming: 3,
  },
  // A /shipments that ignores every created_at filter is legal (they are "accepted by most list
  // endpoints", §4.1): v1.shipments.list.created-at-filters skips it, and fails the fault below.
  'v1-lists-created-at-filter-ignored': {
    checks: ['v1.lists.orders.created-at-boundaries', 'v1.properties.pagination', 'v1.properties.generated.orders-list', 'v1.properties.generated.shipments-list'],
    probe: v1Page('?created_at[lt]=2026-01-05T09:00:00Z', (b) => b.pagination.item_count),
    conforming: 2,
  },
  'v1-shipments-created-at-upper-bound-ignored': {
    checks: ['v1.shipments.list.created-at-filters'],
    probe: async (t) => (await t.v1.get('/shipments?created_at[lt]=2000-01-01T00:00:00Z')).body.data.length,
    conforming: 0,
  },
  'v1-lists-created-at-filter-first-page-only': {
    checks: ['v1.properties.pagination'],
    probe: v1Page('?created_at[lt]=2026-01-05T09:00:00Z&limit=1&page=2', (b) => b.data.map((o: { id: number }) => o.id)),
    conforming: [101],
  },
  'v1-orders-list-api-orders-missing': {
    checks: ['v1.lists.orders.newest-received-first'],
    probe: async (t) => {
      const created = (await t.v1.post('/orders', { merchant_order_id: 'FAULT-LISTED', shipping_address: { city: 'Berlin', country_code: 'DE', line1: 'Street 1', postal_code: '10115', full_name: 'A B' }, items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 1 }] })).body;
      return (await t.v1.get('/orders?limit=1')).body.data[0].id === created.id;
    },
    conforming: true,
  },
  'v1-lists-created-at-strict-as-inclusive': {
    checks: ['v1.lists.orders.created-at-boundaries', 'v1.properties.pagination'],
    probe: v1Page('?created_at[lt]=2026-01-05T08:37:00Z', (b) => b.pagination.item_count),
    conforming: 1,
  },
  'v1-orders-list-oldest-first': { checks: ['v1.lists.orders.newest-received-first', 'v1.properties.pagination'], probe: v1Page('?limit=1', (b) => b.data[0].id), conforming: 148 },
  'v1-orders-list-sorted-by-created-at': {
    checks: ['v1.lists.orders.newest-received-first'],
    probe: v1Page('?limit=5', (b) => b.data.map((o: { id: number }) => o.id)),
    conforming: [148, 147, 146, 145, 144],
  },
  'v1-orders-filter-on-created-at': {
    checks: ['v1.lists.orders.filter-by-received-time'],
    probe: v1Page('?limit=100&created_at[gte]=2026-01-06T12:00:00Z', (b) => b.pagination.item_count),
    conforming: 2,
  },
  'v1-shipments-list-includes-unshipped': { checks: ['v1.shipments.list.only-shipped'], probe: async (t) => ids(await t.v1.get('/shipments')), conforming: [408] },
  'v1-lists-warehouses-paginated': { checks: ['v1.lists.warehouses.not-paginated'], probe: async (t) => (await t.v1.get('/warehouses?page=2&limit=1')).body.data.length, conforming: 2 },
} satisfies Catalogue<typeof faults>;
