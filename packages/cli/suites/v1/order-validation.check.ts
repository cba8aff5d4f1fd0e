// §2, §2.1 and §8 value rules on v1 order updates (the create is v1.orders.create.invalid-data-422):
// PATCH and PUT /orders/{id} refuse each invalid variation of the order with 422.
import { check } from '../../src/checks/index.js';
import { expectEachRefused, invalidOrderCases, updateOf } from '../support/order-validation.js';
import { sharedV1Order } from '../support/v1-orders.js';

for (const method of ['PATCH', 'PUT'] as const) {
  check({
    id: `v1.orders.${method.toLowerCase()}.invalid-data-422`,
    api: 'v1',
    section: '8',
    title: `${method} /orders/{id} with invalid data (negative money, quantity 0, lower-case codes, empty address fields, a bad email) answers 422`,
    needs: ['fixtures.sku'],
    writes: true,
  }, async (t) => {
    // The run's shared order, for both methods: a refused update changes nothing (§7), so each sees it as created.
    const { body: valid, id } = await sharedV1Order(t);
    const path = `/orders/${String(id)}`;
    const cases = invalidOrderCases.filter((row) => row.update !== false && row.v2Only !== true);
    // PUT is PATCH's alias (§9.5), v1.orders.update.put-same-as-patch's rule: a status it may not answer skips here.
    await expectEachRefused(t, `${method} /orders/{id}`, cases, valid, (invalid) => t.v1.request({ method, path, body: updateOf(valid, invalid), premise: method === 'PUT' }));
  });
}
