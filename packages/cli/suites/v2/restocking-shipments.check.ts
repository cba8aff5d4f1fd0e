// §3.1 and §4.2 for v2 restocking shipments: create, update and its guard, cancel.
import { check } from '../../src/checks/index.js';
import type { CheckContext } from '../../src/checks/index.js';
import { digitsAsNumber } from '../support/digits.js';
import { answerExcerpt, requireSuccess } from '../support/success.js';
import { expectTextKept } from '../support/text.js';
import { announcedItems, createV2Shipment, editableStatuses, findNotEditableShipment, skipUnlessStillNotEditable, NOT_EDITABLE_SHIPMENTS, updatableState, v2RestockingBody } from '../support/restocking.js';

const needs = ['fixtures.warehouseId', 'fixtures.sku'];

check({
  id: 'v2.restocking.create.shipped-201',
  api: 'v2',
  section: '4.2',
  title: 'POST /restocking_shipments answers 201 with the v2 shipment in status shipped, its text as it was sent',
  needs,
  writes: true,
}, async (t) => {
  const body = v2RestockingBody(t);
  const created = await createV2Shipment(t, body);
  t.expect(created, 'A shipment created through the API starts in status shipped (§3.1)', 'shipped', created.body.status);
  // Whether the answer carries warehouse_id at all, and as an integer, is v2.schema.restocking-shipment's rule; its value is this one's.
  if (created.body.warehouse_id !== undefined) t.expect(created, 'The created shipment carries the warehouse_id sent', body.warehouse_id, digitsAsNumber(created.body.warehouse_id));
  t.expect(created, 'The created shipment carries the po_number sent', body.po_number, created.body.po_number);
  t.expect(created, 'The created shipment carries the items sent', body.restocking_shipment_items, announcedItems(created.body));
  expectTextKept(t, body, created, 'The created shipment');
});

check({
  id: 'v2.restocking.update.shipped-200',
  api: 'v2',
  section: '4.2',
  title: 'PUT /restocking_shipments/{id} on a shipment in status shipped answers 200 with the change applied',
  needs,
  writes: true,
}, async (t) => {
  const created = await createV2Shipment(t);
  const change = { supplier_name: t.uniqueId('supplier'), tracking_code: t.uniqueId('tracking') };
  const updated = await t.v2.put('/restocking_shipments/{id}', { path: { id: created.body.id }, body: change });
  t.expectStatus(updated, 200, `PUT on a shipment in status ${created.body.status} answers 200 (§3.1: allowed in created and shipped)`);
  t.expect(updated, 'The answer carries the supplier_name sent', change.supplier_name, updated.body.supplier_name);
  t.expect(updated, 'The answer carries the tracking_code sent', change.tracking_code, updated.body.tracking_code);
});

check({
  id: 'v2.restocking.update.guard-422',
  api: 'v2',
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
  const refused = await t.v2.put('/restocking_shipments/{id}', { path: { id: target.id }, body: { tracking_code: t.uniqueId('tracking') } });
  t.expectStatus(refused, 422, `PUT on a shipment in status ${target.status} answers 422 (§3.1, §4.2: allowed only in ${editableStatuses.join(' and ')})`);
  const after = await t.v2.get('/restocking_shipments/{id}', { path: { id: target.id } });
  t.expectStatus(after, 200);
  t.expect(after, 'The refused update changed nothing it sent (tracking_code, the announced items)', updatableState(before.body), updatableState(after.body));
});

/** Reads a shipment back (200 required) and fails unless it is in status cancelled (§3.1). */
async function expectCancelled(t: CheckContext, id: number, what: string): Promise<void> {
  const after = await t.v2.get('/restocking_shipments/{id}', { path: { id } });
  t.expectStatus(after, 200);
  t.expect(after, what, 'cancelled', after.body.status);
}

check({
  id: 'v2.restocking.cancel.shipped-cancelled',
  api: 'v2',
  section: '3.1',
  title: 'PUT /restocking_shipments/{id}/cancel on a shipment the run just created moves it to cancelled',
  needs,
  writes: true,
}, async (t) => {
  const created = await createV2Shipment(t);
  // The success code and body are not shown (§4.2): the 2xx class and a fresh read are judged. Which
  // states permit a cancel is not shown either (§3.1): a refusal of a shipped shipment is no finding.
  const cancelled = await t.v2.put('/restocking_shipments/{id}/cancel', { path: { id: created.body.id }, validate: false });
  requireSuccess(t, cancelled, `Cancelling a shipment in status ${created.body.status}`);
  await expectCancelled(t, created.body.id, 'After a cancel answered with success the shipment is in status cancelled (§3.1)');
});

check({
  id: 'v2.restocking.cancel.twice-422',
  api: 'v2',
  section: '3.1',
  title: 'A cancel that is not possible answers 422: a second cancel either answers 422 or leaves the shipment cancelled',
  needs,
  writes: true,
}, async (t) => {
  const created = await createV2Shipment(t);
  const first = await t.v2.put('/restocking_shipments/{id}/cancel', { path: { id: created.body.id }, validate: false });
  requireSuccess(t, first, `Cancelling a shipment in status ${created.body.status}`);
  const between = await t.v2.get('/restocking_shipments/{id}', { path: { id: created.body.id }, premise: true });
  // A first cancel that did not cancel is v2.restocking.cancel.shipped-cancelled's finding.
  if (between.body?.status !== 'cancelled') t.skip(`the first cancel answered ${first.status} but the shipment reads ${JSON.stringify(between.body?.status)}: no cancelled shipment to cancel again`);
  const second = await t.v2.put('/restocking_shipments/{id}/cancel', { path: { id: created.body.id }, validate: false });
  if (second.status === 422) return;
  // Whether cancelled permits a cancel is not shown (§3.1): a service may take a repeated cancel as
  // done (idempotent). Then the shipment must still be cancelled; anything else is no answer §3.1 allows.
  t.expectStatus(second, [200, 201, 202, 204, 422], 'A second cancel answers 422 (not possible) or success (§3.1, §4.2)');
  await expectCancelled(t, created.body.id, 'A second cancel the service accepted leaves the shipment cancelled (§3.1)');
  t.skip(`the service accepted a second cancel (${answerExcerpt(second)}) and the shipment stays cancelled: there a repeated cancel is possible, so no impossible cancel could be observed`);
});
