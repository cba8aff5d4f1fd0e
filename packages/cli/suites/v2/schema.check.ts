// §2 for v2: one read of each resource kind, so that a response breaking its schema (a wrong type, a
// lower-case currency, a missing required field, an unknown enum value) fails in the check named for
// that resource. Each `owns` the answers of its kind: every violation any check of the run saw there
// is reported by it, once (src/runner/schema-verdicts.ts); these reads make sure each kind is seen.
import { SCHEMA_OWNERS } from '../../src/judgements/index.js';
import { check } from '../../src/checks/index.js';
import { recordIds, v2ListAll } from '../support/scope.js';

check({
  id: 'v2.schema.order',
  api: 'v2',
  section: '2.1',
  title: 'Orders in GET /orders and GET /orders/{id} match the Order schema, fulfillment_status in the §3.2 set',
  owns: [...SCHEMA_OWNERS['v2.schema.order']],
}, async (t) => {
  const [id] = recordIds(await v2ListAll(t.v2, '/orders'));
  if (id === undefined) return t.skip('GET /orders lists no order with an id');
  const res = await t.v2.get('/orders/{id}', { path: { id } });
  t.expectStatus(res, 200, `Order ${id} from the merchant's own list is readable (§4.2)`);
});

check({
  id: 'v2.schema.restocking-shipment',
  api: 'v2',
  section: '2.3',
  title: 'Restocking shipments in GET /restocking_shipments and GET /restocking_shipments/{id} match the v2 schema, status in the v2 set',
  owns: [...SCHEMA_OWNERS['v2.schema.restocking-shipment']],
}, async (t) => {
  const [id] = recordIds(await v2ListAll(t.v2, '/restocking_shipments'));
  if (id === undefined) return t.skip('the merchant lists no restocking shipment');
  const res = await t.v2.get('/restocking_shipments/{id}', { path: { id } });
  t.expectStatus(res, 200, `Restocking shipment ${id} from the merchant's own list is readable (§4.2)`);
});

check({
  id: 'v2.schema.pagination',
  api: 'v2',
  section: '2.7',
  title: 'The pagination object of the v2 restocking list holds first_page_url, limit and next_page_url',
  owns: [...SCHEMA_OWNERS['v2.schema.pagination']],
}, async (t) => {
  const res = await t.v2.get('/restocking_shipments', { query: { limit: 1 } });
  t.expectStatus(res, 200, 'GET /restocking_shipments answers a page (§4.2)');
});

check({
  id: 'v2.schema.inventory-batch',
  api: 'v2',
  section: '2.4',
  title: 'The inventory batch answered by POST /skus/{sku_id}/inventory_batches matches the InventoryBatch schema',
  owns: [...SCHEMA_OWNERS['v2.schema.inventory-batch']],
  needs: ['fixtures.batchSku'],
  writes: true,
}, async (t) => {
  const res = await t.v2.post('/skus/{sku_id}/inventory_batches', {
    path: { sku_id: t.fixtures.batchSku!.id },
    body: { lot_number: t.uniqueId('lot'), production_date: '2026-01-01', expiry_date: '2030-01-01' },
  });
  // When and why a batch create is refused is not shown; without a batch there is no schema to see.
  if (res.status < 200 || res.status > 299) return t.skip(`the target created no batch (status ${res.status})`);
});

check({
  id: 'v2.schema.inventory-batch-settings',
  api: 'v2',
  section: '2.5',
  title: 'The batch settings answered by PUT /skus/{sku_id}/inventory_batch_settings match the InventoryBatchSettings schema',
  owns: [...SCHEMA_OWNERS['v2.schema.inventory-batch-settings']],
  needs: ['fixtures.batchSku'],
  writes: true,
}, async (t) => {
  // A write of neither expiry field changes nothing that matters (§4.2: it leaves batch tracking unchanged).
  const res = await t.v2.put('/skus/{sku_id}/inventory_batch_settings', { path: { sku_id: t.fixtures.batchSku!.id }, body: {} });
  if (res.status < 200 || res.status > 299) return t.skip(`the target answered no settings (status ${res.status})`);
});
