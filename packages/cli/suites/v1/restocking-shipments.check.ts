// §3.1 and §4.1 for v1 restocking shipments: create, the update guard and the v1 update rules.
import { check } from '../../src/checks/index.js';
import type { Answer, CheckContext } from '../../src/checks/index.js';
import { dateInDays } from '../support/dates.js';
import { digitsAsNumber } from '../support/digits.js';
import { cancelAtEnd } from '../support/cancel.js';
import { expectTextKept } from '../support/text.js';
import { announcedItems, editableStatuses, findNotEditableShipment, skipUnlessStillNotEditable, NOT_EDITABLE_SHIPMENTS, updatableState, v1RestockingBody } from '../support/restocking.js';

const needs = ['fixtures.warehouseId', 'fixtures.sku'];

/**
 * Creates a v1 shipment from `body` (201 required, §4.1) and registers its cancellation. Only
 * v1.restocking.create.shipped-201 judges the create's status; for the others it is a premise.
 */
async function createV1Shipment(t: CheckContext, body: Record<string, unknown>, premise = true): Promise<Answer<'v1', 'POST /restocking_shipments'>> {
  const created = await t.v1.post('/restocking_shipments', { body, premise });
  t.expectStatus(created, 201, 'v1 POST /restocking_shipments answers 201 with the shipment (§4.1)');
  cancelAtEnd(t, 'restocking_shipments', created.body.id);
  return created;
}

check({
  id: 'v1.restocking.create.shipped-201',
  api: 'v1',
  section: '4.1',
  title: 'POST /restocking_shipments answers 201 with the v1 shipment in status shipped, its text as it was sent',
  needs,
  writes: true,
}, async (t) => {
  const body = v1RestockingBody(t);
  const created = await createV1Shipment(t, body, false);
  t.expect(created, 'A shipment created through the API starts in status shipped (§3.1)', 'shipped', created.body.status);
  t.expect(created, 'The created shipment carries the po_number sent', body.po_number, created.body.po_number);
  expectTextKept(t, body, created, 'The created shipment');
  // v1 item fields other than in requests are not shown (§2.3): the items' content is not compared.
  t.expect(created, 'The created shipment lists one item per item sent', 1, created.body.restocking_shipment_items.length);
});

check({
  id: 'v1.restocking.create.warehouse-digit-string',
  api: 'v1',
  section: '4.1',
  title: 'warehouse_id as a string of digits is accepted as that warehouse',
  needs,
  writes: true,
}, async (t) => {
  const created = await createV1Shipment(t, { ...v1RestockingBody(t), warehouse_id: String(t.fixtures.warehouseId) });
  // The answer's warehouse_id as a string of digits is read as its number: its JSON type is v1.schema.restocking-shipment's rule.
  t.expect(created, 'The shipment is bound to the warehouse the digit string names (§4.1)', t.fixtures.warehouseId, digitsAsNumber(created.body.warehouse_id));
});

check({
  id: 'v1.restocking.create.arrival-date-time',
  api: 'v1',
  section: '4.1',
  title: 'A date-time estimated_arrival_date is accepted and its date is stored',
  needs,
  writes: true,
}, async (t) => {
  const date = dateInDays(14);
  // Noon UTC: the same calendar date in every time zone a service could read it in.
  const created = await createV1Shipment(t, { ...v1RestockingBody(t), estimated_arrival_date: `${date}T12:00:00Z` });
  t.expect(created, 'estimated_arrival_date holds the date of the date-time sent (§4.1)', date, created.body.estimated_arrival_date);
});

check({
  id: 'v1.restocking.update.omitted-kept',
  api: 'v1',
  section: '4.1',
  title: 'PUT /restocking_shipments/{id} on a shipped shipment answers 200 and keeps the properties left out',
  needs,
  writes: true,
}, async (t) => {
  const body = v1RestockingBody(t);
  const created = await createV1Shipment(t, body);
  const supplier = t.uniqueId('supplier');
  const updated = await t.v1.put('/restocking_shipments/{id}', { path: { id: created.body.id }, body: { supplier_name: supplier, restocking_shipment_items: body.restocking_shipment_items } });
  t.expectStatus(updated, 200, `PUT on a shipment in status ${created.body.status} answers 200 (§3.1: allowed in created and shipped)`);
  t.expect(updated, 'The property sent is changed', supplier, updated.body.supplier_name);
  for (const key of ['warehouse_id', 'estimated_arrival_date', 'delivery_option', 'tracking_code', 'po_number'] as const) {
    t.expect(updated, `${key}, left out of the update, keeps its value (§4.1)`, created.body[key], updated.body[key]);
  }
});

check({
  id: 'v1.restocking.update.omitted-items-removed',
  api: 'v1',
  section: '4.1',
  title: 'PUT /restocking_shipments/{id} without restocking_shipment_items removes every item',
  needs,
  writes: true,
}, async (t) => {
  const created = await createV1Shipment(t, v1RestockingBody(t));
  const updated = await t.v1.put('/restocking_shipments/{id}', { path: { id: created.body.id }, body: { tracking_code: t.uniqueId('tracking') } });
  t.expectStatus(updated, 200, 'PUT on a shipment the run just created answers 200 (§3.1)');
  t.expect(updated, 'Leaving out restocking_shipment_items removes every item (§4.1)', [], updated.body.restocking_shipment_items);
});

check({
  id: 'v1.restocking.update.guard-422',
  api: 'v1',
  section: '3.1',
  title: 'PUT /restocking_shipments/{id} answers 422 for a shipment neither created nor shipped, and changes nothing',
  needs,
  writes: true,
  locks: [NOT_EDITABLE_SHIPMENTS],
}, async (t) => {
  const target = await findNotEditableShipment(t);
  const before = await t.v2.get('/restocking_shipments/{id}', { path: { id: target.id } });
  t.expectStatus(before, 200);
  skipUnlessStillNotEditable(t, target.id, target.status, before.body.status);
  // The current items are sent back, so a server that wrongly accepts the update loses nothing but a tracking code.
  const refused = await t.v1.put('/restocking_shipments/{id}', { path: { id: target.id }, body: { tracking_code: t.uniqueId('tracking'), restocking_shipment_items: announcedItems(before.body) } });
  t.expectStatus(refused, 422, `PUT on a shipment in v2 status ${target.status} answers 422 (§3.1, §4.1: allowed only in ${editableStatuses.join(' and ')})`);
  const after = await t.v2.get('/restocking_shipments/{id}', { path: { id: target.id } });
  t.expectStatus(after, 200);
  t.expect(after, 'The refused update changed nothing it sent (tracking_code, the announced items)', updatableState(before.body), updatableState(after.body));
});
