// The v2 order operations whose inputs are generated (§2.1, §4.2): create, the two PATCHes (by id and by
// merchant order id), and the queries of the list and of the lookup by merchant order id. v2 PUT
// /orders/{id}/cancel takes neither a body nor a query: every created order is cancelled through it
// when its check ends.
import type { ApiResponse, CheckContext } from '../../../src/checks/index.js';
import type { SkuFixture } from '../../../src/profile/index.js';
import { byMerchantOrderIdQuery, createV2Order, skipUnlessQueryUnderstood, v2OrderBody } from '../../../suites/support/v2-orders.js';
import type { GeneratedOperation, Problem } from '../operation.js';
import { queryOf } from '../query.js';
import { cancelCreated, noOrderLeftBehind, unchangedRecord, withUniqueId, type UpdatedRecord } from './records.js';

const needs = ['fixtures.sku'];
// merchant_order_id and sales_channel_id cannot change and are ignored if sent (§4.2): their own checks judge that.
const ignoredOnUpdate = ['merchant_order_id', 'sales_channel_id'];

/** A v2 order of the run for a check's updates, its state as created. */
async function orderToUpdate(t: CheckContext): Promise<UpdatedRecord & { merchantOrderId: string }> {
  const body = v2OrderBody(t, t.fixtures.salesChannelId, t.fixtures.sku as SkuFixture);
  const created = await createV2Order(t, body);
  return { id: created.body.id, last: created.body, merchantOrderId: body.merchant_order_id as string };
}

/** Reads the updated order and keeps it as the state a refused case must leave. */
async function readUpdated(t: CheckContext, record: UpdatedRecord): Promise<ApiResponse> {
  const read = await t.v2.get('/orders/{id}', { path: { id: record.id } });
  if (read.status === 200) record.last = read.body;
  return read;
}

/** After a refused PATCH: the order reads as it was. */
async function orderUnchanged(t: CheckContext, record: UpdatedRecord): Promise<Problem | undefined> {
  return unchangedRecord(record, await t.v2.get('/orders/{id}', { path: { id: record.id } }), 'v2 PATCH /orders');
}

/** v2 POST /orders. */
export const v2OrdersCreate: GeneratedOperation = {
  id: 'v2.properties.generated.orders-create',
  api: 'v2',
  operation: 'POST /orders',
  section: '4.2',
  title: 'POST /orders with generated bodies: what the documents allow is accepted and reads back unchanged, what they forbid is refused with 400 or 422 and leaves no order',
  needs,
  writes: true,
  input: 'body',
  // §2.1 marks them required of an order, but which create fields a service fills in is not shown (the
  // v2-orders-create-strict variant refuses them, the reference server defaults them); an order
  // without sales_channel_id may be made for the token's own channel (v2.orders.create.required-fields-refused).
  defaulted: ['sales_channel_id', 'carrier_preference', 'currency', 'financial_status', 'total_price_in_cents', 'total_tax_in_cents', 'total_net_revenue_in_cents', 'total_net_refunds_in_cents', 'total_tax_refunds_in_cents'],
  bind: (t, input) => withUniqueId(t, input, 'merchant_order_id', 'order'),
  send: async (t, body, _prepared, unjudged) => {
    const answer = await t.v2.post('/orders', { body, unjudged });
    cancelCreated(t, 'orders', answer);
    return answer;
  },
  kept: { absentJudged: true, update: false },
  read: async (t, answer) => {
    const id = (answer.body as { id?: unknown } | undefined)?.id;
    return typeof id === 'number' ? t.v2.get('/orders/{id}', { path: { id } }) : undefined;
  },
  refused: (t, body) => noOrderLeftBehind(t, body),
};

/** v2 PATCH /orders/{id}. */
export const v2OrdersPatch: GeneratedOperation<UpdatedRecord> = {
  id: 'v2.properties.generated.orders-patch',
  api: 'v2',
  operation: 'PATCH /orders/{id}',
  section: '4.2',
  title: 'PATCH /orders/{id} with generated bodies: what the documents allow is accepted and reads back, what they forbid is refused with 400 or 422 and changes nothing',
  needs,
  writes: true,
  input: 'body',
  leftOut: ignoredOnUpdate,
  prepare: orderToUpdate,
  send: (t, body, record, unjudged) => t.v2.patch('/orders/{id}', { path: { id: record.id }, body, unjudged }),
  kept: { absentJudged: true, update: true },
  read: (t, _answer, record) => readUpdated(t, record),
  refused: (t, _body, record) => orderUnchanged(t, record),
  refusalLegal: (_t, body) => (Object.keys(body as object).length === 0 ? 'a PATCH of no field (§4.2 does not say it is taken)' : undefined),
};

/** v2 PATCH /orders/by_merchant_order_id. */
export const v2OrdersPatchByMerchantOrderId: GeneratedOperation<UpdatedRecord & { merchantOrderId: string }> = {
  id: 'v2.properties.generated.orders-by-merchant-order-id-patch',
  api: 'v2',
  operation: 'PATCH /orders/by_merchant_order_id',
  section: '4.2',
  title: 'PATCH /orders/by_merchant_order_id with generated bodies: what the documents allow is accepted and reads back, what they forbid is refused with 400 or 422 and changes nothing',
  needs,
  writes: true,
  input: 'body',
  leftOut: ignoredOnUpdate,
  prepare: async (t) => {
    const record = await orderToUpdate(t);
    // The query names are the toolkit's (§4.2 does not show them): a target that does not take them skips.
    skipUnlessQueryUnderstood(t, await t.v2.get('/orders/by_merchant_order_id', { query: byMerchantOrderIdQuery(record.merchantOrderId, t.fixtures.salesChannelId), validate: false }));
    return record;
  },
  send: (t, body, record, unjudged) => t.v2.patch('/orders/by_merchant_order_id', { query: byMerchantOrderIdQuery(record.merchantOrderId, t.fixtures.salesChannelId), body, unjudged }),
  kept: { absentJudged: true, update: true },
  read: (t, _answer, record) => readUpdated(t, record),
  refused: (t, _body, record) => orderUnchanged(t, record),
  refusalLegal: (_t, body) => (Object.keys(body as object).length === 0 ? 'a PATCH of no field (§4.2 does not say it is taken)' : undefined),
};

// The lookup's own order carries a merchant order id a query must encode: reserved characters, a
// space, text beyond ASCII and outside the BMP.
const LOOKED_UP_SUFFIX = 'ä &=+%#/?東京 📦';

/** v2 GET /orders/by_merchant_order_id: the query's merchant_order_id as generated text (suffixing the run's order), sales_channel_id the profile's. */
export const v2OrdersByMerchantOrderId: GeneratedOperation<{ prefix: string; id: number }> = {
  id: 'v2.properties.generated.orders-by-merchant-order-id',
  api: 'v2',
  operation: 'GET /orders/by_merchant_order_id',
  section: '4.2',
  title: 'GET /orders/by_merchant_order_id with generated queries: a merchant order id of any text finds its order or answers 404, a malformed query answers 400 or 422',
  needs,
  writes: true,
  input: 'query',
  prepare: async (t) => {
    const prefix = t.uniqueId('order');
    const body = { ...v2OrderBody(t, t.fixtures.salesChannelId, t.fixtures.sku as SkuFixture), merchant_order_id: `${prefix}-${LOOKED_UP_SUFFIX}` };
    const created = await createV2Order(t, body);
    return { prefix, id: created.body.id };
  },
  bind: (_t, input, order) => {
    const query = input as Record<string, unknown>;
    // The plain query finds the run's order; any other text is an order that does not exist.
    return typeof query.merchant_order_id === 'string' ? { ...query, merchant_order_id: `${order.prefix}-${query.merchant_order_id === '' ? LOOKED_UP_SUFFIX : query.merchant_order_id}` } : query;
  },
  // A generated query, not the documented shape: sent by path, its answer judged as the operation's.
  send: (t, query, _order, unjudged) => t.v2.request({ method: 'GET', path: '/orders/by_merchant_order_id', query: queryOf(query), unjudged }),
  refusalLegal: (_t, query, _kind, answer, order) => {
    const asked = (query as Record<string, unknown>).merchant_order_id;
    return answer.status === 404 && asked !== `${order.prefix}-${LOOKED_UP_SUFFIX}` ? 'no order has that merchant_order_id (404, §7)' : undefined;
  },
  accepted: async (_t, query, answer, order) => {
    const wanted = (query as Record<string, unknown>).merchant_order_id;
    const found = answer.body as { id?: unknown; merchant_order_id?: unknown } | undefined;
    if (found?.merchant_order_id === wanted && String(found?.id) === String(order.id)) return undefined;
    return {
      title: 'GET /orders/by_merchant_order_id answers the order of the merchant_order_id asked for, or 404 (§4.2, §7)',
      expected: `order ${order.id} when ${JSON.stringify(wanted)} is its merchant_order_id, else 404`,
      received: `status ${answer.status}: order ${JSON.stringify(found?.id ?? null)} ${JSON.stringify(found?.merchant_order_id ?? null)}`,
      response: answer,
    };
  },
};

/** v2 GET /orders: its one documented parameter, limit, whose default and maximum are not shown (§8): every value's refusal is legal, never a 5xx. */
export const v2OrdersList: GeneratedOperation = {
  id: 'v2.properties.generated.orders-list',
  api: 'v2',
  operation: 'GET /orders',
  section: '4.2',
  title: 'GET /orders with generated queries: every limit answers a page or a 4xx with the error body, never a 5xx; a malformed one answers 400 or 422',
  needs: [],
  writes: false,
  input: 'query',
  send: (t, query, _prepared, unjudged) => t.v2.get('/orders', { query: queryOf(query), unjudged }),
  refusalLegal: () => 'a limit: its default and maximum are not shown (§8)',
};
