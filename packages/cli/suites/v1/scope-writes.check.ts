// §1 and §7 for v1 writes: an order of another sales channel or merchant, a restocking shipment of
// another merchant and a SKU of another sales channel answer 404 to updates too, and stay unchanged.
import { check } from '../../src/checks/index.js';
import { expectUnchanged, foreignRestockingShipment, foreignV1Order, type Owner } from '../support/foreign-records.js';

const orderOwners: ReadonlyArray<[Owner, string, string]> = [
  ['sameMerchantOtherChannel', 'other-channel', 'another sales channel of the same merchant'],
  ['otherMerchant', 'other-merchant', 'another merchant'],
];

for (const [ownerName, slug, whose] of orderOwners) {
  for (const method of ['PATCH', 'PUT'] as const) {
    check({
      id: `v1.scope.${slug}-order-${method.toLowerCase()}-404`,
      api: 'v1',
      section: '1',
      title: `${method} /orders/{id} of an order of ${whose} answers 404 and leaves the order unchanged`,
      needs: [`tokens.${ownerName}`],
      writes: true,
    }, async (t) => {
      const order = await foreignV1Order(t, ownerName);
      // PUT is PATCH's alias (§9.5), v1.orders.update.put-same-as-patch's rule: a status it may not answer skips here.
      const res = await t.v1.request({ method, path: `/orders/${order.id}`, body: { shipping_address: { line2: t.marker } }, premise: method === 'PUT' });
      t.expectStatus(res, 404, `Order ${order.id} belongs to ${whose}: v1 orders are scoped to the token's sales channel, for updates too (§1, §4.1)`);
      await expectUnchanged(t, order, `/orders/${order.id}`, 'shipping_address');
    });
  }
}

check({
  id: 'v1.scope.other-merchant-restocking-shipment-put-404',
  api: 'v1',
  section: '1',
  title: 'PUT /restocking_shipments/{id} of a restocking shipment of another merchant answers 404 and leaves it unchanged',
  needs: ['tokens.otherMerchant'],
  writes: true,
}, async (t) => {
  const shipment = await foreignRestockingShipment(t, 'v1');
  // The owner's items go along: a PUT without them would empty the list (§4.1) were it wrongly accepted.
  const items = Array.isArray(shipment.before.restocking_shipment_items) ? shipment.before.restocking_shipment_items as Array<Record<string, unknown>> : [];
  const body = { po_number: t.marker, restocking_shipment_items: items.map(({ sku_id, announced_quantity }) => ({ sku_id, announced_quantity })) };
  const res = await t.v1.put('/restocking_shipments/{id}', { path: { id: shipment.id }, body });
  t.expectStatus(res, 404, `Restocking shipment ${shipment.id} belongs to another merchant (§1: restocking shipments are scoped to the merchant)`);
  await expectUnchanged(t, shipment, `/restocking_shipments/${shipment.id}`, 'po_number');
});

check({
  id: 'v1.scope.other-channel-sku-put-404',
  api: 'v1',
  section: '1',
  title: 'PUT /skus/{id} of a SKU of another sales channel of the same merchant answers 404 and leaves its name',
  needs: ['fixtures.otherChannelSku', 'tokens.sameMerchantOtherChannel'],
  writes: true,
}, async (t) => {
  const { id } = t.fixtures.otherChannelSku!;
  const owner = t.as('sameMerchantOtherChannel').v1;
  // No v1 SKU read is shown (§4.1): an empty update keeps every property and answers the SKU.
  const before = await owner.patch('/skus/{id}', { path: { id }, body: {} });
  t.expectStatus(before, 200, "The owning sales channel reads its SKU through an empty PATCH");
  // PUT is PATCH's alias (§9.5), v1.skus.update.put-same-as-patch's rule: a status it may not answer skips here.
  const res = await t.v1.put('/skus/{id}', { path: { id }, body: { name: `${t.marker} not yours` }, premise: true });
  if (res.status === 200) t.cleanup(() => owner.patch('/skus/{id}', { path: { id }, body: { name: before.body?.name }, validate: false }));
  t.expectStatus(res, 404, `SKU ${id} of another sales channel is not the caller's: v1 SKUs are scoped to the token's sales channel (§1, §7)`);
  const after = await owner.patch('/skus/{id}', { path: { id }, body: {} });
  t.expect(after, "The other channel's SKU keeps its name (§1)", before.body?.name, after.body?.name);
});
