// §1 and §7 for v2 writes: an order or a restocking shipment of another merchant answers 404 to
// updates and cancels too and stays unchanged, and an order for another merchant's sales channel is
// refused and not created.
import { check } from '../../src/checks/index.js';
import { digitsAsNumber } from '../support/digits.js';
import { expectUnchanged, foreignRestockingShipment, foreignV2Order } from '../support/foreign-records.js';
import { listRecords, v2ListAll } from '../support/scope.js';
import { byMerchantOrderIdQuery, v2OrderBody } from '../support/v2-orders.js';
import { cancelAtEnd } from '../support/cancel.js';

/** One write on another merchant's record: the operation, its body, and the field the owner reads back. */
interface ForeignWrite {
  name: string;
  kind: 'order' | 'restocking-shipment';
  method: 'PATCH' | 'PUT';
  suffix: '' | '/cancel';
  body?: (marker: string) => Record<string, unknown>;
  field: string;
  /** The value the write would give `field` (a cancel's status): only it shows the write went through. */
  setsTo?: string;
}

const writes: readonly ForeignWrite[] = [
  { name: 'order-patch', kind: 'order', method: 'PATCH', suffix: '', body: (marker) => ({ tags: [marker] }), field: 'tags' },
  { name: 'order-cancel', kind: 'order', method: 'PUT', suffix: '/cancel', field: 'fulfillment_status', setsTo: 'cancelled' },
  { name: 'restocking-shipment-put', kind: 'restocking-shipment', method: 'PUT', suffix: '', body: (marker) => ({ po_number: marker }), field: 'po_number' },
  { name: 'restocking-shipment-cancel', kind: 'restocking-shipment', method: 'PUT', suffix: '/cancel', field: 'status', setsTo: 'cancelled' },
];

for (const write of writes) {
  const collection = write.kind === 'order' ? '/orders' : '/restocking_shipments';
  check({
    id: `v2.scope.other-merchant-${write.name}-404`,
    api: 'v2',
    section: '1',
    title: `${write.method} ${collection}/{id}${write.suffix} of another merchant's ${write.kind.replace('-', ' ')} answers 404 and leaves it unchanged`,
    needs: ['tokens.otherMerchant'],
    writes: true,
  }, async (t) => {
    const record = write.kind === 'order' ? await foreignV2Order(t) : await foreignRestockingShipment(t, 'v2');
    const path = `${collection}/${record.id}`;
    const res = await t.v2.request({ method: write.method, path: `${path}${write.suffix}`, ...(write.body ? { body: write.body(t.marker) } : {}) });
    t.expectStatus(res, 404, `${path} belongs to another merchant: v2 access is merchant-scoped, for writes too (§1, §7)`);
    await expectUnchanged(t, record, path, write.field, write.setsTo);
  });
}

check({
  id: 'v2.scope.create-order-other-merchant-channel-refused',
  api: 'v2',
  section: '1',
  title: 'POST /orders for a sales channel of another merchant is refused (a 4xx) and creates nothing',
  needs: ['tokens.otherMerchant'],
  writes: true,
}, async (t) => {
  const owner = t.as('otherMerchant').v2;
  const list = await owner.get('/orders');
  const order = listRecords(list.body)?.[0] as { sales_channel_id?: unknown; items?: Array<{ sku_id?: unknown; sku_code?: unknown }> } | undefined;
  // Ids of digits in a string are read as their numbers: their JSON type is v2.schema.order's rule.
  const channel = digitsAsNumber(order?.sales_channel_id);
  const skuId = digitsAsNumber(order?.items?.[0]?.sku_id);
  if (!Number.isInteger(channel) || !Number.isInteger(skuId)) return t.skip('the other merchant lists no order showing its sales_channel_id and an item sku_id');
  // The other merchant's own SKU: the only thing wrong with the order is whose sales channel it names.
  const body = v2OrderBody(t, channel as number, { id: skuId as number, sku_code: String(order?.items?.[0]?.sku_code ?? '') });
  // 404 is not among the statuses the documents list for POST /orders, yet §7 allows it for a record not the caller's.
  const res = await t.v2.post('/orders', { body, validate: false });
  if (res.status >= 200 && res.status < 300 && res.body?.id !== undefined) cancelAtEnd(t, 'orders', res.body.id, owner);
  // Which refusal is not stated (§7: 403, 404, 422, or 400 all describe it): any 4xx but a 429.
  if (res.status < 400 || res.status > 499 || res.status === 429) {
    t.fail({ title: `An order for sales channel ${channel}, which belongs to another merchant, is refused (§1: v2 access covers the merchant's own sales channels)`, expected: 'a 4xx status (403, 404 or 422 most likely)', received: `status ${res.status}`, response: res });
  }
  const lookup = await owner.get('/orders/by_merchant_order_id', { query: byMerchantOrderIdQuery(body.merchant_order_id as string, channel as number), validate: false });
  if (lookup.status === 404) return;
  const found = lookup.status === 200
    ? [lookup.body]
    : (await v2ListAll(owner, '/orders')).filter((o) => (o as { merchant_order_id?: unknown }).merchant_order_id === body.merchant_order_id);
  t.expect(lookup, "Orders the other merchant has with the refused order's merchant_order_id (§1)", 0, found.length);
});
