// A model of the v1 order update rules of §4.1 (rules 2 to 4), limited to what the specification
// states: merchant_order_id, items matched by merchant_item_id, and shipping_address (§2.1 Address).
import { digitsAsNumber } from '../suites/support/digits.js';

/** One order line as the model knows it; a cancelled line keeps only its id (its shown fields are not stated). */
export interface ModelItem {
  merchantItemId: string;
  skuId: number;
  quantity: number;
  cancelled: boolean;
}

/** One order as the model expects the service to show it. */
export interface OrderModel {
  id: number;
  merchantOrderId: string;
  /** The address properties the model has seen set; others are not compared. */
  address: Record<string, unknown>;
  items: ModelItem[];
}

/** An order line in an update body. */
export interface ItemInput {
  merchant_item_id: string;
  sku_id: number;
  quantity: number;
}

/** The parts of an OrderUpdate body the model covers. */
export interface OrderUpdate {
  merchant_order_id?: string;
  shipping_address?: Record<string, unknown> | null;
  items?: ItemInput[];
}

/** The model of an order as its create body and 201 answer describe it. */
export function modelOfCreated(id: number, merchantOrderId: string, address: Record<string, unknown>, items: ItemInput[]): OrderModel {
  return {
    id,
    merchantOrderId,
    address: { ...address },
    items: items.map((item) => ({ merchantItemId: item.merchant_item_id, skuId: item.sku_id, quantity: item.quantity, cancelled: false })),
  };
}

/**
 * The order after an update (PATCH and PUT alike, §9.5): omitted properties and nulls keep the value
 * (rule 2), the address merges property by property, items sent are the complete list and the lines
 * left out stay listed as cancelled (rule 3). merchant_order_id is the caller's concern (rule 4: `upsertTarget`).
 */
export function applyUpdate(model: OrderModel, update: OrderUpdate): OrderModel {
  const address = { ...model.address };
  if (update.shipping_address) {
    for (const [key, value] of Object.entries(update.shipping_address)) if (value !== null) address[key] = value;
  }
  let items = model.items;
  if (update.items) {
    const sent = new Map(update.items.map((item) => [item.merchant_item_id, item]));
    const left = model.items.filter((item) => !sent.has(item.merchantItemId)).map((item) => ({ ...item, cancelled: true }));
    const current = update.items.map((item) => ({ merchantItemId: item.merchant_item_id, skuId: item.sku_id, quantity: item.quantity, cancelled: false }));
    items = [...current, ...left];
  }
  return { ...model, address, items };
}

/**
 * Which order an update addressed to `addressed` acts on (rule 4): the order carrying the merchant_order_id
 * it sends, if that differs (`undefined` when none exists yet and one is created), else `addressed` itself.
 */
export function upsertTarget(orders: ReadonlyMap<string, OrderModel>, addressed: OrderModel, update: OrderUpdate): OrderModel | undefined {
  const wanted = update.merchant_order_id;
  if (wanted === undefined || wanted === addressed.merchantOrderId) return addressed;
  return orders.get(wanted);
}

interface ShownOrder {
  id?: unknown;
  merchant_order_id?: unknown;
  shipping_address?: Record<string, unknown> | null;
  items?: Array<{ merchant_item_id?: unknown; sku_id?: unknown; quantity?: unknown }>;
}

/** Where the order the service shows departs from the model; empty when it agrees. Line order is not stated, so not compared. */
export function orderProblems(model: OrderModel, shown: ShownOrder): string[] {
  const problems: string[] = [];
  if (shown.id !== model.id) problems.push(`id ${JSON.stringify(shown.id)} instead of ${model.id}`);
  if (shown.merchant_order_id !== model.merchantOrderId) problems.push(`merchant_order_id ${JSON.stringify(shown.merchant_order_id)} instead of ${JSON.stringify(model.merchantOrderId)}`);
  for (const [key, value] of Object.entries(model.address)) {
    const got = shown.shipping_address?.[key];
    if (got !== value) problems.push(`shipping_address.${key} ${JSON.stringify(got)} instead of ${JSON.stringify(value)}`);
  }
  const items = Array.isArray(shown.items) ? shown.items : [];
  const shownIds = items.map((item) => item.merchant_item_id);
  const modelIds = model.items.map((item) => item.merchantItemId);
  const missing = modelIds.filter((id) => !shownIds.includes(id));
  const extra = shownIds.filter((id) => !modelIds.includes(id as string));
  if (missing.length > 0) problems.push(`items lack ${JSON.stringify(missing)} (cancelled lines stay listed)`);
  if (extra.length > 0) problems.push(`items hold unexpected ${JSON.stringify(extra)}`);
  // v1 item fields are not shown (§2.1): sku_id and quantity are judged only when the service's item carries them.
  for (const item of model.items.filter((i) => !i.cancelled)) {
    const got = items.find((i) => i.merchant_item_id === item.merchantItemId);
    if (got === undefined) continue;
    // The v1 item's fields and their types are not shown: digits in a string are read as their number.
    if ('sku_id' in got && digitsAsNumber(got.sku_id) !== item.skuId) problems.push(`item ${item.merchantItemId} shows sku_id ${JSON.stringify(got.sku_id)} instead of ${item.skuId}`);
    if ('quantity' in got && digitsAsNumber(got.quantity) !== item.quantity) problems.push(`item ${item.merchantItemId} shows quantity ${JSON.stringify(got.quantity)} instead of ${item.quantity}`);
  }
  return problems;
}
