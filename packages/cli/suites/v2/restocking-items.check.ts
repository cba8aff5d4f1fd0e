// §2.3 and §4.2 for the items and the required properties of v2 restocking shipments: how an item
// names its SKU, announced_quantity >= 0, the create body's required properties, and an update's
// item list replacing the stored one.
import { check } from '../../src/checks/index.js';
import type { CheckContext } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { announcedItems, createV2Shipment, expectCreateRefused, v2RestockingBody } from '../support/restocking.js';

const needs = ['fixtures.warehouseId', 'fixtures.sku'];

/** The profile's SKU and another SKU of the merchant (the batch SKU); skips when they are one. */
function twoSkus(t: CheckContext): { sku: SkuFixture; other: SkuFixture } {
  const sku = t.fixtures.sku as SkuFixture;
  const other = t.fixtures.batchSku as SkuFixture;
  if (other.id === sku.id || other.sku_code === sku.sku_code) t.skip('fixtures.sku and fixtures.batchSku are one SKU: a second SKU is needed');
  return { sku, other };
}

check({
  id: 'v2.restocking.create.sku-id-over-sku-code',
  api: 'v2',
  section: '2.3',
  title: 'An item sent with both sku_id and sku_code (of another SKU) on create gets the SKU of sku_id',
  needs: [...needs, 'fixtures.batchSku'],
  writes: true,
}, async (t) => {
  const { sku, other } = twoSkus(t);
  const body = { ...v2RestockingBody(t), restocking_shipment_items: [{ sku_id: sku.id, sku_code: other.sku_code, announced_quantity: 5 }] };
  const created = await createV2Shipment(t, body);
  t.expect(created, 'If both sku_id and sku_code are sent on create, sku_id is used (§2.3)', [{ sku_id: sku.id, announced_quantity: 5 }], announcedItems(created.body));
});

check({
  id: 'v2.restocking.create.sku-code-resolved',
  api: 'v2',
  section: '2.3',
  title: 'An item naming its SKU by sku_code alone is created for that SKU',
  needs,
  writes: true,
}, async (t) => {
  const sku = t.fixtures.sku as SkuFixture;
  const body = { ...v2RestockingBody(t), restocking_shipment_items: [{ sku_code: sku.sku_code, announced_quantity: 5 }] };
  const created = await createV2Shipment(t, body);
  t.expect(created, 'sku_id is required on input only if sku_code is absent; the item answers the sku_id of the SKU named (§2.3)', [{ sku_id: sku.id, announced_quantity: 5 }], announcedItems(created.body));
});

// The properties §4.2 marks required in the v2 create body.
const requiredOnCreate = ['delivery_option', 'estimated_arrival_date', 'warehouse_id', 'restocking_shipment_items'] as const;

check({
  id: 'v2.restocking.create.required-properties',
  api: 'v2',
  section: '4.2',
  title: 'POST /restocking_shipments without delivery_option, estimated_arrival_date, warehouse_id or restocking_shipment_items is refused',
  needs,
  writes: true,
}, async (t) => {
  for (const property of requiredOnCreate) {
    const { [property]: _left, ...body } = v2RestockingBody(t);
    const answer = await t.v2.post('/restocking_shipments', { body, validate: false });
    expectCreateRefused(t, answer, [400, 422], `A create body without ${property}, which §4.2 marks required, answers 400 or 422 (§7)`);
  }
});

check({
  id: 'v2.restocking.items.negative-quantity-refused',
  api: 'v2',
  section: '2.3',
  title: 'An announced_quantity below 0 is refused on create and on update, and the update changes no item',
  needs,
  writes: true,
}, async (t) => {
  const sku = t.fixtures.sku as SkuFixture;
  const negative = [{ sku_id: sku.id, announced_quantity: -1 }];
  const refusedCreate = await t.v2.post('/restocking_shipments', { body: { ...v2RestockingBody(t), restocking_shipment_items: negative }, validate: false });
  expectCreateRefused(t, refusedCreate, [400, 422], 'A create with announced_quantity -1 answers 400 or 422 (§2.3: integer >= 0; §7)');
  const created = await createV2Shipment(t);
  const refusedUpdate = await t.v2.put('/restocking_shipments/{id}', { path: { id: created.body.id }, body: { restocking_shipment_items: negative }, validate: false });
  t.expectStatus(refusedUpdate, [400, 422], 'An update with announced_quantity -1 answers 400 or 422 (§2.3: integer >= 0; §7)');
  const after = await t.v2.get('/restocking_shipments/{id}', { path: { id: created.body.id } });
  t.expectStatus(after, 200);
  t.expect(after, 'The refused update changed no item (§7)', announcedItems(created.body), announcedItems(after.body));
});

check({
  id: 'v2.restocking.update.items-replaced',
  api: 'v2',
  section: '4.2',
  title: 'PUT /restocking_shipments/{id} with restocking_shipment_items replaces the item list: lines of SKUs not sent are gone',
  needs: [...needs, 'fixtures.batchSku'],
  writes: true,
}, async (t) => {
  const { other } = twoSkus(t);
  const created = await createV2Shipment(t);
  const items = [{ sku_id: other.id, announced_quantity: 3 }];
  const updated = await t.v2.put('/restocking_shipments/{id}', { path: { id: created.body.id }, body: { restocking_shipment_items: items } });
  t.expectStatus(updated, 200, `PUT on a shipment in status ${created.body.status} answers 200 (§3.1: allowed in created and shipped)`);
  t.expect(updated, 'The update replaces the resource: the items are exactly those sent (§4.2)', items, announcedItems(updated.body));
  const read = await t.v2.get('/restocking_shipments/{id}', { path: { id: created.body.id } });
  t.expectStatus(read, 200);
  t.expect(read, 'The stored items are exactly those sent (§4.2: the update replaces the resource)', items, announcedItems(read.body));
});
