// §4.1 and §2.6 v1 SKU updates: PUT as PATCH, omitted properties kept, numeric strings, the null
// batch-tracking flag, and DELETE / update moving the status between deleted and active.
import { check } from '../../src/checks/index.js';
import type { Answer, ApiResponse, CheckContext } from '../../src/checks/index.js';
import { recordId } from '../support/scope.js';
import { merchantText } from '../support/text.js';
import { keptProperties, skuUnderTest, weightOf } from '../support/v1-skus.js';

const needs = ['fixtures.sku'];

/** PATCH /skus/{id} that must answer 200. */
async function patchSku(t: CheckContext, id: number, body: Record<string, unknown>, what: string): Promise<Answer<'v1', 'PATCH /skus/{id}'>> {
  const res = await t.v1.patch('/skus/{id}', { path: { id }, body });
  t.expectStatus(res, 200, what);
  return res;
}

/** The SKU status an answer shows; skips when it shows none (which fields are always present is not stated). */
function statusOf(t: CheckContext, res: ApiResponse): unknown {
  const body = res.body as Record<string, unknown> | undefined;
  if (!body || !('status' in body)) return t.skip('the SKU answer shows no status, so the status rule cannot be observed');
  return body.status;
}

check({
  id: 'v1.skus.update.put-same-as-patch',
  api: 'v1',
  section: '4.1',
  title: 'PUT /skus/{id} updates like PATCH: the sent properties change, the others are kept',
  needs,
  writes: true,
}, async (t) => {
  const sku = await skuUnderTest(t);
  const patched = await patchSku(t, sku.id, { name: `${t.marker} ${merchantText.product} patched`, weight_in_kg: 1.25 }, 'PATCH /skus/{id} updates name and weight_in_kg');
  const put = await t.v1.put('/skus/{id}', { path: { id: sku.id }, body: { name: `${t.marker} ${merchantText.product} put`, weight_in_kg: 2.5 } });
  t.expectStatus(put, 200, 'PUT /skus/{id} is accepted as PATCH is (§4.1, §9.5)');
  t.expect(put, 'PUT sets the name and weight_in_kg sent, the name\'s text as it was sent (§2: bodies are JSON)', { name: `${t.marker} ${merchantText.product} put`, weight_in_kg: 2.5 }, { name: put.body?.name, weight_in_kg: weightOf(put.body) });
  t.expect(put, 'PUT keeps every other property, as PATCH does (§4.1)', keptProperties(patched, ['name', 'weight_in_kg']), keptProperties(put, ['name', 'weight_in_kg']));
});

check({
  id: 'v1.skus.update.omitted-kept',
  api: 'v1',
  section: '4.1',
  title: 'A SKU update keeps every property it leaves out',
  needs,
  writes: true,
}, async (t) => {
  const sku = await skuUnderTest(t);
  const before = await patchSku(t, sku.id, { name: `${t.marker} ${merchantText.product} before` }, 'PATCH /skus/{id} with a name answers 200');
  const after = await patchSku(t, sku.id, { weight_in_kg: 0.75 }, 'PATCH /skus/{id} with only weight_in_kg answers 200');
  t.expect(after, 'Every property left out of the update keeps its value (§4.1)', keptProperties(before, ['weight_in_kg']), keptProperties(after, ['weight_in_kg']));
});

check({
  id: 'v1.skus.update.numeric-string-accepted',
  api: 'v1',
  section: '4.1',
  title: 'weight_in_kg sent as the string "1.5" is accepted and stored as the number 1.5',
  needs,
  writes: true,
}, async (t) => {
  const sku = await skuUnderTest(t);
  const res = await patchSku(t, sku.id, { weight_in_kg: '1.5' }, 'PATCH /skus/{id} with weight_in_kg "1.5" answers 200 (§4.1: a numeric string is accepted)');
  t.expect(res, 'weight_in_kg sent as "1.5" is the number 1.5 (§2.6: a number)', 1.5, weightOf(res.body));
});

check({
  id: 'v1.skus.update.null-batch-flag-kept',
  api: 'v1',
  section: '4.1',
  title: 'The batch-tracking flag sent as null leaves it unchanged',
  needs,
  writes: true,
}, async (t) => {
  // The flag's request name is not shown (§4.1); we send the §2.6 response name. A server that takes
  // another name ignores it or refuses it, and either way the flag cannot change.
  const sku = await skuUnderTest(t);
  let before = await t.v1.patch('/skus/{id}', { path: { id: sku.id }, body: { batch_tracking_enabled: true } });
  // A merchant without batch tracking may refuse turning it on: the null is then tried on the flag as it is.
  if (before.status === 422) before = await patchSku(t, sku.id, {}, 'PATCH /skus/{id} with an empty body answers 200');
  t.expectStatus(before, 200, 'PATCH /skus/{id} setting the batch-tracking flag answers 200');
  const flag = before.body?.batch_tracking_enabled;
  if (typeof flag !== 'boolean') return t.skip('the SKU answer shows no batch_tracking_enabled to compare');
  const res = await t.v1.patch('/skus/{id}', { path: { id: sku.id }, body: { batch_tracking_enabled: null } });
  if (res.status === 422) return t.skip('the server refuses batch_tracking_enabled in requests: its request name is not shown (§4.1)');
  t.expectStatus(res, 200, 'PATCH /skus/{id} with the flag null answers 200');
  t.expect(res, 'batch_tracking_enabled sent as null is left unchanged (§4.1)', flag, res.body?.batch_tracking_enabled);
});

check({
  id: 'v1.skus.delete.status-deleted',
  api: 'v1',
  section: '2.6',
  title: 'DELETE /skus/{id} sets the SKU status to deleted',
  needs,
  writes: true,
}, async (t) => {
  const sku = await skuUnderTest(t, true);
  const res = await t.v1.delete('/skus/{id}', { path: { id: sku.id } });
  t.expectStatus(res, 200, 'DELETE /skus/{id} answers 200 (§4: success is 200 unless stated)');
  // The DELETE answer's shape is not shown: it is judged only when it is this SKU with a status,
  // which then must be the status DELETE sets. No read of a SKU is shown for v1 to look afterwards.
  const body = res.body as Record<string, unknown> | undefined;
  if (!body || recordId(body) !== sku.id || !('status' in body)) return t.skip('the DELETE answer does not show the SKU and its status (its shape is not shown, §4.1)');
  t.expect(res, 'The SKU DELETE answers with has status deleted (§2.6)', 'deleted', body.status);
});

check({
  id: 'v1.skus.update.reactivates-deleted',
  api: 'v1',
  section: '2.6',
  title: 'Updating a deleted SKU sets its status active again',
  needs,
  writes: true,
}, async (t) => {
  const sku = await skuUnderTest(t, true);
  const deleted = await t.v1.delete('/skus/{id}', { path: { id: sku.id } });
  t.expectStatus(deleted, 200, 'DELETE /skus/{id} answers 200');
  const res = await patchSku(t, sku.id, { name: `${t.marker} back` }, 'PATCH /skus/{id} on the deleted SKU answers 200');
  t.expect(res, 'Updating the deleted SKU sets its status active again (§2.6)', 'active', statusOf(t, res));
});
