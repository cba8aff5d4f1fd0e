// §4.2 and §7 for the v2 by_merchant_order_id operations beyond suites/v2/orders.check.ts: an unknown
// merchant_order_id answers 404, and PATCH ignores a sales_channel_id sent. Their query parameter
// names are not shown; where the target does not understand ours, the checks skip.
import { check } from '../../src/checks/index.js';
import type { CheckContext } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { digitsAsNumber } from '../support/digits.js';
import { byMerchantOrderIdQuery, createV2Order, otherSalesChannelId, skipUnlessQueryUnderstood, v2OrderBody } from '../support/v2-orders.js';

/**
 * The newest order of the merchant's v2 list on the primary channel, read back through GET
 * by_merchant_order_id: the proof that the target understands the query, read once per run for the
 * checks that then ask for a merchant_order_id that does not exist.
 */
function knownOrder(t: CheckContext): Promise<{ merchantOrderId: string; salesChannelId: number }> {
  return t.shared('an order of the v2 list found by its merchant_order_id', readKnownOrder);
}

async function readKnownOrder(t: CheckContext): Promise<{ merchantOrderId: string; salesChannelId: number }> {
  // Only a place to find an order in: the page is not judged here. Where the plan moves these checks to
  // the other merchant, whose list is short, the page holds records the run's other checks made, and a
  // record a fault made invalid is its maker's finding (v2.schema.order judges the lists it walks).
  const list = await t.v2.get('/orders', { query: { limit: 20 }, validate: false });
  t.expectStatus(list, 200);
  // An id of digits in a string is read as its number: its JSON type is v2.schema.order's rule.
  const order = (list.body.data as Array<{ merchant_order_id?: unknown; sales_channel_id?: unknown }>).find((o) => typeof o.merchant_order_id === 'string' && Number.isInteger(digitsAsNumber(o.sales_channel_id)));
  if (!order) return t.skip('the first page of the v2 order list shows no order with a merchant_order_id and sales_channel_id');
  const known = { merchantOrderId: order.merchant_order_id as string, salesChannelId: digitsAsNumber(order.sales_channel_id) as number };
  const read = await t.v2.get('/orders/by_merchant_order_id', { query: byMerchantOrderIdQuery(known.merchantOrderId, known.salesChannelId), validate: false });
  skipUnlessQueryUnderstood(t, read);
  t.expectStatus(read, 200, 'GET /orders/by_merchant_order_id finds an order the v2 list shows (§4.2)');
  return known;
}

check({
  id: 'v2.orders.by-merchant-order-id.unknown-404',
  api: 'v2',
  section: '7',
  title: 'GET /orders/by_merchant_order_id answers 404 for a merchant_order_id no order of the sales channel has',
}, async (t) => {
  const known = await knownOrder(t);
  const query = byMerchantOrderIdQuery(t.uniqueId('no-such-order'), known.salesChannelId);
  const read = await t.v2.get('/orders/by_merchant_order_id', { query, validate: false });
  t.expectStatus(read, 404, 'GET by a merchant_order_id that does not exist answers 404 (§7: record does not exist)');
});

check({
  id: 'v2.orders.by-merchant-order-id.patch-unknown-404',
  api: 'v2',
  section: '7',
  title: 'PATCH /orders/by_merchant_order_id answers 404 for a merchant_order_id no order of the sales channel has',
  // A PATCH is a write, even to a record that does not exist.
  writes: true,
}, async (t) => {
  const known = await knownOrder(t);
  const query = byMerchantOrderIdQuery(t.uniqueId('no-such-order'), known.salesChannelId);
  const patched = await t.v2.patch('/orders/by_merchant_order_id', { body: { customer_order_number: t.uniqueId('customer-order') }, query, validate: false });
  t.expectStatus(patched, 404, 'PATCH by a merchant_order_id that does not exist answers 404 (§7: record does not exist)');
});

check({
  id: 'v2.orders.by-merchant-order-id.patch-sales-channel-id-ignored',
  api: 'v2',
  section: '4.2',
  title: "PATCH /orders/by_merchant_order_id ignores a sales_channel_id sent (another of the merchant's channels): the order stays in its own",
  needs: ['fixtures.sku', 'tokens.sameMerchantOtherChannel'],
  writes: true,
}, async (t) => {
  const otherChannelId = await otherSalesChannelId(t);
  const created = await createV2Order(t, v2OrderBody(t, t.fixtures.salesChannelId, t.fixtures.sku as SkuFixture));
  const change = { sales_channel_id: otherChannelId, customer_order_number: t.uniqueId('customer-order') };
  const patched = await t.v2.patch('/orders/by_merchant_order_id', { body: change, query: byMerchantOrderIdQuery(created.body.merchant_order_id, t.fixtures.salesChannelId), validate: false });
  skipUnlessQueryUnderstood(t, patched);
  t.expectStatus(patched, 200, 'A PATCH sending sales_channel_id is not refused: it is ignored (§4.2)');
  const read = await t.v2.get('/orders/{id}', { path: { id: created.body.id } });
  t.expectStatus(read, 200, 'v2 GET /orders/{id} reads the order the run created (§4.2)');
  t.expect(read, 'sales_channel_id cannot change and is ignored if sent (§4.2: same ignore rule)', created.body.sales_channel_id, read.body.sales_channel_id);
});
