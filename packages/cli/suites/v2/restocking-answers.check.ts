// §2.3 for v2 restocking shipments: the create and update answers carry a boolean priority, and an
// item on input needs sku_id or sku_code, and announced_quantity.
import { check } from '../../src/checks/index.js';
import type { Answer, CheckContext } from '../../src/checks/index.js';
import { createV2Shipment, expectCreateRefused, v2RestockingBody } from '../support/restocking.js';

const needs = ['fixtures.warehouseId', 'fixtures.sku'];

function expectPriority(t: CheckContext, answer: Answer<'v2', 'PUT /restocking_shipments/{id}'>, which: string): void {
  if (typeof answer.body?.priority !== 'boolean') {
    t.fail({ title: `The ${which} answer carries a boolean priority (§2.3)`, expected: 'priority: true or false', received: answer.body?.priority === undefined ? 'no priority' : JSON.stringify(answer.body.priority), response: answer });
  }
}

check({
  id: 'v2.restocking.priority-in-answers',
  api: 'v2',
  section: '2.3',
  title: 'The create and update answers of a v2 restocking shipment carry a boolean priority',
  needs,
  writes: true,
}, async (t) => {
  const created = await createV2Shipment(t);
  expectPriority(t, created, 'create');
  const updated = await t.v2.put('/restocking_shipments/{id}', { path: { id: created.body.id }, body: { po_number: t.uniqueId('po') } });
  t.expectStatus(updated, 200, `PUT on a shipment in status ${created.body.status} answers 200 (§3.1: allowed in created and shipped)`);
  expectPriority(t, updated, 'update');
});

check({
  id: 'v2.restocking.create.item-without-sku-refused',
  api: 'v2',
  section: '2.3',
  title: 'POST /restocking_shipments with an item naming neither sku_id nor sku_code is refused',
  needs,
  writes: true,
}, async (t) => {
  const body = { ...v2RestockingBody(t), restocking_shipment_items: [{ announced_quantity: 5 }] };
  const answer = await t.v2.post('/restocking_shipments', { body, validate: false });
  expectCreateRefused(t, answer, [400, 422], 'On input an item needs sku_id or sku_code (§2.3): one with neither answers 422 or 400 (§7)');
});

check({
  id: 'v2.restocking.create.item-without-announced-quantity-refused',
  api: 'v2',
  section: '2.3',
  title: 'POST /restocking_shipments with an item without announced_quantity is refused',
  needs,
  writes: true,
}, async (t) => {
  const body = { ...v2RestockingBody(t), restocking_shipment_items: [{ sku_id: t.fixtures.sku?.id }] };
  const answer = await t.v2.post('/restocking_shipments', { body, validate: false });
  expectCreateRefused(t, answer, [400, 422], 'announced_quantity is required on input (§2.3, §4.2): an item without it answers 422 or 400 (§7)');
});
