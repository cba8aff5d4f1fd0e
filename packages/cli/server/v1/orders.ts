import type { Handler, RequestContext } from '../context.js';
import { validateV1Body } from '../body-rules.js';
import type { OrderInput, UpdateMode } from '../domain/orders.js';
import { dropNegativeMoney } from '../domain/lenient-orders.js';
import { copyOrder, createOrder, findByMerchantOrderId, updateOrder } from '../domain/orders.js';
import { v1OrderCreateSchema, v1OrderUpdateSchema } from '../domain/order-schemas.js';
import { requireStrictOrderFields } from '../domain/strict-create.js';
import { ApiError } from '../http/errors.js';
import { idParam, notFound } from '../http/params.js';
import { filterByCreatedAt, pageV1 } from '../pagination.js';
import { renderOrder } from '../render/order.js';
import type { Order } from '../store.js';

/** GET /orders (§4.1): the channel's orders newest received first, without manual ones, filters on the received time. */
export const listOrders: Handler = (ctx) => {
  const { faults, store } = ctx.state;
  const channelId = ctx.principal.channel.id;
  const merchantChannels = new Set(store.channelsOf(ctx.principal.merchant.id).map((c) => c.id));
  let orders = ctx.state.lists.shown('orders').filter((o) =>
    (faults.has('v1-scope-orders-list-all-channels') ? merchantChannels.has(o.salesChannelId) : o.salesChannelId === channelId)
    && !o.manual && !(faults.has('v1-orders-list-api-orders-missing') && o.id > 1000));
  const timeOf = (o: Order): string => (faults.has('v1-orders-filter-on-created-at') ? o.created_at : o.receivedAt);
  orders = filterByCreatedAt('v1', orders, ctx.query, timeOf, faults);
  const sortTime = (o: Order): number => Date.parse(faults.has('v1-orders-list-sorted-by-created-at') ? o.created_at : o.receivedAt);
  orders.sort((a, b) => sortTime(b) - sortTime(a));
  if (faults.has('v1-orders-list-oldest-first')) orders.reverse();
  const page = pageV1(orders, ctx.query, faults);
  return { status: 200, body: { data: page.data.map((o) => renderOrder('v1', o, faults)), pagination: page.pagination } };
};

/** POST /orders (§4.1 rules 1 and 5): 201, or 409 naming the existing order's id. */
export const createOrderV1: Handler = (ctx) => {
  const { faults, store } = ctx.state;
  const input = validateV1Body<OrderInput>(v1OrderCreateSchema, ctx.body(), faults, faults.has('v1-orders-create-unknown-property-accepted'));
  requireStrictOrderFields('v1', ctx.state.variants, input);
  const existing = findByMerchantOrderId(store, ctx.principal.channel.id, String(input.merchant_order_id));
  if (existing && !faults.has('v1-orders-duplicate-not-409')) {
    const message = faults.has('v1-orders-duplicate-409-without-id')
      ? 'an order with this merchant_order_id already exists'
      : `an order with this merchant_order_id already exists: order id ${existing.id}`;
    throw new ApiError(409, [{ field: 'merchant_order_id', message }]);
  }
  const order = createOrder(ctx.state, ctx.principal.channel.id, input);
  return { status: 201, body: renderOrder('v1', order, faults) };
};

/** The order with a path id, if it is the caller's channel's (§1 v1 scope; 404 otherwise); `access` picks the scope faults that apply. */
function ownOrder(ctx: RequestContext, access: 'read' | 'update'): Order {
  const { faults, store } = ctx.state;
  const id = idParam(ctx);
  const order = store.orders.get(id);
  const channel = order ? store.salesChannels.get(order.salesChannelId) : undefined;
  const visible = order !== undefined && (
    order.salesChannelId === ctx.principal.channel.id
    || (faults.has(`v1-scope-cross-channel-order-${access}`) && channel?.merchantId === ctx.principal.merchant.id)
    || (faults.has(`v1-scope-cross-merchant-order-${access}`) && channel?.merchantId !== ctx.principal.merchant.id));
  if (!order || !visible) throw notFound('order', id);
  return order;
}

/** GET /orders/{id}. */
export const getOrder: Handler = (ctx) => ({ status: 200, body: renderOrder('v1', ownOrder(ctx, 'read'), ctx.state.faults) });

/** PATCH /orders/{id}, and PUT as its identical alias (§4.1, §9.5): the merge rules 2 to 4. */
export const updateOrderV1 = (method: 'PATCH' | 'PUT'): Handler => (ctx) => {
  const { faults, store } = ctx.state;
  if (method === 'PUT' && faults.has('v1-orders-put-not-alias')) throw new ApiError(405, 'use PATCH to update an order', { Allow: 'GET, PATCH' });
  if (faults.has('v1-not-found-order-update-422') && !store.orders.has(idParam(ctx))) throw new ApiError(422, 'the order cannot be updated');
  const order = ownOrder(ctx, 'update');
  if (faults.has('v1-orders-update-negative-money-accepted')) dropNegativeMoney(ctx.body());
  const input = validateV1Body<OrderInput>(v1OrderUpdateSchema, ctx.body(), faults, faults.has('v1-orders-update-unknown-property-accepted'));
  const mode: UpdateMode = {
    nullKeeps: !faults.has('v1-orders-update-null-clears'),
    omittedClears: faults.has('v1-orders-update-omitted-cleared'),
    addressReplaced: faults.has('v1-orders-update-address-replaced'),
    missingItemsDropped: faults.has('v1-orders-update-missing-items-dropped'),
    itemsNotMatched: faults.has('v1-orders-update-items-not-matched'),
  };
  const wanted = input.merchant_order_id;
  let target = order;
  let copied = false;
  if (typeof wanted === 'string' && wanted !== order.merchant_order_id) {
    // §4.1 rule 4: a different merchant_order_id never renames; it upserts the order carrying it.
    if (faults.has('v1-orders-merchant-order-id-renames')) {
      order.merchant_order_id = wanted;
    } else if (!faults.has('v1-orders-merchant-order-id-change-ignored')) {
      const existing = findByMerchantOrderId(store, order.salesChannelId, wanted);
      // A new copy is stored only with the update applied: a refused update (422) creates nothing.
      if (existing) {
        target = existing;
      } else {
        target = copyOrder(ctx.state, order, wanted, (copy) => updateOrder(ctx.state, copy, input, mode));
        copied = true;
      }
    }
  }
  if (!copied) updateOrder(ctx.state, target, input, mode);
  // The null-clears fault also clears address properties sent as null that no null could clear
  // (city and the other required ones), so a check may observe it without guessing which of the
  // nullable properties "most properties" leaves out (§4.1 rule 2).
  if (!mode.nullKeeps && input.shipping_address) {
    for (const [key, value] of Object.entries(input.shipping_address)) if (value === null) (target.shipping_address as unknown as Record<string, unknown>)[key] = null;
  }
  return { status: 200, body: renderOrder('v1', target, faults) };
};
