// §1 and §5.3 for v2: a token reaches the records of every sales channel of its merchant, and
// nothing of another merchant. Other records are found through their owners' own lists.
import { check } from '../../src/checks/index.js';
import { digitsAsNumber } from '../support/digits.js';
import { recordIds, sharedIds, sharedList, v2ListAll } from '../support/scope.js';

check({
  id: 'v2.scope.other-channel-order-200',
  api: 'v2',
  section: '1',
  title: 'An order of another sales channel of the merchant is readable with GET /orders/{id}',
  needs: ['tokens.sameMerchantOtherChannel'],
}, async (t) => {
  const outsidePrimary = (record: unknown): boolean => {
    // An id of digits in a string is read as its number: its JSON type is v2.schema.order's rule.
    const channel = digitsAsNumber((record as { sales_channel_id?: unknown }).sales_channel_id);
    return Number.isInteger(channel) && channel !== t.fixtures.salesChannelId;
  };
  // The walk stops at the first page that holds such an order.
  const listed = await v2ListAll(t.as('sameMerchantOtherChannel').v2, '/orders', false, (records) => records.some(outsidePrimary));
  const order = listed.find(outsidePrimary) as { id: unknown; sales_channel_id: number } | undefined;
  if (order === undefined) return t.skip("the other sales channel's token lists no order outside the primary channel");
  const res = await t.v2.get('/orders/{id}', { path: { id: String(order.id) } });
  t.expectStatus(res, 200, `Order ${String(order.id)} of sales channel ${order.sales_channel_id} belongs to the token's merchant: v2 is merchant-scoped (§1, §5.3)`);
  t.expect(res, 'The id of the order read', order.id, (res.body as { id?: unknown }).id);
  t.expect(res, 'The sales_channel_id of the order read', order.sales_channel_id, (res.body as { sales_channel_id?: unknown }).sales_channel_id);
});

check({
  id: 'v2.scope.other-merchant-order-404',
  api: 'v2',
  section: '1',
  title: 'An order of another merchant answers 404 to GET /orders/{id}',
  needs: ['tokens.otherMerchant'],
}, async (t) => {
  const theirs = recordIds(await sharedList(t, 'otherMerchant', 'v2', '/orders'));
  const own = recordIds(await sharedList(t, 'primary', 'v2', '/orders'));
  const [id] = theirs.filter((candidate) => !own.includes(candidate));
  if (id === undefined) return t.skip('the other merchant lists no order of its own');
  const res = await t.v2.get('/orders/{id}', { path: { id } });
  t.expectStatus(res, 404, `Order ${id} belongs to another merchant (§1, §7)`);
});

check({
  id: 'v2.scope.other-merchant-restocking-shipment-404',
  api: 'v2',
  section: '1',
  title: 'A restocking shipment of another merchant answers 404 to GET /restocking_shipments/{id}',
  needs: ['tokens.otherMerchant'],
}, async (t) => {
  const theirs = recordIds(await sharedList(t, 'otherMerchant', 'v2', '/restocking_shipments'));
  const own = recordIds(await sharedList(t, 'primary', 'v2', '/restocking_shipments'));
  const [id] = theirs.filter((candidate) => !own.includes(candidate));
  if (id === undefined) return t.skip('the other merchant lists no restocking shipment of its own');
  const res = await t.v2.get('/restocking_shipments/{id}', { path: { id } });
  t.expectStatus(res, 404, `Restocking shipment ${id} belongs to another merchant (§1, §4.2)`);
});

check({
  id: 'v2.scope.restocking-list-own-merchant',
  api: 'v2',
  section: '1',
  title: 'GET /restocking_shipments of two merchants share no shipment',
  needs: ['tokens.otherMerchant'],
}, async (t) => {
  const own = recordIds(await sharedList(t, 'primary', 'v2', '/restocking_shipments'));
  const theirs = recordIds(await sharedList(t, 'otherMerchant', 'v2', '/restocking_shipments'));
  t.expectEqual('Restocking shipment ids listed to both merchants (restocking shipments are merchant-scoped, §1)', [], sharedIds(own, theirs));
});
