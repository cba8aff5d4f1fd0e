// §2 for v1: one read of each resource kind, so that a response breaking its schema (a wrong type, an
// unknown enum value, a missing required field) fails in the check named for that resource. Each
// `owns` the answers of its kind: every violation any check of the run saw there is reported by it,
// once (src/runner/schema-verdicts.ts); these reads make sure each kind is seen at least once.
import { SCHEMA_OWNERS } from '../../src/judgements/index.js';
import { check } from '../../src/checks/index.js';
import { merchantShipments, oneOfEachStatus } from '../support/restocking.js';
import { recordIds } from '../support/scope.js';

// Enough restocking shipments to meet each status a test deployment seeds, few enough for production.
const MAX_RESTOCKING_READS = 10;

check({
  id: 'v1.schema.order',
  api: 'v1',
  section: '2.1',
  title: 'Orders in GET /orders and GET /orders/{id} match the v1 Order schema',
  owns: [...SCHEMA_OWNERS['v1.schema.order']],
}, async (t) => {
  const list = await t.v1.get('/orders', { query: { limit: 5 } });
  const [id] = recordIds((list.body as { data: unknown[] }).data);
  if (id === undefined) return t.skip('GET /orders lists no order with an id');
  const res = await t.v1.get('/orders/{id}', { path: { id } });
  t.expectStatus(res, 200, `Order ${id} from the channel's own list is readable (§4.1)`);
});

check({
  id: 'v1.schema.pagination',
  api: 'v1',
  section: '2.7',
  title: 'The pagination object of v1 lists holds current_page, item_count, page_count and items_per_page as integers',
  owns: [...SCHEMA_OWNERS['v1.schema.pagination']],
}, async (t) => {
  for (const path of ['/orders', '/shipments'] as const) {
    const res = await t.v1.get(path, { query: { limit: 1 } });
    t.expectStatus(res, 200, `GET ${path} answers a page (§4.1)`);
  }
});

check({
  id: 'v1.schema.restocking-shipment',
  api: 'v1',
  section: '2.3',
  title: "The merchant's restocking shipments read through GET /restocking_shipments/{id} match the v1 schema, status in the v1 set",
  owns: [...SCHEMA_OWNERS['v1.schema.restocking-shipment']],
}, async (t) => {
  // v1 has no restocking list, so the ids come from the merchant's v2 list: one shipment of each status
  // it shows, each read through v1 once, as the v1 status set is not the v2 one (§3.1).
  const ids = recordIds(oneOfEachStatus(await merchantShipments(t))).slice(0, MAX_RESTOCKING_READS);
  if (ids.length === 0) return t.skip('the merchant lists no restocking shipment');
  for (const id of ids) {
    const res = await t.v1.get('/restocking_shipments/{id}', { path: { id } });
    t.expectStatus(res, 200, `Restocking shipment ${id} of the merchant is readable through v1 (§1)`);
  }
});

check({
  id: 'v1.schema.sku',
  api: 'v1',
  section: '2.6',
  title: 'The SKU answered by PATCH /skus/{id} matches the v1 SKU schema',
  owns: [...SCHEMA_OWNERS['v1.schema.sku']],
  needs: ['fixtures.sku'],
  writes: true,
}, async (t) => {
  // An empty update keeps every property (§4.1): the SKU comes back unchanged, for its schema to be seen.
  const res = await t.v1.patch('/skus/{id}', { path: { id: t.fixtures.sku!.id }, body: {} });
  t.expectStatus(res, 200, 'An empty update of the fixture SKU answers the SKU (§4.1)');
});
