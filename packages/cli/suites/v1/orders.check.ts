// §4.1 v1 order rules 1 to 5 and §9.5: create, duplicates, unknown properties, invalid data, and the
// update merge rules, each proven on orders the run creates itself.
import { check } from '../../src/checks/index.js';
import type { Answer, ApiResponse, CheckContext } from '../../src/checks/index.js';
import { expectExistingOrderId } from '../support/duplicate.js';
import { expectTextKept } from '../support/text.js';
import { addressOf, cancelLater, createOrder, itemsOf, orderBody, postOrder, sharedV1Order, shippingAddress } from '../support/v1-orders.js';

const needs = ['fixtures.sku'];

/** The order at `id` as GET /orders/{id} shows it now. */
async function readOrder(t: CheckContext, id: unknown): Promise<Answer<'v1', 'GET /orders/{id}'>> {
  const res = await t.v1.get('/orders/{id}', { path: { id: String(id) } });
  t.expectStatus(res, 200, 'GET /orders/{id} reads the order the run created');
  return res;
}

/** Items with this merchant_item_id (compared as text: §4.1 body rules store numbers as text). */
function linesWithId(res: ApiResponse, merchantItemId: string): Array<Record<string, unknown>> {
  return itemsOf(res).filter((item) => String(item.merchant_item_id) === merchantItemId);
}

/** The address properties the suites send, as an answer shows them. */
function sentAddress(res: ApiResponse): Record<string, unknown> {
  const address = addressOf(res);
  return Object.fromEntries(Object.keys(shippingAddress()).map((key) => [key, address[key]]));
}

/** Each line's merchant_item_id and quantity, as an answer shows them. */
function sentLines(res: ApiResponse): Array<[string, unknown]> {
  return itemsOf(res).map((item) => [String(item.merchant_item_id), item.quantity]);
}

check({
  id: 'v1.orders.create.201',
  api: 'v1',
  section: '4.1',
  title: 'POST /orders answers 201 with the order, which GET /orders/{id} then shows, its text as it was sent',
  needs,
  writes: true,
}, async (t) => {
  const body = orderBody(t);
  const created = await createOrder(t, body);
  t.expect(created, 'The created order carries the merchant_order_id sent', body.merchant_order_id, created.body?.merchant_order_id);
  t.expect(created, 'The created order lists the item sent (by merchant_item_id)', 1, linesWithId(created, 'line-1').length);
  expectTextKept(t, body, created, 'The created order');
  const read = await readOrder(t, created.body?.id);
  t.expect(read, 'GET /orders/{id} shows the created order', body.merchant_order_id, read.body?.merchant_order_id);
  expectTextKept(t, body, read, 'GET /orders/{id} of the created order');
});

check({
  id: 'v1.orders.create.duplicate-409',
  api: 'v1',
  section: '4.1',
  title: "A duplicate merchant_order_id answers 409 carrying the existing order's id",
  needs,
  writes: true,
}, async (t) => {
  // Any order of the run is an existing one: the shared order's body is sent again.
  const existing = await sharedV1Order(t);
  const again = await postOrder(t, existing.body);
  t.expectStatus(again, 409, 'Creating an order with a merchant_order_id already used in the channel answers 409 (§4.1 rule 1)');
  expectExistingOrderId(t, again, existing.id, "The 409 error carries the existing order's id (§4.1 rule 1, §7)");
});

check({
  id: 'v1.orders.create.unknown-property-422',
  api: 'v1',
  section: '4.1',
  title: 'POST /orders with an unknown property answers 422',
  needs,
  writes: true,
}, async (t) => {
  const res = await postOrder(t, { ...orderBody(t), mfc_unknown_property: t.marker });
  t.expectStatus(res, 422, 'Order create rejects an unknown property with 422 (§4.1 rule 5)');
});

check({
  id: 'v1.orders.create.invalid-data-422',
  api: 'v1',
  section: '4.1',
  title: 'POST /orders with invalid data (quantity 0, currency "eur", country "de", an address without a name) answers 422',
  needs,
  writes: true,
}, async (t) => {
  const { first_name: _first, last_name: _last, full_name: _full, ...nameless } = orderBody(t).shipping_address;
  const cases: Array<[string, (body: ReturnType<typeof orderBody>) => Record<string, unknown>]> = [
    ['an item quantity of 0 (§2.1, §8: quantity >= 1)', (b) => ({ ...b, items: [{ ...b.items[0], quantity: 0 }] })],
    ['currency "eur" (§2: ^[A-Z]{3}$)', (b) => ({ ...b, currency: 'eur' })],
    ['country_code "de" (§2: ^[A-Z]{2}$)', (b) => ({ ...b, shipping_address: { ...b.shipping_address, country_code: 'de' } })],
    ['an address with no first_name, last_name or full_name (§2.1)', (b) => ({ ...b, shipping_address: nameless })],
  ];
  for (const [what, mutate] of cases) {
    const res = await postOrder(t, mutate(orderBody(t)));
    t.expectStatus(res, 422, `An order with ${what} answers 422 (§7 invalid data)`);
  }
});

check({
  id: 'v1.orders.update.put-same-as-patch',
  api: 'v1',
  section: '9.5',
  title: 'PUT /orders/{id} behaves like PATCH: the same update gives the same items and address',
  needs,
  writes: true,
}, async (t) => {
  const first = await createOrder(t, orderBody(t, 2));
  const second = await createOrder(t, orderBody(t, 2));
  const update = { shipping_address: { city: 'Hamburg', postal_code: '20095' }, items: [{ ...orderBody(t).items[0], quantity: 3 }] };
  const patched = await t.v1.patch('/orders/{id}', { path: { id: String(first.body?.id) }, body: update });
  t.expectStatus(patched, 200, 'PATCH /orders/{id} applies the update');
  const put = await t.v1.put('/orders/{id}', { path: { id: String(second.body?.id) }, body: update });
  t.expectStatus(put, 200, 'PUT /orders/{id} is accepted as an alias of PATCH (§4.1, §9.5)');
  // Two different orders: only what the run sent is compared, not ids or other per-order values.
  t.expect(put, 'PUT gives the shipping_address PATCH gives for the same update', sentAddress(patched), sentAddress(put));
  t.expect(put, 'PUT gives the items PATCH gives for the same update', sentLines(patched), sentLines(put));
});

check({
  id: 'v1.orders.update.omitted-kept',
  api: 'v1',
  section: '4.1',
  title: 'An order update keeps every property it leaves out',
  needs,
  writes: true,
}, async (t) => {
  // The v1 field list is not shown: the body carries every §2.1 order field, and those the created
  // order shows must survive an update that leaves them out.
  const base = orderBody(t);
  const extras = ['customer_order_number', 'payment_method', 'carrier_preference', 'tags', 'currency', 'financial_status', 'total_price_in_cents'];
  const created = await createOrder(t, base);
  const updated = await t.v1.patch('/orders/{id}', { path: { id: String(created.body?.id) }, body: { shipping_address: { line2: 'Floor 3' } } });
  t.expectStatus(updated, 200, 'PATCH /orders/{id} with only shipping_address.line2 answers 200');
  // What the run set itself: the sent properties that the created order shows.
  const before: Record<string, unknown> = created.body ?? {};
  const after: Record<string, unknown> | undefined = updated.body;
  for (const key of ['merchant_order_id', ...extras]) {
    if (key in before) t.expect(updated, `${key}, left out of the update, keeps its value (§4.1 rule 2)`, before[key], after?.[key]);
  }
  // Only what the run sent is compared: the service may change its own fields while fulfilling.
  t.expect(updated, 'items, left out of the update, keep their lines and quantities (§4.1 rule 2)', sentLines(created), sentLines(updated));
  t.expect(updated, 'shipping_address keeps every sent property the update left out (§4.1 rule 2)', { ...sentAddress(created), line2: 'Floor 3' }, sentAddress(updated));
});

check({
  id: 'v1.orders.update.null-keeps',
  api: 'v1',
  section: '4.1',
  title: 'shipping_address: null and a required address field sent as null keep their values',
  needs,
  writes: true,
}, async (t) => {
  // "Most properties sent as null keep it" (§4.1 rule 2): which nullable ones a null clears is not
  // shown, so only nulls that could mean nothing else are sent: the required address and its city.
  const created = await createOrder(t, orderBody(t));
  const id = String(created.body?.id);
  const whole = await t.v1.patch('/orders/{id}', { path: { id }, body: { shipping_address: null } });
  t.expectStatus(whole, 200, 'PATCH /orders/{id} with shipping_address: null answers 200');
  // The properties the order was created with: what else an address shows (an id, a check flag) the service manages.
  t.expect(whole, 'shipping_address sent as null keeps the stored address (§4.1 rule 2)', sentAddress(created), sentAddress(whole));
  const city = await t.v1.patch('/orders/{id}', { path: { id }, body: { shipping_address: { city: null } } });
  t.expectStatus(city, 200, 'PATCH /orders/{id} with shipping_address.city: null answers 200');
  t.expect(city, 'shipping_address.city sent as null keeps the stored city (§4.1 rule 2)', sentAddress(created), sentAddress(city));
});

check({
  id: 'v1.orders.update.address-merged',
  api: 'v1',
  section: '4.1',
  title: 'shipping_address in an update is merged property by property',
  needs,
  writes: true,
}, async (t) => {
  const created = await createOrder(t, orderBody(t));
  const updated = await t.v1.patch('/orders/{id}', { path: { id: String(created.body?.id) }, body: { shipping_address: { city: 'Hamburg', postal_code: '20095' } } });
  t.expectStatus(updated, 200, 'PATCH /orders/{id} with part of shipping_address answers 200');
  t.expect(updated, 'The sent address properties change and every other one keeps its value (§4.1 rule 2)',
    { ...sentAddress(created), city: 'Hamburg', postal_code: '20095' }, sentAddress(updated));
});

check({
  id: 'v1.orders.update.items-complete-list',
  api: 'v1',
  section: '4.1',
  title: 'items in an update is the complete list: sent items matched by merchant_item_id, missing ones still listed',
  needs,
  writes: true,
}, async (t) => {
  const created = await createOrder(t, orderBody(t, 2));
  const kept = { ...orderBody(t).items[0], quantity: 2 };
  const updated = await t.v1.patch('/orders/{id}', { path: { id: String(created.body?.id) }, body: { items: [kept] } });
  t.expectStatus(updated, 200, 'PATCH /orders/{id} with items answers 200');
  // How a cancelled v1 item looks is not shown: it must only still be listed (§4.1 rule 3).
  t.expect(updated, 'line-1, sent again, is matched to the existing line: listed exactly once (§4.1 rule 3)', 1, linesWithId(updated, 'line-1').length);
  t.expect(updated, 'line-2, left out of items, is cancelled but still listed, once (§4.1 rule 3)', 1, linesWithId(updated, 'line-2').length);
  const quantity = linesWithId(updated, 'line-1')[0]?.quantity;
  if (quantity !== undefined) t.expect(updated, 'line-1 carries the quantity sent', 2, Number(quantity));
});

check({
  id: 'v1.orders.update.merchant-order-id-upserts',
  api: 'v1',
  section: '4.1',
  title: 'An update with another merchant_order_id answers the order having it and leaves the addressed one unrenamed',
  needs,
  writes: true,
}, async (t) => {
  const original = orderBody(t);
  const created = await createOrder(t, original);
  // Rule 4 may create the order having the new merchant_order_id, and creating one may need a
  // complete order: the update is a complete valid body under a fresh merchant_order_id.
  const upsert = orderBody(t);
  const other = upsert.merchant_order_id;
  const updated = await t.v1.patch('/orders/{id}', { path: { id: String(created.body?.id) }, body: upsert });
  t.expectStatus(updated, 200, 'PATCH /orders/{id} with a different merchant_order_id answers 200');
  if (updated.body?.id !== created.body?.id) cancelLater(t, updated.body?.id);
  t.expect(updated, 'The answer is the order having the new merchant_order_id (§4.1 rule 4)', other, updated.body?.merchant_order_id);
  const read = await readOrder(t, created.body?.id);
  t.expect(read, 'The addressed order keeps its merchant_order_id: it is not renamed (§4.1 rule 4)', original.merchant_order_id, read.body?.merchant_order_id);
});

check({
  id: 'v1.orders.update.unknown-property-422',
  api: 'v1',
  section: '4.1',
  title: 'PATCH /orders/{id} with an unknown property answers 422',
  needs,
  writes: true,
}, async (t) => {
  // A refused update changes nothing (§7): the run's shared order serves.
  const { id } = await sharedV1Order(t);
  const res = await t.v1.patch('/orders/{id}', { path: { id: String(id) }, body: { mfc_unknown_property: t.marker } });
  t.expectStatus(res, 422, 'Order update rejects an unknown property with 422 (§4.1 rule 5)');
});
