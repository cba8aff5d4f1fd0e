// §4.1 v1 request body rules and §7's 400 for a body that is not JSON, shown on POST /orders.
import { check } from '../../src/checks/index.js';
import { itemsOf, orderBody, postOrder } from '../support/v1-orders.js';

const needs = ['fixtures.sku'];

check({
  id: 'v1.body.content-type-ignored',
  api: 'v1',
  section: '4.1',
  title: 'A JSON body is read as JSON whatever the Content-Type: text/plain, or none at all',
  needs,
  writes: true,
}, async (t) => {
  const plain = await postOrder(t, undefined, { rawBody: JSON.stringify(orderBody(t)), headers: { 'content-type': 'text/plain' } });
  t.expectStatus(plain, 201, 'An order sent as JSON with Content-Type text/plain is created (201, §4.1 body rules)');
  // The client adds application/json to every body; an undefined value leaves the header out.
  const none = await postOrder(t, undefined, { rawBody: JSON.stringify(orderBody(t)), headers: { 'content-type': undefined as unknown as string } });
  t.expectStatus(none, 201, 'An order sent as JSON without a Content-Type header is created (201, §4.1 body rules)');
});

check({
  id: 'v1.body.numeric-string-accepted',
  api: 'v1',
  section: '4.1',
  title: 'A numeric string for a numeric property is accepted (item quantity "2")',
  needs,
  writes: true,
}, async (t) => {
  const body = orderBody(t);
  const res = await postOrder(t, { ...body, items: [{ ...body.items[0], quantity: '2' }] });
  t.expectStatus(res, 201, 'An order whose item quantity is the string "2" is created (201, §4.1 body rules)');
  // v1 item fields beyond merchant_item_id are not shown: a quantity is judged only when present.
  const quantity = itemsOf(res)[0]?.quantity;
  if (quantity !== undefined) t.expect(res, 'The item quantity sent as "2" is stored as 2', 2, Number(quantity));
});

check({
  id: 'v1.body.number-for-string-stored-as-text',
  api: 'v1',
  section: '4.1',
  title: 'A number for a string property is stored as its text (merchant_item_id 12345 → "12345")',
  needs,
  writes: true,
}, async (t) => {
  const body = orderBody(t);
  const res = await postOrder(t, { ...body, items: [{ ...body.items[0], merchant_item_id: 12345 }] });
  t.expectStatus(res, 201, 'An order whose merchant_item_id (a string, §2.1) is the number 12345 is created (201, §4.1 body rules)');
  t.expect(res, 'merchant_item_id sent as the number 12345 is stored as the text "12345"', ['12345'], itemsOf(res).map((item) => item.merchant_item_id));
});

check({
  id: 'v1.body.invalid-json-400',
  api: 'v1',
  section: '7',
  title: 'A body that is not valid JSON answers 400',
  needs,
  writes: true,
}, async (t) => {
  const text = JSON.stringify(orderBody(t));
  const res = await postOrder(t, undefined, { rawBody: text.slice(0, text.length - 1) });
  t.expectStatus(res, 400, 'POST /orders with a truncated JSON body answers 400 (§7)');
});
