// The §4.1 merge model against hand-worked examples of rules 2 to 4.
import { describe, expect, it } from 'vitest';
import { applyUpdate, orderProblems, upsertTarget, type OrderModel, type OrderUpdate } from '../../packages/cli/properties/order-model.js';

const address = { city: 'Berlin', country_code: 'DE', line1: '1 Main Street', postal_code: '10115', first_name: 'Alex' };
const order: OrderModel = {
  id: 7,
  merchantOrderId: 'M-7',
  address,
  items: [
    { merchantItemId: 'a', skuId: 501, quantity: 1, cancelled: false },
    { merchantItemId: 'b', skuId: 501, quantity: 2, cancelled: false },
  ],
};

const cases: Array<[string, { given: OrderModel; update: OrderUpdate; want: Partial<OrderModel> }]> = [
  ['rule 2: an empty body keeps everything', { given: order, update: {}, want: { address, items: order.items } }],
  ['rule 2: shipping_address null keeps the address', { given: order, update: { shipping_address: null }, want: { address } }],
  ['rule 2: a null required address property keeps it', { given: order, update: { shipping_address: { city: null } }, want: { address } }],
  ['rule 2: the address merges property by property', {
    given: order,
    update: { shipping_address: { postal_code: '20095', company: 'Acme' } },
    want: { address: { ...address, postal_code: '20095', company: 'Acme' } },
  }],
  ['rule 3: items sent are the complete list; left-out lines are cancelled and still listed', {
    given: order,
    update: { items: [{ merchant_item_id: 'b', sku_id: 501, quantity: 5 }, { merchant_item_id: 'c', sku_id: 503, quantity: 1 }] },
    want: {
      items: [
        { merchantItemId: 'b', skuId: 501, quantity: 5, cancelled: false },
        { merchantItemId: 'c', skuId: 503, quantity: 1, cancelled: false },
        { merchantItemId: 'a', skuId: 501, quantity: 1, cancelled: true },
      ],
    },
  }],
  ['rule 3: a line cancelled earlier stays listed after a later update', {
    given: { ...order, items: [{ merchantItemId: 'a', skuId: 501, quantity: 1, cancelled: true }, { merchantItemId: 'b', skuId: 501, quantity: 2, cancelled: false }] },
    update: { items: [{ merchant_item_id: 'c', sku_id: 501, quantity: 1 }] },
    want: {
      items: [
        { merchantItemId: 'c', skuId: 501, quantity: 1, cancelled: false },
        { merchantItemId: 'a', skuId: 501, quantity: 1, cancelled: true },
        { merchantItemId: 'b', skuId: 501, quantity: 2, cancelled: true },
      ],
    },
  }],
];

describe('applyUpdate', () => {
  it.each(cases)('%s', (_name, { given, update, want }) => {
    expect(applyUpdate(given, update)).toMatchObject(want);
  });

  it('never changes id or merchant_order_id (rule 4 is upsertTarget\'s)', () => {
    const after = applyUpdate(order, { merchant_order_id: 'OTHER', shipping_address: { city: 'Hamburg' } });
    expect([after.id, after.merchantOrderId]).toEqual([7, 'M-7']);
  });
});

describe('upsertTarget (rule 4)', () => {
  const sibling: OrderModel = { ...order, id: 8, merchantOrderId: 'M-8' };
  const orders = new Map([['M-7', order], ['M-8', sibling]]);
  it.each([
    ['no merchant_order_id: the addressed order', {}, order],
    ['its own merchant_order_id: the addressed order', { merchant_order_id: 'M-7' }, order],
    ['another existing one: that order, not a rename', { merchant_order_id: 'M-8' }, sibling],
    ['an unknown one: a new order (undefined)', { merchant_order_id: 'M-9' }, undefined],
  ] as const)('%s', (_name, update, want) => {
    expect(upsertTarget(orders, order, update)).toBe(want);
  });
});

describe('orderProblems', () => {
  const shown = {
    id: 7,
    merchant_order_id: 'M-7',
    shipping_address: { ...address, company: null },
    items: [{ merchant_item_id: 'b', sku_id: 501, quantity: 2 }, { merchant_item_id: 'a', sku_id: 501, quantity: 1 }],
  };
  it('accepts the order in any line order, with address properties the model does not know', () => {
    expect(orderProblems(order, shown)).toEqual([]);
  });
  it('judges sku_id and quantity only when the service\'s item carries them (v1 item fields are not shown, §2.1)', () => {
    expect(orderProblems(order, { ...shown, items: [{ merchant_item_id: 'b', sku_id: 501 }, { merchant_item_id: 'a', quantity: 1 }] })).toEqual([]);
  });
  it.each<[string, Parameters<typeof orderProblems>[1], RegExp]>([
    ['a cancelled line left out', { ...shown, items: [shown.items[0]!] }, /items lack \["a"\]/],
    ['a changed quantity', { ...shown, items: [{ ...shown.items[0]!, quantity: 3 }, shown.items[1]!] }, /item b shows quantity 3 instead of 2/],
    ['a changed sku_id', { ...shown, items: [{ ...shown.items[0]!, sku_id: 502 }, shown.items[1]!] }, /item b shows sku_id 502 instead of 501/],
    ['an address property reverted', { ...shown, shipping_address: { ...address, city: 'Paris' } }, /shipping_address.city "Paris" instead of "Berlin"/],
    ['a renamed order', { ...shown, merchant_order_id: 'M-9' }, /merchant_order_id "M-9" instead of "M-7"/],
  ])('reports %s', (_name, given, want) => {
    expect(orderProblems(order, given).join('; ')).toMatch(want);
  });
});
