// §1 and §5.3 for v1: a token sees the orders, shipments and SKUs of its own sales channel only,
// and the restocking shipments and warehouses of its merchant (both of the merchant's channels,
// never another merchant's). Other records are found through their owners' own lists.
import { check, type ApiClients, type CheckContext } from '../../src/checks/index.js';
import type { TokenName } from '../../src/profile/index.js';
import { listRecords, recordId, recordIds, recordKeys, sharedIds, sharedList, sharedRecords } from '../support/scope.js';
import { merchantShipments } from '../support/restocking.js';

/** Ids of orders `owner` lists that the primary channel does not list itself. */
async function foreignOrderIds(t: CheckContext, owner: TokenName): Promise<number[]> {
  const own = recordIds(await sharedList(t, 'primary', 'v1', '/orders'));
  const theirs = recordIds(await sharedList(t, owner, 'v1', '/orders'));
  return theirs.filter((id) => !own.includes(id));
}

check({
  id: 'v1.scope.other-channel-order-404',
  api: 'v1',
  section: '1',
  title: 'An order of another sales channel of the same merchant answers 404 to GET /orders/{id}',
  needs: ['tokens.sameMerchantOtherChannel'],
}, async (t) => {
  const [id] = await foreignOrderIds(t, 'sameMerchantOtherChannel');
  if (id === undefined) return t.skip('the other sales channel lists no order (with an id) of its own');
  const res = await t.v1.get('/orders/{id}', { path: { id } });
  t.expectStatus(res, 404, `Order ${id} of another sales channel is not the caller's: v1 orders are scoped to the token's sales channel (§1, §4.1)`);
});

check({
  id: 'v1.scope.orders-list-own-channel',
  api: 'v1',
  section: '1',
  title: "GET /orders of two sales channels of one merchant share no order",
  needs: ['tokens.sameMerchantOtherChannel'],
}, async (t) => {
  const own = recordIds(await sharedList(t, 'primary', 'v1', '/orders'));
  const theirs = recordIds(await sharedList(t, 'sameMerchantOtherChannel', 'v1', '/orders'));
  const shared = sharedIds(own, theirs);
  t.expectEqual('Order ids listed by both sales channels (v1 orders are scoped to the token\'s sales channel, §1)', [], shared);
});

check({
  id: 'v1.scope.shipments-list-own-channel',
  api: 'v1',
  section: '1',
  title: 'GET /shipments of two sales channels of one merchant share no shipment',
  needs: ['tokens.sameMerchantOtherChannel'],
}, async (t) => {
  const own = await sharedList(t, 'primary', 'v1', '/shipments');
  const theirs = await sharedList(t, 'sameMerchantOtherChannel', 'v1', '/shipments');
  // v1 shipment fields are not shown, so a shipment is recognised by its whole JSON.
  t.expectEqual('Shipments listed by both sales channels (v1 shipments are scoped to the token\'s sales channel, §1)', [], sharedRecords(own, theirs));
});

check({
  id: 'v1.scope.other-merchant-shipments-not-listed',
  api: 'v1',
  section: '1',
  title: 'GET /shipments of two merchants share no shipment',
  needs: ['tokens.otherMerchant'],
}, async (t) => {
  const own = await sharedList(t, 'primary', 'v1', '/shipments');
  const theirs = await sharedList(t, 'otherMerchant', 'v1', '/shipments');
  t.expectEqual('Shipments listed to both merchants (§1)', [], sharedRecords(own, theirs));
});

check({
  id: 'v1.scope.other-channel-sku-404',
  api: 'v1',
  section: '1',
  title: 'Updating a SKU of another sales channel of the same merchant answers 404',
  needs: ['fixtures.otherChannelSku'],
  writes: true,
}, async (t) => {
  const { id } = t.fixtures.otherChannelSku!;
  // An empty update keeps every property (§4.1), so a server that wrongly accepts it changes nothing.
  const res = await t.v1.patch('/skus/{id}', { path: { id }, body: {} });
  t.expectStatus(res, 404, `SKU ${id} of another sales channel is not the caller's: v1 SKUs are scoped to the token's sales channel (§1, §7)`);
});

check({
  id: 'v1.scope.other-merchant-order-404',
  api: 'v1',
  section: '1',
  title: 'An order of another merchant answers 404 to GET /orders/{id}',
  needs: ['tokens.otherMerchant'],
}, async (t) => {
  const [id] = await foreignOrderIds(t, 'otherMerchant');
  if (id === undefined) return t.skip('the other merchant lists no order (with an id) of its own');
  const res = await t.v1.get('/orders/{id}', { path: { id } });
  t.expectStatus(res, 404, `Order ${id} of another merchant is not the caller's (§1, §4.1)`);
});

check({
  id: 'v1.scope.other-merchant-restocking-shipment-404',
  api: 'v1',
  section: '1',
  title: 'A restocking shipment of another merchant answers 404 to GET /restocking_shipments/{id}',
  needs: ['tokens.otherMerchant'],
}, async (t) => {
  const other = t.as('otherMerchant');
  // v1 has no restocking list, so the ids come from the v2 lists of both merchants.
  const own = recordIds(await sharedList(t, 'primary', 'v2', '/restocking_shipments'));
  const theirs = recordIds(await sharedList(t, 'otherMerchant', 'v2', '/restocking_shipments')).filter((id) => !own.includes(id));
  const id = theirs[0];
  if (id === undefined) return t.skip('the other merchant lists no restocking shipment of its own');
  const ownerView = await other.v1.get('/restocking_shipments/{id}', { path: { id } });
  if (ownerView.status !== 200) return t.skip(`the other merchant itself cannot read restocking shipment ${id} through v1`);
  const res = await t.v1.get('/restocking_shipments/{id}', { path: { id } });
  t.expectStatus(res, 404, `Restocking shipment ${id} belongs to another merchant (§1: restocking shipments are scoped to the merchant)`);
});

check({
  id: 'v1.scope.restocking-shipment-merchant-wide',
  api: 'v1',
  section: '1',
  title: "A restocking shipment of the merchant is readable through v1 by both of the merchant's sales channels",
  needs: ['tokens.sameMerchantOtherChannel'],
}, async (t) => {
  const [id] = recordIds(await merchantShipments(t));
  if (id === undefined) return t.skip('the merchant lists no restocking shipment');
  for (const [who, client] of [['the primary', t.v1], ['another', t.as('sameMerchantOtherChannel').v1]] as const) {
    const res = await client.get('/restocking_shipments/{id}', { path: { id } });
    t.expectStatus(res, 200, `${who} sales channel of the merchant reads restocking shipment ${id}: restocking shipments are merchant-scoped in v1 (§1)`);
    // An id of digits in a string is read as its number: its JSON type is v1.schema.restocking-shipment's rule.
    t.expect(res, 'The id of the restocking shipment read', id, recordId(res.body) ?? (res.body as { id?: unknown }).id);
  }
});

check({
  id: 'v1.scope.warehouses-merchant-wide',
  api: 'v1',
  section: '1',
  title: "GET /warehouses lists the same warehouses for both of the merchant's sales channels",
  needs: ['tokens.sameMerchantOtherChannel'],
}, async (t) => {
  const own = await t.v1.get('/warehouses');
  const theirs = await t.as('sameMerchantOtherChannel').v1.get('/warehouses');
  const [ownRecords, theirRecords] = [listRecords(own.body), listRecords(theirs.body)];
  // The body's shape is not shown: without a recognisable list there is nothing to compare.
  if (!ownRecords || !theirRecords) return t.skip('GET /warehouses answered no recognisable list (its shape is not shown)');
  t.expect(theirs, "Warehouses another sales channel of the merchant sees, compared with the primary's (warehouses are merchant-scoped, §1)", recordKeys(ownRecords), recordKeys(theirRecords));
});
