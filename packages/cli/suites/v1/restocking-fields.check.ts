// §2.3 and §4.1 for v1 restocking shipments beyond create and update basics: the update answer's
// items carry no inventory batches, warehouse_id must be one of the merchant's warehouses,
// delivery_option is one of four values, and an update may carry unknown extra properties.
import { check } from '../../src/checks/index.js';
import type { Answer, ApiResponse, CheckContext } from '../../src/checks/index.js';
import { answerExcerpt, requireSuccess } from '../support/success.js';
import { cancelAtEnd } from '../support/cancel.js';
import { expectCreateRefused, v1RestockingBody } from '../support/restocking.js';
import { recordId } from '../support/scope.js';

const needs = ['fixtures.warehouseId', 'fixtures.sku'];

async function createV1Shipment(t: CheckContext): Promise<Answer<'v1', 'POST /restocking_shipments'>> {
  // The create's own rules are v1.restocking.create.*'s: here it only makes a shipment to work on.
  const created = await t.v1.post('/restocking_shipments', { body: v1RestockingBody(t), premise: true });
  requireSuccess(t, created, 'v1 POST /restocking_shipments creates a shipment to work on (§4.1)');
  cancelAtEnd(t, 'restocking_shipments', created.body.id);
  return created;
}

/**
 * Fails unless the create is refused with one of `statuses`; a shipment created anyway is cancelled.
 * §4.1 names no error codes for this create: 422 (invalid data, §7) is the plain reading, and a service
 * that validates the body against its schema may answer 400 as v2's creates may.
 */
async function expectCreateRefusedWith(t: CheckContext, statuses: number[], body: Record<string, unknown>, what: string): Promise<void> {
  expectCreateRefused(t, await t.v1.post('/restocking_shipments', { body, validate: false }), statuses, what);
}

/** The warehouse records of a v1 GET /warehouses answer (its shape is not shown: a list, or a list under data). */
function warehousesOf(answer: ApiResponse): Array<{ id?: unknown }> | undefined {
  const body: unknown = answer.body;
  if (Array.isArray(body)) return body;
  const data: unknown = (body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? data : undefined;
}

check({
  id: 'v1.restocking.update.items-without-batches',
  api: 'v1',
  section: '2.3',
  title: 'The v1 PUT /restocking_shipments/{id} answer lists items whose inventory_batches is empty',
  needs,
  writes: true,
}, async (t) => {
  const created = await createV1Shipment(t);
  const items = [{ sku_id: t.fixtures.sku?.id, announced_quantity: 3 }];
  const updated = await t.v1.put('/restocking_shipments/{id}', { path: { id: created.body.id }, body: { restocking_shipment_items: items } });
  t.expectStatus(updated, 200, `PUT on a shipment in status ${created.body.status} answers 200 (§3.1, §4.1)`);
  const lines: unknown = updated.body?.restocking_shipment_items;
  for (const line of Array.isArray(lines) ? lines : []) {
    // The other v1 item fields are not shown (§2.3): an item without inventory_batches says nothing.
    if (line && typeof line === 'object' && 'inventory_batches' in line) {
      t.expect(updated, 'The v1 update answer lists items without inventory_batches: always empty there (§2.3)', [], (line as { inventory_batches: unknown }).inventory_batches);
    }
  }
});

check({
  id: 'v1.restocking.create.foreign-warehouse-422',
  api: 'v1',
  section: '4.1',
  title: "POST /restocking_shipments with another merchant's warehouse_id is refused (422, or 400 or 404)",
  needs: [...needs, 'tokens.otherMerchant'],
  writes: true,
}, async (t) => {
  const own = await t.v1.get('/warehouses', { validate: false });
  const theirs = await t.as('otherMerchant').v1.get('/warehouses', { validate: false });
  const ours = warehousesOf(own);
  const foreign = warehousesOf(theirs);
  if (own.status !== 200 || theirs.status !== 200 || !ours || !foreign) {
    return t.skip(`GET /warehouses gave no list to find another merchant's warehouse in (its shape is not shown, §4.1): ${answerExcerpt(theirs)}`);
  }
  const ownIds = new Set([t.fixtures.warehouseId, ...ours.map(recordId)]);
  const other = foreign.map(recordId).find((id) => id !== undefined && !ownIds.has(id));
  if (other === undefined) return t.skip("the otherMerchant token's GET /warehouses shows no warehouse that is not also the primary merchant's");
  // A warehouse that is not the caller's may also be answered as a record that does not exist (404, §7).
  await expectCreateRefusedWith(t, [400, 404, 422], { ...v1RestockingBody(t), warehouse_id: other }, `warehouse_id ${String(other)}, a warehouse of another merchant, is refused: it must be one of the merchant's warehouses (§4.1, §7: 422, or 400 or 404)`);
});

check({
  id: 'v1.restocking.create.delivery-option-422',
  api: 'v1',
  section: '4.1',
  title: 'POST /restocking_shipments with a delivery_option outside postal, courier, dropoff, hive_freight is refused (422 or 400)',
  needs,
  writes: true,
}, async (t) => {
  await expectCreateRefusedWith(t, [400, 422], { ...v1RestockingBody(t), delivery_option: 'teleport' }, 'delivery_option "teleport" is none of postal, courier, dropoff, hive_freight: refused with 422 or 400 (§4.1, §7)');
});

check({
  id: 'v1.restocking.update.extra-properties-allowed',
  api: 'v1',
  section: '4.1',
  title: 'PUT /restocking_shipments/{id} with an unknown extra property is accepted and applies the known ones',
  needs,
  writes: true,
}, async (t) => {
  const created = await createV1Shipment(t);
  const poNumber = t.uniqueId('po');
  const body = { po_number: poNumber, restocking_shipment_items: [{ sku_id: t.fixtures.sku?.id, announced_quantity: 5 }], mfc_extra_property: t.marker };
  const updated = await t.v1.put('/restocking_shipments/{id}', { path: { id: created.body.id }, body });
  t.expectStatus(updated, 200, 'Unknown extra properties may be present in a v1 restocking update (§4.1): it answers 200');
  t.expect(updated, 'The update applies po_number beside the extra property', poNumber, updated.body?.po_number);
});
