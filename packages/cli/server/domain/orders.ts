import type { ServerState } from '../context.js';
import { nowIso } from '../context.js';
import { ApiError } from '../http/errors.js';
import { scheduleShipmentProgress } from './shipment-progress.js';
import { storedDateTime, ticksInSeconds } from '../time.js';
import type { Address, Order, OrderItem, Store } from '../store.js';

/** An order line as a request sends it (after schema validation). */
export interface OrderItemInput {
  merchant_item_id: string;
  sku_id?: number;
  sku_code?: string;
  quantity: number;
  price_per_unit_in_cents?: number;
  price_per_unit_in_cents_with_discount?: number;
}

/** Order properties as a request sends them (after schema validation); null and absent differ. */
export type OrderInput = Partial<Record<string, unknown>> & {
  merchant_order_id?: string | null;
  items?: OrderItemInput[] | null;
  shipping_address?: Partial<Address> | null;
};

/** How an update treats what it was sent: v1 keeps on null (§4.1 rule 2); v2 PATCH sets nullable fields to null. */
export interface UpdateMode {
  nullKeeps: boolean;
  omittedClears: boolean;
  addressReplaced: boolean;
  missingItemsDropped: boolean;
  itemsNotMatched: boolean;
}

// Properties copied as they are; a null on a non-nullable one always keeps the stored value.
const plainFields = [
  'carrier_preference', 'external_created_at', 'currency', 'custom_metadata', 'customer_order_number',
  'payment_method', 'financial_status', 'tags', 'total_price_in_cents', 'total_tax_in_cents',
  'total_net_revenue_in_cents', 'total_net_refunds_in_cents', 'total_tax_refunds_in_cents', 'created_at',
] as const;
const nullableFields = new Set(['carrier_preference', 'external_created_at', 'custom_metadata', 'customer_order_number', 'payment_method', 'tags']);
const nullableAddress: (keyof Address)[] = ['company', 'email', 'first_name', 'last_name', 'full_name', 'line2', 'parcel_point_id', 'phone', 'province_or_state_code'];

/** The order with this merchant_order_id in a sales channel (§4.1 rule 1: unique per channel). */
export function findByMerchantOrderId(store: Store, salesChannelId: number, merchantOrderId: string): Order | undefined {
  for (const order of store.orders.values()) {
    if (order.salesChannelId === salesChannelId && order.merchant_order_id === merchantOrderId) return order;
  }
  return undefined;
}

/** A received time later than every earlier one, so v1's newest-first order is never a tie (unless the clock ticks in seconds). */
export function nextReceivedAt(state: ServerState): string {
  // A clock ticking in seconds gives records received within one second the same time (a tie).
  if (ticksInSeconds(state.variants)) return nowIso(state);
  let latest = 0;
  for (const order of state.store.orders.values()) latest = Math.max(latest, Date.parse(order.receivedAt));
  return new Date(Math.max(state.clock.now(), latest + 1)).toISOString();
}

/** Creates an order in a sales channel from a validated create body; a refused item (422) leaves the store as it was. */
export function createOrder(state: ServerState, salesChannelId: number, input: OrderInput): Order {
  // Items first: an unknown SKU answers 422 before an id is taken.
  const items = (input.items ?? []).map((item) => toOrderItem(state.store, salesChannelId, item));
  const now = nowIso(state);
  const receivedAt = nextReceivedAt(state);
  const order: Order = {
    id: state.store.nextId('order', 1001),
    salesChannelId,
    receivedAt,
    manual: false,
    merchant_order_id: String(input.merchant_order_id),
    carrier_preference: null,
    // Without a created_at from the client the order is created when it is received (§2.1 default).
    created_at: receivedAt,
    updated_at: now,
    external_created_at: null,
    currency: 'EUR',
    custom_metadata: null,
    customer_order_number: null,
    payment_method: null,
    financial_status: 'paid',
    fulfillment_status: 'waiting_for_picking',
    tags: null,
    items: [],
    shipping_address: input.shipping_address as Address,
    total_price_in_cents: 0,
    total_tax_in_cents: 0,
    total_net_revenue_in_cents: 0,
    total_net_refunds_in_cents: 0,
    total_tax_refunds_in_cents: 0,
  };
  order.shipping_address = { ...Object.fromEntries(nullableAddress.map((k) => [k, null])), ...input.shipping_address } as Address;
  copyPlain(state, order, input, { nullKeeps: true, omittedClears: false });
  order.items = items;
  state.store.orders.set(order.id, order);
  scheduleShipmentProgress(state);
  return order;
}

/**
 * Applies an update body to an order: the §4.1 merge rules (omitted keep, address merged, items
 * complete list). All or nothing: the changes are made to a draft, copied onto the order only once
 * every item is resolved, so a 422 leaves the order as it was.
 */
export function updateOrder(state: ServerState, order: Order, input: OrderInput, mode: UpdateMode): void {
  // Each step below replaces a property of the draft (address and items are new objects), never
  // changes one of the order's own objects in place.
  const draft: Order = { ...order };
  // The property-only fault: lines an earlier update cancelled vanish with the next update.
  if (state.faults.has('v1-orders-update-cancelled-items-dropped-later')) draft.items = draft.items.filter((item) => !item.cancelled);
  copyPlain(state, draft, input, mode);
  if (input.shipping_address) mergeAddress(draft, input.shipping_address, mode);
  if (input.items) replaceItems(state.store, draft, input.items, mode);
  draft.updated_at = nowIso(state);
  Object.assign(order, draft);
}

/**
 * A copy of an order under another merchant_order_id, for the §4.1 rule 4 upsert, with `update`
 * applied to it. The copy is stored, and takes an id, only once `update` has not thrown.
 */
export function copyOrder(state: ServerState, source: Order, merchantOrderId: string, update: (copy: Order) => void): Order {
  const now = nowIso(state);
  const copy: Order = {
    ...structuredClone(source),
    merchant_order_id: merchantOrderId,
    receivedAt: nextReceivedAt(state),
    manual: false,
    created_at: now,
    updated_at: now,
    fulfillment_status: 'waiting_for_picking',
  };
  update(copy);
  copy.id = state.store.nextId('order', 1001);
  state.store.orders.set(copy.id, copy);
  return copy;
}

function copyPlain(state: ServerState, order: Order, input: OrderInput, mode: Pick<UpdateMode, 'nullKeeps' | 'omittedClears'>): void {
  const target = order as unknown as Record<string, unknown>;
  for (const field of plainFields) {
    const value = field.endsWith('_at') ? storedDateTime(state.variants, input[field]) : input[field];
    if (value === undefined) {
      if (mode.omittedClears && nullableFields.has(field)) target[field] = null;
    } else if (value !== null) {
      target[field] = value;
    } else if (!mode.nullKeeps && nullableFields.has(field)) {
      target[field] = null;
    }
  }
}

function mergeAddress(order: Order, input: Partial<Address>, mode: UpdateMode): void {
  const merged: Record<string, unknown> = { ...order.shipping_address };
  if (mode.addressReplaced) for (const key of nullableAddress) merged[key] = null;
  for (const [key, value] of Object.entries(input)) {
    if (value !== null) merged[key] = value;
    else if (!mode.nullKeeps && (nullableAddress as string[]).includes(key)) merged[key] = null;
  }
  order.shipping_address = merged as unknown as Address;
}

function replaceItems(store: Store, order: Order, inputs: OrderItemInput[], mode: UpdateMode): void {
  const sent = new Set(inputs.map((i) => i.merchant_item_id));
  if (sent.size !== inputs.length) throw new ApiError(422, [{ field: 'items', message: 'merchant_item_id must be unique among the items' }]);
  const kept = order.items.filter((item) => mode.itemsNotMatched || !sent.has(item.merchant_item_id));
  const result: OrderItem[] = [];
  for (const item of kept) {
    if (mode.missingItemsDropped) continue;
    result.push({ ...item, cancelled: true });
  }
  for (const input of inputs) {
    const existing = mode.itemsNotMatched ? undefined : order.items.find((i) => i.merchant_item_id === input.merchant_item_id);
    result.push({ ...existing, ...toOrderItem(store, order.salesChannelId, input) });
  }
  // Sent items keep their position; cancelled ones follow in their old order.
  order.items = mode.itemsNotMatched ? result : [...result.filter((i) => !i.cancelled), ...result.filter((i) => i.cancelled)];
}

function toOrderItem(store: Store, salesChannelId: number, input: OrderItemInput): OrderItem {
  const sku = input.sku_id !== undefined
    ? store.skus.get(input.sku_id)
    : [...store.skus.values()].find((s) => s.salesChannelId === salesChannelId && s.merchant_sku_id === input.sku_code);
  if (!sku || sku.salesChannelId !== salesChannelId) {
    throw new ApiError(422, [{ field: 'items', message: `SKU ${input.sku_id ?? input.sku_code} is not a SKU of sales channel ${salesChannelId}` }]);
  }
  const item: OrderItem = { merchant_item_id: input.merchant_item_id, sku_id: sku.id, sku_code: sku.merchant_sku_id, quantity: input.quantity, cancelled: false };
  if (input.price_per_unit_in_cents !== undefined) item.price_per_unit_in_cents = input.price_per_unit_in_cents;
  if (input.price_per_unit_in_cents_with_discount !== undefined) item.price_per_unit_in_cents_with_discount = input.price_per_unit_in_cents_with_discount;
  return item;
}
