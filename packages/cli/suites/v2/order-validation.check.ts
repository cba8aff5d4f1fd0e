// §2, §2.1 and §8 value rules on v2 orders: POST /orders, PATCH /orders/{id} and PATCH
// /orders/by_merchant_order_id refuse each invalid variation of the order with 422.
import { check, type CheckContext } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { expectEachRefused, invalidOrderCases, updateOf, type OrderDocument } from '../support/order-validation.js';
import { byMerchantOrderIdQuery, sharedV2Order, skipUnlessQueryUnderstood, v2OrderBody } from '../support/v2-orders.js';
import { cancelAtEnd } from '../support/cancel.js';

const needs = ['fixtures.sku', 'fixtures.salesChannelId'];
// An update cannot make the address nameless or leave a required address field out for sure (see `update` in the table).
const updateCases = invalidOrderCases.filter((row) => row.update !== false);

function validOrder(t: CheckContext): OrderDocument {
  return v2OrderBody(t, t.fixtures.salesChannelId, t.fixtures.sku as SkuFixture);
}

check({
  id: 'v2.orders.create.invalid-data-422',
  api: 'v2',
  section: '8',
  title: 'POST /orders with invalid data (negative money, quantity 0, lower-case codes, an unknown financial_status, a nameless or incomplete address, a bad email) answers 422',
  needs,
  writes: true,
}, async (t) => {
  await expectEachRefused(t, 'POST /orders', invalidOrderCases, validOrder(t), async (invalid) => {
    const res = await t.v2.post('/orders', { body: { ...invalid, merchant_order_id: t.uniqueId('order') } });
    if (res.status >= 200 && res.status < 300 && res.body?.id !== undefined) cancelAtEnd(t, 'orders', res.body.id);
    return res;
  });
});

check({
  id: 'v2.orders.patch.invalid-data-422',
  api: 'v2',
  section: '8',
  title: 'PATCH /orders/{id} with invalid data (negative money, quantity 0, lower-case codes, an unknown financial_status, empty address fields, a bad email) answers 422',
  needs,
  writes: true,
}, async (t) => {
  // The run's shared order, for both PATCH operations: a refused update changes nothing (§7).
  const { body: valid, id } = await sharedV2Order(t);
  await expectEachRefused(t, 'PATCH /orders/{id}', updateCases, valid, (invalid) => t.v2.patch('/orders/{id}', { path: { id }, body: updateOf(valid, invalid) }));
});

check({
  id: 'v2.orders.by-merchant-order-id.patch-invalid-data-422',
  api: 'v2',
  section: '8',
  title: 'PATCH /orders/by_merchant_order_id with invalid data (as PATCH /orders/{id}) answers 422',
  needs,
  writes: true,
}, async (t) => {
  const { body: valid } = await sharedV2Order(t);
  const query = byMerchantOrderIdQuery(valid.merchant_order_id as string, t.fixtures.salesChannelId);
  // A 422 must mean the data, not our guess at the query names (not shown, §4.2): the read proves them.
  skipUnlessQueryUnderstood(t, await t.v2.get('/orders/by_merchant_order_id', { query, validate: false }));
  await expectEachRefused(t, 'PATCH /orders/by_merchant_order_id', updateCases, valid, (invalid) => t.v2.patch('/orders/by_merchant_order_id', { body: updateOf(valid, invalid), query }));
});
