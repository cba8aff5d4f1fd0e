// §2.6 and §4.1 for v1 SKUs beyond updates: merchant_sku_id unique within the sales channel and set
// on API-created SKUs, creating a deleted SKU again sets it active, and PUT takes a numeric-string
// weight. POST /skus request and response shapes are not shown: a create that gives no id skips.
import { check, type ApiResponse, type CheckContext } from '../../src/checks/index.js';
import { recordId } from '../support/scope.js';
import { deleteSkuAtEnd, weightOf } from '../support/v1-skus.js';

/** POSTs a SKU with `merchantSkuId`; deletes what it created after the check. Undefined id when the answer shows none. */
async function postSku(t: CheckContext, merchantSkuId: string): Promise<{ res: ApiResponse; id?: number }> {
  const res = await t.v1.post('/skus', { body: { merchant_sku_id: merchantSkuId, name: `${merchantSkuId} conformance` }, validate: false });
  const id = recordId(res.body);
  if (res.status >= 200 && res.status < 300 && id !== undefined) {
    deleteSkuAtEnd(t, id);
    return { res, id };
  }
  return { res };
}

/** A SKU the run creates, or a skip when POST /skus gives no id (its shapes are not shown, §4.1). */
async function newSku(t: CheckContext): Promise<{ res: ApiResponse; id: number; merchantSkuId: string }> {
  const merchantSkuId = t.uniqueId('sku');
  const { res, id } = await postSku(t, merchantSkuId);
  if (id === undefined) return t.skip(`POST /skus answered ${res.status} without a SKU id (its request and response shapes are not shown, §4.1)`);
  return { res, id, merchantSkuId };
}

check({
  id: 'v1.skus.create.merchant-sku-id-set',
  api: 'v1',
  section: '2.6',
  title: 'A SKU created through the API carries the merchant_sku_id it was created with',
  writes: true,
}, async (t) => {
  const sku = await newSku(t);
  // An empty update keeps every property (§4.1) and answers the SKU (§2.6).
  const read = await t.v1.patch('/skus/{id}', { path: { id: sku.id }, body: {} });
  t.expectStatus(read, 200, 'PATCH /skus/{id} with an empty body answers the SKU');
  t.expect(read, 'merchant_sku_id is always set for SKUs created through the API (§2.6)', sku.merchantSkuId, read.body?.merchant_sku_id);
});

check({
  id: 'v1.skus.create.merchant-sku-id-unique',
  api: 'v1',
  section: '2.6',
  title: 'A second POST /skus with the same merchant_sku_id does not make a second SKU: it is refused or answers the same SKU',
  writes: true,
}, async (t) => {
  const first = await newSku(t);
  const again = await postSku(t, first.merchantSkuId);
  if (again.res.status >= 400 && again.res.status < 500) return;
  t.expect(again.res, 'merchant_sku_id is unique within the sales channel (§2.6): creating it again answers the existing SKU, not a new one', first.id, again.id);
});

check({
  id: 'v1.skus.update.merchant-sku-id-unique',
  api: 'v1',
  section: '2.6',
  title: "PATCH /skus/{id} with another SKU's merchant_sku_id is refused or leaves the SKU's own",
  writes: true,
}, async (t) => {
  const first = await newSku(t);
  const second = await newSku(t);
  const res = await t.v1.patch('/skus/{id}', { path: { id: second.id }, body: { merchant_sku_id: first.merchantSkuId }, validate: false });
  if (res.status >= 400 && res.status < 500) return;
  t.expectStatus(res, 200, 'PATCH /skus/{id} answers a 4xx or 200');
  t.expect(res, 'merchant_sku_id is unique within the sales channel (§2.6): the SKU does not take another SKU\'s', second.merchantSkuId, res.body?.merchant_sku_id);
});

check({
  id: 'v1.skus.create.reactivates-deleted',
  api: 'v1',
  section: '2.6',
  title: 'Creating a deleted SKU again (POST /skus with its merchant_sku_id) sets it active',
  writes: true,
}, async (t) => {
  const sku = await newSku(t);
  t.expectStatus(await t.v1.delete('/skus/{id}', { path: { id: sku.id } }), 200, 'DELETE /skus/{id} answers 200');
  const again = await postSku(t, sku.merchantSkuId);
  if (again.res.status < 200 || again.res.status > 299) {
    t.fail({ title: 'Creating a deleted SKU again is accepted: creating it sets it active (§2.6)', expected: 'a 2xx', received: `status ${again.res.status}`, response: again.res });
  }
  const body = again.res.body as Record<string, unknown> | undefined;
  if (!body || !('status' in body)) return t.skip('the POST /skus answer shows no status (its shape is not shown, §4.1)');
  t.expect(again.res, 'The SKU created again has status active (§2.6)', 'active', body.status);
});

check({
  id: 'v1.skus.put.numeric-string-weight',
  api: 'v1',
  section: '4.1',
  title: 'PUT /skus/{id} with weight_in_kg "2.25" is accepted and stores the number 2.25',
  writes: true,
}, async (t) => {
  const sku = await newSku(t);
  // Whether PUT is an alias at all is v1.skus.update.put-same-as-patch's rule: a status PUT may not answer skips.
  const res = await t.v1.put('/skus/{id}', { path: { id: sku.id }, body: { weight_in_kg: '2.25' }, premise: true });
  t.expectStatus(res, 200, 'PUT /skus/{id} with weight_in_kg "2.25" answers 200 (§4.1: a numeric string is accepted)');
  t.expect(res, 'weight_in_kg sent as "2.25" is the number 2.25 (§2.6: a number)', 2.25, weightOf(res.body));
});
