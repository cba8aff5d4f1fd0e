// §2.1 for v2 order creates and updates: created_at defaults to the current time, the read-only
// fields cannot be written, the fields without which there is no order are required, and the item
// rules (merchant_item_id unique, sku_id or sku_code, sku_code alone, prices optional). A refusal of
// invalid data may be 422 (invalid data) or 400 (malformed request), §7. Where a body the
// specification allows is judged, the same order naming its SKU by sku_id with both prices is
// created first: a service refusing that skips the check (its premise is not offered).
import { check } from '../../src/checks/index.js';
import type { Answer, CheckContext } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { hasOffset } from '@mfc-conformance/api/internal';
import { digitsAsNumber } from '../support/digits.js';
import { instantOf } from '../support/instants.js';
import { orderFields, orderLine } from '../support/order-fields.js';
import { recordId } from '../support/scope.js';
import { answerExcerpt } from '../support/success.js';
import { createV2Order, sharedV2Order, v2OrderBody } from '../support/v2-orders.js';
import { cancelAtEnd } from '../support/cancel.js';

const needs = ['fixtures.sku'];
// How far the default created_at may lie from the service's clock: a create is a matter of seconds.
const nowToleranceMs = 15 * 60_000;

const skuOf = (t: CheckContext): SkuFixture => t.fixtures.sku as SkuFixture;

/** A complete v2 create body whose items are `items` (totals consistent with their quantities). */
function bodyWithItems(t: CheckContext, items: Array<Record<string, unknown> & { quantity: number }>): Record<string, unknown> {
  return { ...v2OrderBody(t, t.fixtures.salesChannelId, skuOf(t)), items, ...orderFields(t.marker, t.uniqueId('customer-order'), items) };
}

/** Fails unless a create of invalid data is refused (400 or 422, §7); an order created anyway is cancelled. */
async function expectCreateRefused(t: CheckContext, body: Record<string, unknown>, what: string): Promise<void> {
  const answer = await t.v2.post('/orders', { body, validate: false });
  const id = recordId(answer.body);
  if (answer.status >= 200 && answer.status < 300 && id !== undefined) cancelAtEnd(t, 'orders', id);
  t.expectStatus(answer, [400, 422], what);
}

/** Fails unless a create the specification allows succeeds, after the same order with sku_id and prices was accepted. */
function expectAccepted(t: CheckContext, answer: Answer<'v2', 'POST /orders'>, what: string): void {
  if (answer.status >= 200 && answer.status < 300) {
    const id = recordId(answer.body);
    if (id !== undefined) cancelAtEnd(t, 'orders', id);
    return;
  }
  t.fail({ title: what, expected: 'a 2xx, as for the same order naming its SKU by sku_id with both prices', received: answerExcerpt(answer), response: answer });
}

/** The items of an order answer. */
function itemsOf(answer: Answer<'v2', 'POST /orders'>): Array<Record<string, unknown>> {
  const items: unknown = answer.body?.items;
  return Array.isArray(items) ? items : [];
}

check({
  id: 'v2.orders.create.created-at-defaults-to-now',
  api: 'v2',
  section: '2.1',
  title: 'An order created without created_at gets the current time as its created_at',
  needs,
  writes: true,
}, async (t) => {
  const body = v2OrderBody(t, t.fixtures.salesChannelId, skuOf(t));
  delete body.created_at;
  const before = Date.now();
  const created = await createV2Order(t, body);
  // The service's own clock, where it says it (the Date header), else the client's.
  const served = Date.parse(created.headers.date ?? '');
  const now = Number.isNaN(served) ? before : served;
  const written = created.body.created_at;
  const at = instantOf(written);
  // Without an offset, created_at is the current time in some zone the service does not name.
  const zoneless = typeof written === 'string' && !Number.isNaN(at) && !hasOffset(written);
  const allowedMs = nowToleranceMs + (zoneless ? 14 * 3_600_000 : 0);
  if (Number.isNaN(at) || Math.abs(at - now) > allowedMs) {
    t.fail({
      title: 'created_at defaults to the current time if omitted (§2.1)',
      expected: `a created_at within ${nowToleranceMs / 60_000} minutes of ${new Date(now).toISOString()} (the service's Date header)${zoneless ? ', in any zone from UTC-12 to UTC+14 (it names no offset)' : ''}`,
      received: JSON.stringify(created.body.created_at),
      response: created,
    });
  }
});

check({
  id: 'v2.orders.patch.read-only-fields-kept',
  api: 'v2',
  section: '2.1',
  title: 'PATCH /orders/{id} sending id, updated_at and fulfillment_status does not set them',
  needs,
  writes: true,
}, async (t) => {
  const created = await createV2Order(t, v2OrderBody(t, t.fixtures.salesChannelId, skuOf(t)));
  const id: number = created.body.id;
  const status = created.body.fulfillment_status === 'shipped' ? 'on_hold' : 'shipped';
  const sent = { id: id + 1_000_000, updated_at: '2001-01-01T00:00:00Z', fulfillment_status: status };
  const patched = await t.v2.patch('/orders/{id}', { path: { id }, body: sent, validate: false });
  // Refusing a write of read-only fields is as good as ignoring them.
  if (patched.status >= 400 && patched.status < 500) return;
  t.expectStatus(patched, 200, 'PATCH /orders/{id} answers 200 or refuses the read-only fields (§4: success is 200)');
  const read = await t.v2.get('/orders/{id}', { path: { id } });
  t.expectStatus(read, 200, 'GET /orders/{id} reads the order');
  for (const answer of [patched, read]) {
    t.expect(answer, 'id is read-only (§2.1): the order keeps its id', id, answer.body?.id);
    if (answer.body?.fulfillment_status === status) {
      t.fail({ title: 'fulfillment_status is read-only, managed by the service (§2.1, §3.2): a PATCH cannot set it', expected: `not ${status}, the value sent`, received: status, response: answer });
    }
    if (instantOf(answer.body?.updated_at) === instantOf(sent.updated_at)) {
      t.fail({ title: 'updated_at is read-only (§2.1): a PATCH cannot set it', expected: `not ${sent.updated_at}, the value sent`, received: String(answer.body?.updated_at), response: answer });
    }
  }
});

// The §2.1 fields required of an order that no default can stand in for (§4.2: for a specific sales channel).
const requiredOnCreate = ['merchant_order_id', 'sales_channel_id', 'items', 'shipping_address'] as const;

check({
  id: 'v2.orders.create.required-fields-refused',
  api: 'v2',
  section: '2.1',
  title: "POST /orders without merchant_order_id, items or shipping_address is refused, and without sales_channel_id refused or made for the token's channel",
  needs,
  writes: true,
}, async (t) => {
  for (const field of requiredOnCreate) {
    const { [field]: _left, ...body } = v2OrderBody(t, t.fixtures.salesChannelId, skuOf(t));
    if (field === 'sales_channel_id') {
      // The token is a sales channel's (§5): an order created for that channel has not lost it.
      const answer = await t.v2.post('/orders', { body, validate: false });
      const id = recordId(answer.body);
      const created = answer.status >= 200 && answer.status < 300 && id !== undefined;
      if (created) cancelAtEnd(t, 'orders', id);
      if (created && digitsAsNumber(answer.body?.sales_channel_id) === t.fixtures.salesChannelId) continue;
      t.expectStatus(answer, [400, 422], "An order without sales_channel_id, which §2.1 marks required, answers 422 or 400 (§7), or is made for the token's own sales channel");
      continue;
    }
    await expectCreateRefused(t, body, `An order without ${field}, which §2.1 marks required, answers 422 or 400 (§7)`);
  }
});

check({
  id: 'v2.orders.create.duplicate-merchant-item-id-refused',
  api: 'v2',
  section: '2.1',
  title: 'POST /orders with two items of one merchant_item_id is refused',
  needs,
  writes: true,
}, async (t) => {
  const items = [orderLine('line-1', skuOf(t).id), orderLine('line-1', skuOf(t).id)];
  await expectCreateRefused(t, bodyWithItems(t, items), 'merchant_item_id is unique among the line items of the order (§2.1): two items of one merchant_item_id answer 422 or 400 (§7)');
});

check({
  id: 'v2.orders.create.item-without-sku-refused',
  api: 'v2',
  section: '2.1',
  title: 'POST /orders with an item naming neither sku_id nor sku_code is refused',
  needs,
  writes: true,
}, async (t) => {
  const { sku_id: _sku, ...line } = orderLine('line-1', skuOf(t).id);
  await expectCreateRefused(t, bodyWithItems(t, [line]), 'An item needs sku_id or sku_code (§2.1): one with neither answers 422 or 400 (§7)');
});

check({
  id: 'v2.orders.create.item-by-sku-code',
  api: 'v2',
  section: '2.1',
  title: 'An order item naming its SKU by sku_code alone is accepted for that SKU',
  needs,
  writes: true,
}, async (t) => {
  const sku = skuOf(t);
  // The whole body is accepted (the run's shared order): a refusal of the variant is the variant's.
  await sharedV2Order(t);
  const { sku_id: _sku, ...line } = orderLine('line-1', sku.id);
  const answer = await t.v2.post('/orders', { body: bodyWithItems(t, [{ ...line, sku_code: sku.sku_code }]), validate: false });
  expectAccepted(t, answer, 'sku_id is required only if sku_code is absent (§2.1): an item naming its SKU by sku_code alone is accepted');
  const [item] = itemsOf(answer);
  // A sku_id of digits in a string still names the SKU: its JSON type is v2.schema.order's rule.
  const named = item !== undefined && (item.sku_id === undefined ? item.sku_code === sku.sku_code : digitsAsNumber(item.sku_id) === sku.id);
  if (!named) {
    t.fail({ title: 'The item is for the SKU its sku_code names (§2.1)', expected: `an item with sku_id ${sku.id} (or sku_code ${sku.sku_code})`, received: JSON.stringify(item ?? null), response: answer });
  }
});

check({
  id: 'v2.orders.create.item-prices-optional',
  api: 'v2',
  section: '2.1',
  title: 'An order item without price_per_unit_in_cents and price_per_unit_in_cents_with_discount is accepted',
  needs,
  writes: true,
}, async (t) => {
  const sku = skuOf(t);
  // The whole body is accepted (the run's shared order): a refusal of the variant is the variant's.
  await sharedV2Order(t);
  const { price_per_unit_in_cents: _price, price_per_unit_in_cents_with_discount: _discounted, ...line } = orderLine('line-1', sku.id);
  const answer = await t.v2.post('/orders', { body: bodyWithItems(t, [line]), validate: false });
  expectAccepted(t, answer, 'price_per_unit_in_cents and price_per_unit_in_cents_with_discount are optional (§2.1): an item without them is accepted');
});
