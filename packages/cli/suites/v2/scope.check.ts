// §1 and §5.3 for v2: a token reaches the records of every sales channel of its merchant, and
// nothing of another merchant. Other records are found through their owners' own lists.
import { check } from '../../src/checks/index.js';
import { digitsAsNumber } from '../support/digits.js';
import { otherChannelOrder } from '../support/v2-orders.js';
import { idsFound, recordIds, sharedIds, sharedList, v2ListAll } from '../support/scope.js';

check({
  id: 'v2.scope.other-channel-order-200',
  api: 'v2',
  section: '1',
  title: 'An order of another sales channel of the merchant is readable with GET /orders/{id}',
  needs: ['tokens.sameMerchantOtherChannel'],
}, async (t) => {
  // The other channel's own newest order, found through its v1 list, read through v2 with the
  // primary token: two requests, where a walk of the merchant-wide v2 list passes the run's own first.
  const other = await otherChannelOrder(t);
  // An id of digits in a string is read as its number: its JSON type is v2.schema.order's rule.
  const channel = digitsAsNumber(other.v2.body.sales_channel_id);
  t.expect(other.v2, 'The id of the order read', other.v1.id, digitsAsNumber(other.v2.body.id));
  // The other channel's v1 list showing a primary order is v1.scope.orders-list-own-channel's finding.
  if (channel === t.fixtures.salesChannelId) t.skip(`the newest order tokens.sameMerchantOtherChannel lists in v1 (${other.v1.id}) is one of the primary channel ${channel}, so it shows no other channel's order`);
});

check({
  id: 'v2.scope.other-merchant-order-404',
  api: 'v2',
  section: '1',
  title: 'An order of another merchant answers 404 to GET /orders/{id}',
  needs: ['tokens.otherMerchant'],
}, async (t) => {
  // The walk stops at the other merchant's first order: one id is all the check needs.
  const [id] = recordIds(await v2ListAll(t.as('otherMerchant').v2, '/orders', idsFound(1)));
  if (id === undefined) return t.skip('the other merchant lists no order of its own');
  const res = await t.v2.get('/orders/{id}', { path: { id } });
  if (res.status === 404) return;
  // Only where the read succeeded is the primary merchant's own list walked: an order both merchants
  // list is not the other's alone (two tokens of one merchant in the profile), and no finding here.
  const own = recordIds(await sharedList(t, 'primary', 'v2', '/orders'));
  if (own.includes(id)) return t.skip(`order ${id} is listed to both tokens.primary and tokens.otherMerchant, so it is not the other merchant's own`);
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
