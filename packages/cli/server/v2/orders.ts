import type { Handler, RequestContext } from '../context.js';
import { nowIso } from '../context.js';
import type { OrderInput, UpdateMode } from '../domain/orders.js';
import { fillPostalCode, raiseZeroQuantity, takeUnknownFinancialStatus, upperCaseCountry } from '../domain/lenient-orders.js';
import { createOrder, findByMerchantOrderId, updateOrder } from '../domain/orders.js';
import { v2OrderCreateSchema, v2OrderPatchSchema } from '../domain/order-schemas.js';
import { requireStrictOrderFields } from '../domain/strict-create.js';
import { ApiError } from '../http/errors.js';
import { idParam, notFound } from '../http/params.js';
import { filterByCreatedAt, pageV2 } from '../pagination.js';
import { renderOrder } from '../render/order.js';
import type { FulfillmentStatus, Order } from '../store.js';
import { validateBody } from '../validate.js';

// Which states permit cancellation is not shown (§3.2): ours are those before anything shipped.
const cancellable: readonly FulfillmentStatus[] = ['waiting_for_picking', 'processing', 'on_hold', 'payment_pending'];

function merchantChannels(ctx: RequestContext): Set<number> {
  return new Set(ctx.state.store.channelsOf(ctx.principal.merchant.id).map((c) => c.id));
}

/** GET /orders (§4.2): every order of every channel of the merchant, in id order, cursor-paginated. */
export const listOrdersV2: Handler = (ctx) => {
  const { store, faults } = ctx.state;
  const channels = merchantChannels(ctx);
  let orders = ctx.state.lists.shown('orders').filter((o) =>
    faults.has('v2-orders-list-primary-channel-only') ? o.salesChannelId === ctx.principal.channel.id : channels.has(o.salesChannelId));
  orders = filterByCreatedAt('v2', orders, ctx.query, (o) => o.created_at, faults);
  const page = pageV2(orders, ctx.url, faults, ctx.state.variants);
  return { status: 200, body: { data: page.data.map((o) => renderOrder('v2', o, faults)), pagination: page.pagination } };
};

/** POST /orders (§4.2): an order for one of the merchant's channels; 200 as spec/v2.yaml lists, 409 for a duplicate. */
export const createOrderV2: Handler = (ctx) => {
  const { store, faults } = ctx.state;
  if (faults.has('v2-orders-create-lower-case-country-accepted')) upperCaseCountry(ctx.body());
  bendCreateBody(ctx);
  const financialStatus = faults.has('v2-orders-financial-status-unchecked') ? takeUnknownFinancialStatus(ctx.body()) : undefined;
  const input = validateBody<OrderInput & { sales_channel_id: number }>(v2OrderCreateSchema, ctx.body(), false);
  requireStrictOrderFields('v2', ctx.state.variants, input);
  checkCreateItems(ctx, input);
  const foreignAllowed = faults.has('v2-scope-create-order-foreign-channel') && store.salesChannels.has(input.sales_channel_id);
  if (!merchantChannels(ctx).has(input.sales_channel_id) && !foreignAllowed) {
    throw new ApiError(422, [{ field: 'sales_channel_id', message: `${input.sales_channel_id} is not a sales channel of this merchant` }]);
  }
  const existing = findByMerchantOrderId(store, input.sales_channel_id, String(input.merchant_order_id));
  // merchant_order_id is unique per sales channel (§2.1); a duplicate answers 409 naming the existing id (§7).
  if (existing) {
    const status = faults.has('v2-orders-duplicate-not-409') ? 422 : 409;
    throw new ApiError(status, [{ field: 'merchant_order_id', message: `an order with this merchant_order_id already exists in this sales channel: order id ${existing.id}` }]);
  }
  // Another channel of the merchant may use the same merchant_order_id (§2.1); the fault refuses it.
  const elsewhere = faults.has('v2-orders-merchant-order-id-unique-per-merchant')
    ? [...store.orders.values()].find((o) => o.merchant_order_id === String(input.merchant_order_id) && merchantChannels(ctx).has(o.salesChannelId))
    : undefined;
  if (elsewhere) {
    throw new ApiError(409, [{ field: 'merchant_order_id', message: `an order with this merchant_order_id already exists for this merchant: order id ${elsewhere.id}` }]);
  }
  const order = createOrder(ctx.state, input.sales_channel_id, input);
  if (financialStatus !== undefined) order.financial_status = financialStatus as Order['financial_status'];
  // §4: v2 POST /orders states no success code, so it is 200.
  return { status: faults.has('v2-orders-create-201') ? 201 : 200, body: renderOrder('v2', order, faults) };
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

// What three create faults let through before validation: no items, an item naming no SKU, an address without postal_code.
function bendCreateBody(ctx: RequestContext): void {
  const { faults, store } = ctx.state;
  const body = ctx.body();
  if (!isObject(body)) return;
  if (faults.has('v2-orders-create-items-optional') && body.items === undefined) body.items = [];
  if (faults.has('v2-orders-create-postal-code-filled')) fillPostalCode(body);
  if (faults.has('v2-orders-create-item-without-sku-accepted') && Array.isArray(body.items)) {
    const first = [...store.skus.values()].find((s) => s.salesChannelId === body.sales_channel_id);
    for (const item of body.items) if (isObject(item) && first && item.sku_id === undefined && item.sku_code === undefined) item.sku_id = first.id;
  }
}

// §2.1 item rules of a create: merchant_item_id unique among the items; and what two faults refuse.
function checkCreateItems(ctx: RequestContext, input: OrderInput): void {
  const { faults } = ctx.state;
  const items = input.items ?? [];
  const ids = new Set(items.map((i) => i.merchant_item_id));
  if (ids.size !== items.length && !faults.has('v2-orders-create-duplicate-merchant-item-id-accepted')) {
    throw new ApiError(422, [{ field: 'items', message: 'merchant_item_id must be unique among the items of the order' }]);
  }
  items.forEach((item, i) => {
    if (item.sku_id === undefined && faults.has('v2-orders-create-sku-code-refused')) throw new ApiError(422, [{ field: `items.${i}.sku_id`, message: 'is required' }]);
    if (item.price_per_unit_in_cents === undefined && faults.has('v2-orders-create-item-prices-required')) {
      throw new ApiError(422, [{ field: `items.${i}.price_per_unit_in_cents`, message: 'is required' }]);
    }
  });
  if (faults.has('v2-orders-create-created-at-from-external') && input.created_at === undefined && typeof input.external_created_at === 'string') {
    input.created_at = input.external_created_at;
  }
}

// `access` picks the scope faults that apply: reads and writes of another merchant's order break apart.
function visible(ctx: RequestContext, order: Order | undefined, access: 'read' | 'update' = 'read'): order is Order {
  return order !== undefined && (merchantChannels(ctx).has(order.salesChannelId) || ctx.state.faults.has(`v2-scope-cross-merchant-order-${access}`));
}

function orderById(ctx: RequestContext, access: 'read' | 'update' = 'read'): Order {
  const id = idParam(ctx);
  const order = ctx.state.store.orders.get(id);
  if (!visible(ctx, order, access)) throw notFound('order', id);
  return order;
}

// The query parameter names of the by_merchant_order_id operations are not shown (§4.2): ours
// are merchant_order_id and sales_channel_id, both required.
function orderByMerchantOrderId(ctx: RequestContext, access: 'read' | 'update'): Order {
  const { store, faults } = ctx.state;
  const merchantOrderId = ctx.query.get('merchant_order_id');
  const channel = ctx.query.get('sales_channel_id');
  if (!merchantOrderId || !channel || !/^\d+$/.test(channel)) {
    throw new ApiError(400, [{ field: 'merchant_order_id', message: 'the query parameters merchant_order_id and sales_channel_id (an integer) are required' }]);
  }
  const order = faults.has('v2-orders-by-merchant-order-id-ignores-channel')
    ? [...store.orders.values()].reverse().find((o) => o.merchant_order_id === merchantOrderId && merchantChannels(ctx).has(o.salesChannelId))
    : findByMerchantOrderId(store, Number(channel), merchantOrderId);
  const unknown422 = access === 'read' ? faults.has('v2-orders-by-merchant-order-id-get-unknown-422') : faults.has('v2-orders-by-merchant-order-id-patch-unknown-422');
  if (!order && unknown422) throw new ApiError(422, [{ field: 'merchant_order_id', message: 'no such order' }]);
  if (!visible(ctx, order)) throw notFound('order', merchantOrderId);
  return order;
}

function patch(ctx: RequestContext, order: Order, byMerchantOrderId = false): Order {
  const { faults } = ctx.state;
  if (faults.has('v2-orders-patch-zero-quantity-accepted')) raiseZeroQuantity(ctx.body());
  const financialStatus = faults.has('v2-orders-financial-status-unchecked') ? takeUnknownFinancialStatus(ctx.body()) : undefined;
  const input = validateBody<OrderInput & { sales_channel_id?: unknown }>(v2OrderPatchSchema, ctx.body() ?? {}, false);
  const mode: UpdateMode = { nullKeeps: false, omittedClears: faults.has('v2-orders-patch-omitted-cleared'), addressReplaced: false, missingItemsDropped: false, itemsNotMatched: false };
  // merchant_order_id and sales_channel_id cannot change and are ignored if sent (§4.2).
  if (faults.has('v2-orders-patch-merchant-order-id-applied') && typeof input.merchant_order_id === 'string') order.merchant_order_id = input.merchant_order_id;
  const channelApplied = faults.has('v2-orders-patch-sales-channel-applied') || (byMerchantOrderId && faults.has('v2-orders-by-merchant-order-id-patch-sales-channel-applied'));
  if (channelApplied && typeof input.sales_channel_id === 'number' && merchantChannels(ctx).has(input.sales_channel_id)) {
    order.salesChannelId = input.sales_channel_id;
  }
  updateOrder(ctx.state, order, input, mode);
  if (financialStatus !== undefined) order.financial_status = financialStatus as Order['financial_status'];
  // fulfillment_status is read-only (§2.1); the fault applies it.
  const status = (ctx.body() as { fulfillment_status?: unknown } | undefined)?.fulfillment_status;
  if (faults.has('v2-orders-patch-fulfillment-status-applied') && typeof status === 'string' && ['waiting_for_picking', 'processing', 'partially_shipped', 'shipped', 'on_hold', 'payment_pending', 'cancelled', 'ignored'].includes(status)) {
    order.fulfillment_status = status as FulfillmentStatus;
  }
  return order;
}

/** GET /orders/{id}. */
export const getOrderV2: Handler = (ctx) => ({ status: 200, body: renderOrder('v2', orderById(ctx), ctx.state.faults) });

/** PATCH /orders/{id}: only provided fields change. */
export const patchOrderV2: Handler = (ctx) => ({ status: 200, body: renderOrder('v2', patch(ctx, orderById(ctx, 'update')), ctx.state.faults) });

/** GET /orders/by_merchant_order_id?merchant_order_id=…&sales_channel_id=…. */
export const getOrderByMerchantOrderId: Handler = (ctx) => ({ status: 200, body: renderOrder('v2', orderByMerchantOrderId(ctx, 'read'), ctx.state.faults) });

/** PATCH /orders/by_merchant_order_id: the same partial update. */
export const patchOrderByMerchantOrderId: Handler = (ctx) => ({ status: 200, body: renderOrder('v2', patch(ctx, orderByMerchantOrderId(ctx, 'update'), true), ctx.state.faults) });

/** PUT /orders/{id}/cancel (§3.2): cancellable orders become cancelled and order.status_updated goes out; 422 otherwise. */
export const cancelOrderV2: Handler = (ctx) => {
  const { faults, variants } = ctx.state;
  const order = orderById(ctx, 'update');
  // cancel-idempotent: cancelling a cancelled order changes nothing and succeeds.
  const again = order.fulfillment_status === 'cancelled' && variants.has('cancel-idempotent');
  const permitted = variants.has('orders-cancel-not-waiting-for-picking') ? cancellable.filter((s) => s !== 'waiting_for_picking') : cancellable;
  if (!again && !permitted.includes(order.fulfillment_status)) {
    throw new ApiError(422, [{ field: 'fulfillment_status', message: `an order in status ${order.fulfillment_status} cannot be cancelled` }]);
  }
  if (!again && !faults.has('v2-orders-cancel-not-cancelled')) {
    const previous = renderOrder('v2', order, faults);
    order.fulfillment_status = 'cancelled';
    order.updated_at = nowIso(ctx.state);
    ctx.state.emit({ api: 'v2', type: 'order.status_updated', payload: renderOrder('v2', order, faults), previous });
  }
  // cancel-empty-body, cancel-204: the response body is not shown, so none is as good as the order.
  if (variants.has('cancel-204')) return { status: 204, body: undefined };
  return { status: 200, body: variants.has('cancel-empty-body') ? undefined : renderOrder('v2', order, faults) };
};
