// The v2 cursor walks beside the run's own writers. A server that lists newest first with a cursor
// that is a position (legal: §4.2 and §9.4 show neither the order nor the cursor) serves a record
// again when the run creates one between two pages, or when a list that trails the writes shows one
// created before the walk; the walk tells such a repeat, where the run's writes were under way or
// the list moved ahead of the record, from a cursor that repeats records by itself, which still fails.
import { afterEach, describe, expect, it } from 'vitest';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { startServer, type FaultName, type RunningServer, type VariantName } from '../../packages/cli/server/index.js';
import { startCountingProxy, type CountingProxy, type ProxiedRequest } from '../support/counting-proxy.js';
import type { CheckId } from '../fault-map/check-ids.js';

// The walk whose verdict these tests read, and a check that creates a restocking shipment before it.
const WALK: CheckId = 'v2.lists.restocking-shipments.cursor-walk';
const A_CREATE: CheckId = 'v2.restocking.create.shipped-201';

// The restocking walk and the checks that create restocking shipments, in other files: they run beside
// each other only if unselected checks declared between them do not hold them apart (src/checks/check.ts).
const walkBesideWriters = `${WALK},v2.restocking.**`;
// How long the walk's second page waits for one of the run's creates before it goes on regardless.
const HOLD_MS = 5_000;

let server: RunningServer | undefined;
let proxy: CountingProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await server?.close();
});

/**
 * Runs the walk and the writers through a proxy that holds the walk's second page in small pages
 * until the run has created a restocking shipment of the walked merchant: the create lands
 * between two pages of the walk in every run, not only when the scheduler happens to overlap them.
 */
async function walkBesideACreate(options: { variants?: VariantName[]; faults?: FaultName[] }) {
  server = await startServer({ port: 0, rateLimit: 10_000, ...options });
  const { tokens } = server.profile;
  // Every check runs as the walked merchant: none is moved to the other merchant's account.
  const { otherMerchant: _, ...fixtures } = server.profile.fixtures ?? {};
  const ofWalkedMerchant = (request: ProxiedRequest) => [tokens.primary, tokens.sameMerchantOtherChannel].some((token) => request.authorization === `Bearer ${token}`);
  let created: (() => void) | undefined;
  let createdDuringWalk = false;
  let held = false;
  proxy = await startCountingProxy(server.url, () => undefined, {
    holdBack: (request) => {
      // The cursor walk's pages in small pages (a few records each; the other walks ask for 50 or 100).
      const url = new URL(request.url, 'http://proxy');
      const smallPage = url.pathname === '/merchant_api/v2/restocking_shipments' && url.searchParams.has('cursor') && Number(url.searchParams.get('limit')) < 10;
      if (held || request.method !== 'GET' || !smallPage) return undefined;
      held = true;
      // The next create answered from now on, not one before the walk.
      const aCreate = new Promise<void>((resolve) => (created = resolve)).then(() => { createdDuringWalk = true; });
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, HOLD_MS).unref());
      return Promise.race([aCreate, timeout]);
    },
    onAnswer: (request, status) => {
      if (request.method === 'POST' && /^\/merchant_api\/v[12]\/restocking_shipments$/.test(request.url) && status === 201 && ofWalkedMerchant(request)) created?.();
    },
  });
  const outcome = await runChecks({ profile: { ...server.profile, baseUrl: proxy.url, fixtures }, only: walkBesideWriters, concurrency: 12 });
  const walk = outcome.report.checks.find((check) => check.id === WALK);
  return { status: walk?.status, message: walk?.message.split('\n')[0], createdDuringWalk };
}

describe("v2 cursor walks beside the run's own writes", () => {
  it('pass against newest-first pages with a position cursor when the run creates a record between two pages', async () => {
    const walk = await walkBesideACreate({ variants: ['v2-lists-newest-first-offset'] });
    expect(walk).toEqual({ status: 'passed', message: '', createdDuringWalk: true });
  }, 60_000);

  it('still fail a cursor that repeats the last record of each page, whatever the run writes meanwhile', async () => {
    const walk = await walkBesideACreate({ faults: ['v2-lists-cursor-repeats-last'] });
    expect(walk).toEqual({ status: 'failed', message: expect.stringContaining('serves every record once'), createdDuringWalk: true });
  }, 60_000);
});

/**
 * Runs the restocking walk after one of the run's creates on a server whose lists trail the writes
 * (lists-lag-behind-writes) and whose clock moves only when the proxy moves it: the shipment is
 * created and cancelled before the walk starts, stays out of the list through the walk's first pages,
 * and shows from its second small page on, when no write of the run is on the wire.
 */
async function walkAsALaggedCreateShows(options: { variants?: VariantName[]; faults?: FaultName[] }) {
  let now = Date.now();
  server = await startServer({ port: 0, rateLimit: 10_000, now: () => now, ...options, variants: ['lists-lag-behind-writes', ...(options.variants ?? [])] });
  const { otherMerchant: _, ...fixtures } = server.profile.fixtures ?? {};
  let cancelled: (() => void) | undefined;
  const aCancel = new Promise<void>((resolve) => (cancelled = resolve));
  let walkStarted = false;
  let createdBeforeWalk = false;
  let shown = false;
  proxy = await startCountingProxy(server.url, () => undefined, {
    holdBack: (request) => {
      const url = new URL(request.url, 'http://proxy');
      if (request.method !== 'GET' || url.pathname !== '/merchant_api/v2/restocking_shipments') return undefined;
      const limit = Number(url.searchParams.get('limit'));
      if (!walkStarted && limit === 100 && !url.searchParams.has('cursor')) {
        walkStarted = true;
        const timeout = new Promise<void>((resolve) => setTimeout(resolve, HOLD_MS).unref());
        return Promise.race([aCancel.then(() => { createdBeforeWalk = true; }), timeout]);
      }
      // The index catches up between the small walk's first and second page.
      if (!shown && limit < 10 && url.searchParams.has('cursor')) {
        shown = true;
        now += 2_000;
      }
      return undefined;
    },
    onAnswer: (request, status) => {
      if (request.method === 'PUT' && /^\/merchant_api\/v2\/restocking_shipments\/\d+\/cancel$/.test(request.url) && status < 300) cancelled?.();
    },
  });
  const outcome = await runChecks({ profile: { ...server.profile, baseUrl: proxy.url, fixtures }, only: `${WALK},${A_CREATE}`, concurrency: 12 });
  const walk = outcome.report.checks.find((check) => check.id === WALK);
  return { status: walk?.status, message: walk?.message.split('\n')[0], createdBeforeWalk, shown };
}

describe('v2 cursor walks over a list that trails the writes', () => {
  it('pass against newest-first pages with a position cursor when a record the run created before the walk shows during it', async () => {
    const walk = await walkAsALaggedCreateShows({ variants: ['v2-lists-newest-first-offset'] });
    expect(walk).toEqual({ status: 'passed', message: '', createdBeforeWalk: true, shown: true });
  }, 60_000);

  it('still fail a cursor that repeats the last record of each page when such a record shows at the end of the list', async () => {
    const walk = await walkAsALaggedCreateShows({ faults: ['v2-lists-cursor-repeats-last'] });
    expect(walk).toEqual({ status: 'failed', message: expect.stringContaining('serves every record once'), createdBeforeWalk: true, shown: true });
  }, 60_000);
});
