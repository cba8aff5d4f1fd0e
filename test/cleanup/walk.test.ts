// The list walk's bound (in process, against the reference server): a list longer than the bound
// stops the walk, which the summary says and the exit code reflects.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { unwrap } from '../../packages/api/src/client/index.js';
import { cleanUp, cleanupClients, cleanupExitCode, renderSummary, type CleanupClients } from '../../packages/cli/src/cleanup/index.js';
import { dateInDays } from '../../packages/cli/suites/support/dates.js';

let server: RunningServer;
let clients: CleanupClients;

beforeAll(async () => {
  server = await startServer({ host: '127.0.0.1', port: 0, rateLimit: 10000 });
  clients = cleanupClients({ baseUrl: server.url, token: server.profile.tokens.primary });
  const { fixtures } = server.profile;
  for (const n of [1, 2, 3]) {
    unwrap(await clients.v2.POST('/restocking_shipments', { body: {
      delivery_option: 'postal', estimated_arrival_date: dateInDays(7), warehouse_id: fixtures.warehouseId!,
      restocking_shipment_items: [{ sku_id: fixtures.sku!.id, announced_quantity: 1 }], po_number: `mfc-walktest-po-${n}`,
    } }));
  }
});

afterAll(async () => {
  await clients?.close();
  await server?.close();
});

it('stops at the bound while the list goes on, says so and exits 1', async () => {
  const outcome = await cleanUp(clients, { marker: 'mfc-walktest', dryRun: true, bounds: { maxPages: 2, maxRecords: 5_000, pageSize: 1 } });
  expect(outcome.walks.every((walk) => walk.stopped && walk.pages === 2 && walk.records === 2)).toBe(true);
  expect(renderSummary(outcome)).toMatch(/stopped walking v2 GET \/orders at its bound \(2 pages, 2 records\) while the list goes on/);
  expect(cleanupExitCode(outcome)).toBe(1);
});

it('walks every page without a bound in reach, and finds the marked records', async () => {
  const outcome = await cleanUp(clients, { marker: 'mfc-walktest', dryRun: true });
  expect(outcome.walks.every((walk) => !walk.stopped && walk.failure === undefined)).toBe(true);
  expect(outcome.results.map((result) => [result.kind, result.markedBy?.value, result.action])).toEqual(
    [1, 2, 3].map((n) => ['restocking_shipment', `mfc-walktest-po-${n}`, 'would-cancel']),
  );
  expect(cleanupExitCode(outcome)).toBe(0);
});
