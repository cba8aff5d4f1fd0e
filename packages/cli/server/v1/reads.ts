import type { Handler } from '../context.js';
import { idParam, notFound } from '../http/params.js';
import { filterByCreatedAt, pageV1 } from '../pagination.js';
import { renderReturn } from '../render/return.js';

/** GET /shipments (§4.1): the channel's shipments in status shipped only, newest first. */
export const listShipmentsV1: Handler = (ctx) => {
  const { store, faults } = ctx.state;
  let shipments = ctx.state.lists.shown('shipments').filter((s) =>
    s.sales_channel_id === ctx.principal.channel.id && (s.status === 'shipped' || faults.has('v1-shipments-list-includes-unshipped')));
  const query = faults.has('v1-shipments-created-at-upper-bound-ignored') ? withoutUpperBounds(ctx.query) : ctx.query;
  shipments = filterByCreatedAt('v1', shipments, query, (s) => s.created_at, faults);
  shipments.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
  const page = pageV1(shipments, ctx.query, faults);
  return { status: 200, body: { data: page.data, pagination: page.pagination } };
};

/** GET /returns/{id}: merchant-scoped (§1); the v1 Return shape is not shown, ours is small. */
export const getReturnV1: Handler = (ctx) => {
  const { store } = ctx.state;
  const id = idParam(ctx);
  const found = store.returns.get(id);
  const merchantId = found ? store.salesChannels.get(found.salesChannelId)?.merchantId : undefined;
  if (!found || merchantId !== ctx.principal.merchant.id) throw notFound('return', id);
  return { status: 200, body: renderReturn(found) };
};

/** GET /warehouses: the merchant's warehouses, not paginated (§4.1), as `{data: [...]}`. */
export const listWarehousesV1: Handler = (ctx) => {
  const { store } = ctx.state;
  const warehouses = [...store.warehouses.values()]
    .filter((w) => w.merchantId === ctx.principal.merchant.id)
    .map(({ merchantId: _merchant, ...fields }) => fields);
  if (ctx.state.faults.has('v1-lists-warehouses-paginated')) {
    const limit = Math.min(Number(ctx.query.get('limit') ?? 20) || 20, 100);
    const page = Math.max(Number(ctx.query.get('page') ?? 1) || 1, 1);
    return { status: 200, body: { data: warehouses.slice((page - 1) * limit, page * limit) } };
  }
  return { status: 200, body: { data: warehouses } };
};

/** The query without its created_at[lt] and [lte] filters (the v1-shipments-created-at-upper-bound-ignored fault). */
function withoutUpperBounds(query: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams(query);
  kept.delete('created_at[lt]');
  kept.delete('created_at[lte]');
  return kept;
}
