// Checks against a target making legal choices the reference server does not make, where the choice
// takes away a check's premise: each such check skips saying why, and fails nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { startFakeTarget, type FakeRoute, type FakeTarget } from '../support/fake-target.js';
import { testProfile } from '../support/profile.js';

const v1Page = (data: unknown[]) => ({ data, pagination: { current_page: 1, item_count: data.length, page_count: 1, items_per_page: 100 } });

/**
 * A v2 list whose cursor is a position (`offset`), as the specification does not forbid, while
 * another client adds a record at its head with every read: a walk meets a record twice.
 */
function growingList(): FakeRoute {
  const ids = Array.from({ length: 12 }, (_, i) => 500 - i);
  return (request, reply) => {
    const url = new URL(request.url, 'http://target');
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const page = ids.slice(offset, offset + limit);
    const next = offset + limit < ids.length ? `${url.origin}${url.pathname}?limit=${limit}&offset=${offset + limit}` : null;
    ids.unshift(ids[0]! + 1);
    reply(200, { data: page.map((id) => ({ id, status: 'shipped', warehouse_id: 3, restocking_shipment_items: [] })), pagination: { first_page_url: request.url, limit, next_page_url: next } });
  };
}

describe('checks whose premise a legal target does not offer', () => {
  let target: FakeTarget;
  beforeAll(async () => {
    const shipmentsV2 = growingList();
    const shipments = [{ id: 31, created_at: '2026-01-02T10:00:00Z' }, { id: 32, created_at: '2026-01-03T10:00:00Z' }];
    target = await startFakeTarget((request, reply, res) => {
      const path = request.url.split('?')[0];
      // The v1 list read of the preflight.
      if (path === '/merchant_api/v1/orders') return reply(200, v1Page([]));
      // /shipments takes no created_at filter: as unknown parameters, they change nothing.
      if (path === '/merchant_api/v1/shipments') return reply(200, v1Page(shipments));
      if (path === '/merchant_api/v2/restocking_shipments') return shipmentsV2(request, reply, res);
      // The order list refuses a limit as invalid data (its range is not shown, §8).
      if (path === '/merchant_api/v2/orders') {
        if (request.url.includes('limit=')) return reply(422, { success: false, title: 'Unprocessable', status: 422, errors: ['limit is not allowed'] });
        return reply(200, { data: [], pagination: { first_page_url: request.url, limit: 20, next_page_url: null } });
      }
      reply(404, { success: false, errors: ['not found'] });
    }, { rateLimitMax: 1000 });
  });
  afterAll(async () => {
    await target.close();
  });

  it('skips a cursor walk over a list that grew meanwhile, created_at filters a list does not take, and a limit refused with 422', async () => {
    const outcome = await runChecks({
      profile: testProfile(target.url, { allowWrites: false }),
      include: ['suites/v1/shipments-list.check.ts', 'suites/v2/lists.check.ts'],
      only: 'v2.lists.restocking-shipments.cursor-walk,v1.shipments.list.created-at-filters,v2.lists.orders.limit',
    });
    const byId = Object.fromEntries(outcome.report.checks.map((check) => [check.id, { status: check.status, message: check.message }]));
    expect(byId).toEqual({
      'v2.lists.restocking-shipments.cursor-walk': { status: 'skipped', message: expect.stringMatching(/^the list changed while it was walked \(new: \d+/) },
      'v1.shipments.list.created-at-filters': { status: 'skipped', message: expect.stringMatching(/listed all 2 shipments under every created_at filter: it does not take them/) },
      'v2.lists.orders.limit': { status: 'skipped', message: expect.stringMatching(/^the service refused limit=1 \(status 422/) },
    });
  }, 60_000);
});

describe('the preflight against a target that refuses its page size', () => {
  it('does not take the other tokens for unusable when they get the refusal the primary got', async () => {
    // Every list refuses limit=1 as invalid data (the smallest page is not shown, §8).
    const target = await startFakeTarget((request, reply) => {
      if (request.url.includes('limit=1')) return reply(422, { success: false, title: 'Unprocessable', status: 422, errors: ['limit must be at least 10'] });
      if (request.url.startsWith('/merchant_api/v1/')) return reply(200, v1Page([]));
      reply(200, { data: [], pagination: { first_page_url: request.url, limit: 20, next_page_url: null } });
    }, { rateLimitMax: 1000 });
    try {
      const outcome = await runChecks({ profile: testProfile(target.url, { allowWrites: false }), include: ['suites/v2/lists.check.ts'], only: 'v2.lists.orders.cursor-walk' });
      expect(outcome.report.checks.filter((check) => check.id.startsWith('run.')).map((check) => check.id)).toEqual([]);
    } finally {
      await target.close();
    }
  }, 60_000);
});
