// fast-check commands for the order-merge property: each sends one update of §4.1 to a real order
// the run created and compares the service's order with the model after the step.
import type fc from 'fast-check';
import type { CheckContext } from '../src/checks/index.js';
import { orderFields, orderLine } from '../suites/support/order-fields.js';
import { baseAddress, createOrder } from './orders.js';
import { applyUpdate, modelOfCreated, orderProblems, upsertTarget, type ItemInput, type OrderModel, type OrderUpdate } from './order-model.js';
import { cancelAtEnd } from '../suites/support/cancel.js';
import { requireTextKept } from '../suites/support/text.js';

/** The model side: the run's orders by merchant_order_id, which one the updates address, a line counter. */
export interface MergeModel {
  orders: Map<string, OrderModel>;
  primary: string;
  nextLine: number;
  /** Ids of orders an upsert created: what they hold beyond the sent body is not stated, so they are not modelled. */
  upserted: number[];
}

/** The real side: the check's context and the SKU the lines name. */
export interface MergeReal {
  t: CheckContext;
  skuId: number;
}

/** PATCH, or PUT as its identical alias (§4.1, §9.5). */
export type UpdateMethod = 'PATCH' | 'PUT';

type MergeCommand = fc.AsyncCommand<MergeModel, MergeReal>;

function primaryOf(model: MergeModel): OrderModel {
  return model.orders.get(model.primary)!;
}

/** Sends `update` to the primary order and returns the service's answer body; fails unless it is 200. */
async function send(real: MergeReal, model: MergeModel, method: UpdateMethod, update: OrderUpdate): Promise<Record<string, unknown>> {
  const res = await real.t.v1.request({ method, path: `/orders/${primaryOf(model).id}`, body: update });
  real.t.expectStatus(res, 200, `${method} /orders/{id} accepts the update (§4.1)`);
  return res.body as Record<string, unknown>;
}

/** Fails the check unless the service's order agrees with the model. */
function expectAgrees(real: MergeReal, expected: OrderModel, shown: Record<string, unknown>, step: string): void {
  const problems = orderProblems(expected, shown);
  if (problems.length === 0) return;
  real.t.fail({
    title: `After ${step}, the order departs from the §4.1 merge rules`,
    expected: JSON.stringify(expected),
    received: problems.join('; '),
  });
}

/** Merges some address properties (rule 2: per property). */
export class UpdateAddressCommand implements MergeCommand {
  constructor(readonly method: UpdateMethod, readonly patch: Record<string, string>) {}
  check = () => true;
  async run(model: MergeModel, real: MergeReal): Promise<void> {
    const update = { shipping_address: this.patch };
    const shown = await send(real, model, this.method, update);
    model.orders.set(model.primary, applyUpdate(primaryOf(model), update));
    expectAgrees(real, primaryOf(model), shown, this.toString());
  }
  toString = () => `${this.method} shipping_address ${JSON.stringify(this.patch)}`;
}

/** Sends the complete item list: kept lines (some with a new quantity) and new ones (rule 3). */
export class ReplaceItemsCommand implements MergeCommand {
  constructor(readonly method: UpdateMethod, readonly keep: boolean[], readonly quantities: number[], readonly added: number[]) {}
  check = () => true;
  async run(model: MergeModel, real: MergeReal): Promise<void> {
    const active = primaryOf(model).items.filter((item) => !item.cancelled);
    const kept: ItemInput[] = active
      .filter((_, i) => this.keep[i % this.keep.length])
      .map((item, i) => orderLine(item.merchantItemId, item.skuId, this.quantities[i % this.quantities.length] ?? item.quantity));
    // At least one line: whether an order may be left with none is not stated.
    const addedQuantities = kept.length === 0 && this.added.length === 0 ? [1] : this.added;
    const added = addedQuantities.map((quantity) => orderLine(`line-${(model.nextLine += 1)}`, real.skuId, quantity));
    const update = { items: [...kept, ...added] };
    const shown = await send(real, model, this.method, update);
    model.orders.set(model.primary, applyUpdate(primaryOf(model), update));
    expectAgrees(real, primaryOf(model), shown, `${this.method} items ${JSON.stringify(update.items)}`);
  }
  toString = () => `${this.method} items keep ${JSON.stringify(this.keep)} quantities ${JSON.stringify(this.quantities)} add ${JSON.stringify(this.added)}`;
}

/** Sends nothing, a null address, or nulls for required address properties: where a null can mean nothing else, it keeps (rule 2). */
export class KeepOnNullCommand implements MergeCommand {
  constructor(readonly method: UpdateMethod, readonly nulls: 'empty-body' | 'address-null' | string[]) {}
  check = () => true;
  async run(model: MergeModel, real: MergeReal): Promise<void> {
    const update: OrderUpdate = this.nulls === 'empty-body'
      ? {}
      : { shipping_address: this.nulls === 'address-null' ? null : Object.fromEntries(this.nulls.map((key) => [key, null])) };
    const shown = await send(real, model, this.method, update);
    expectAgrees(real, primaryOf(model), shown, this.toString());
  }
  toString = () => `${this.method} ${typeof this.nulls === 'string' ? this.nulls : `shipping_address nulls ${JSON.stringify(this.nulls)}`}`;
}

/**
 * Sends another merchant_order_id (rule 4): the update lands on the order carrying it (an existing one of
 * the run, or a new one) and the addressed order is neither renamed nor changed (read back). For a new
 * merchant_order_id the body is a complete order (items, full shipping_address): rule 4 says the update
 * creates that order, and a server may require what a create requires.
 */
export class UpsertCommand implements MergeCommand {
  constructor(readonly method: UpdateMethod, readonly toExisting: boolean, readonly patch: Record<string, string>) {}
  check = () => true;
  async run(model: MergeModel, real: MergeReal): Promise<void> {
    const others = [...model.orders.keys()].filter((id) => id !== model.primary);
    if (this.toExisting && others.length === 0) others.push(await createSibling(real, model));
    const wanted = this.toExisting ? others[0]! : real.t.uniqueId('order');
    const target = upsertTarget(model.orders, primaryOf(model), { merchant_order_id: wanted });
    if (target) {
      const update = { merchant_order_id: wanted, shipping_address: this.patch };
      const shown = await send(real, model, this.method, update);
      model.orders.set(wanted, applyUpdate(target, update));
      expectAgrees(real, model.orders.get(wanted)!, shown, this.toString());
    } else {
      const address = { ...baseAddress, ...this.patch };
      const items = [orderLine('line-1', real.skuId)];
      const update = { merchant_order_id: wanted, shipping_address: address, items, ...orderFields(real.t.marker, `${wanted}-c`, items) };
      const shown = await send(real, model, this.method, update);
      const id = shown.id as number;
      // A new order of the run: cancelled at the end like the others.
      cancelAtEnd(real.t, 'orders', id);
      const knownIds = [...[...model.orders.values()].map((order) => order.id), ...model.upserted];
      if (knownIds.includes(id) || shown.merchant_order_id !== wanted) {
        real.t.fail({ title: `After ${this.toString()}, the answer is not a new order carrying the sent merchant_order_id (§4.1 rule 4)`, expected: `a new id, merchant_order_id ${wanted}`, received: `id ${id}, merchant_order_id ${JSON.stringify(shown.merchant_order_id)}` });
      }
      model.upserted.push(id);
      // Whether the new order also starts from the addressed order's lines is not stated: only the sent lines are judged.
      const sentIds = new Set(items.map((item) => item.merchant_item_id));
      const shownItems = Array.isArray(shown.items) ? (shown.items as Array<{ merchant_item_id?: unknown }>) : [];
      expectAgrees(real, modelOfCreated(id, wanted, address, items), { ...shown, items: shownItems.filter((item) => sentIds.has(item.merchant_item_id as string)) }, this.toString());
    }
    const res = await real.t.v1.get('/orders/{id}', { path: { id: primaryOf(model).id } });
    real.t.expectStatus(res, 200, 'GET /orders/{id} reads the addressed order back');
    expectAgrees(real, primaryOf(model), res.body as Record<string, unknown>, `${this.toString()} (the addressed order read back)`);
  }
  toString = () => `${this.method} merchant_order_id of ${this.toExisting ? 'another order of the run' : 'a new order (complete body)'} with shipping_address ${JSON.stringify(this.patch)}`;
}

/** Creates an order of the run with two lines and returns its model. */
async function createModelled(real: MergeReal, address: Record<string, string>): Promise<OrderModel> {
  const merchantOrderId = real.t.uniqueId('order');
  const items = [1, 2].map((line) => orderLine(`line-${line}`, real.skuId, line));
  const order = await createOrder(real.t, { merchant_order_id: merchantOrderId, items, shipping_address: address, ...orderFields(real.t.marker, `${merchantOrderId}-c`, items) });
  // The model holds the address as sent: text the service keeps otherwise is v1.orders.create.201's finding.
  requireTextKept(real.t, { shipping_address: address }, order, 'v1.orders.create.201');
  return modelOfCreated(order.id, merchantOrderId, address, items);
}

/** Creates a second order of the run, for an upsert onto an existing merchant_order_id; returns that id. */
async function createSibling(real: MergeReal, model: MergeModel): Promise<string> {
  const sibling = await createModelled(real, { ...primaryOf(model).address } as Record<string, string>);
  model.orders.set(sibling.merchantOrderId, sibling);
  return sibling.merchantOrderId;
}

/** Creates the order a sequence addresses (two lines); a sibling for upserts is created when first needed. */
export async function startingOrders(real: MergeReal, address: Record<string, string>): Promise<MergeModel> {
  const primary = await createModelled(real, address);
  return { orders: new Map([[primary.merchantOrderId, primary]]), primary: primary.merchantOrderId, nextLine: 2, upserted: [] };
}
