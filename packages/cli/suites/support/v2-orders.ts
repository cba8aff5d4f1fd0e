// Builders for v2 orders the run creates (§2.1, §4.2), and the other sales channel's order.
import type { operations } from '@mfc-conformance/api/v2';
import type { Answer, ApiResponse, CheckContext, Documented, ListedOf } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { fullAddress, orderFields, orderLine } from './order-fields.js';
import { answerExcerpt, requireSuccess } from './success.js';
import { walkV2 } from './v2-pages.js';
import { cancelAtEnd } from './cancel.js';
import { digitsAsNumber } from './digits.js';
import { recordId } from './scope.js';

// Pages of 100 keep a search through the merchant's orders short; v2's default and maximum limit
// are not shown (§8), so the walk copes with any page size the target serves.
const searchQuery = { limit: 100 };
const searchPages = 20;

/** A v2 POST /orders body for `salesChannelId`: every writable §2.1 field, marked with the run's ids. */
export function v2OrderBody(t: CheckContext, salesChannelId: number, sku: SkuFixture, merchantOrderId = t.uniqueId('order')): Record<string, unknown> {
  const items = [orderLine('line-1', sku.id)];
  return {
    merchant_order_id: merchantOrderId,
    sales_channel_id: salesChannelId,
    items,
    shipping_address: fullAddress(),
    ...orderFields(t.marker, t.uniqueId('customer-order'), items),
  };
}

/**
 * Creates a v2 order and registers its cancellation, whose answer is not judged (which states permit
 * it is not shown, §3.2). The request bodies of v2 orders beyond the §2.1 shape are not shown (§4.2),
 * so a refusal skips the check, and so does an answer without an id to address the order by (the
 * order's fields are v2.schema.order's rule; an id of digits in a string still addresses it). Only with
 * `statusJudged` is the answer validated, so that a success code other than §4's 200 fails the check:
 * one check judges it, every other check only needs the order.
 */
export async function createV2Order(t: CheckContext, body: Record<string, unknown>, { statusJudged = false } = {}): Promise<Answer<'v2', 'POST /orders'>> {
  const created = await t.v2.post('/orders', { body, validate: statusJudged });
  requireSuccess(t, created, 'v2 POST /orders creates the order (§4.2)');
  const id: unknown = created.body?.id;
  if (!Number.isInteger(id) && !(typeof id === 'string' && /^[0-9]+$/.test(id))) {
    t.skip(`v2 POST /orders answered without an id to address the order by (${answerExcerpt(created)})`);
  }
  cancelAtEnd(t, 'orders', created.body.id);
  return created;
}

/** An order of the run that several checks share (`sharedV2Order`): the body sent and the id answered. */
export interface SharedV2Order {
  body: Record<string, unknown>;
  id: number;
}

/**
 * An order of the run with every §2.1 field on the profile's sales channel and SKU, made once per run
 * for the checks that only read it, send it updates that must be refused, or need to know that such a
 * body is accepted before they send a variant of it; cancelled when the run ends. A check that changes
 * an order makes its own.
 */
export function sharedV2Order(t: CheckContext): Promise<SharedV2Order> {
  return t.shared('a v2 order of the run that checks only read or send refused updates to', async (maker) => {
    const body = v2OrderBody(maker, maker.fixtures.salesChannelId, maker.fixtures.sku as SkuFixture);
    return { body, id: (await createV2Order(maker, body)).body.id };
  });
}

/** The query of the by_merchant_order_id operations, as the OpenAPI documents declare it. */
export type ByMerchantOrderIdQuery = operations['getOrderByMerchantOrderId']['parameters']['query'];

/**
 * The query of the by_merchant_order_id operations. §4.2 does not show the parameter names; these
 * are the toolkit's choice, in the operation's own words, and the v2 document declares them as such.
 */
export function byMerchantOrderIdQuery(merchantOrderId: string, salesChannelId: number): ByMerchantOrderIdQuery {
  return { merchant_order_id: merchantOrderId, sales_channel_id: salesChannelId };
}

/**
 * Skips the check when the target did not understand the by_merchant_order_id query: it refused it
 * as malformed (400 or 422) or found no order (404) although the run just created one. §4.2 does
 * not show the parameter names, so such an answer says nothing about the rule under test.
 */
export function skipUnlessQueryUnderstood(t: CheckContext, response: ApiResponse): void {
  if (response.status === 400 || response.status === 404 || response.status === 422) {
    t.skip(`the target answered ${response.status} to the query parameters merchant_order_id and sales_channel_id: §4.2 does not show the parameter names, and the target did not understand ours`);
  }
}

/** The newest v1 order of the sameMerchantOtherChannel channel and the same order read through v2 with the primary token. */
export async function otherChannelOrder(t: CheckContext): Promise<{ v1: Documented<'v1', 'GET /orders/{id}'> & { id: number }; v2: Answer<'v2', 'GET /orders/{id}'> }> {
  const list = await t.as('sameMerchantOtherChannel').v1.get('/orders', { query: { limit: 1 } });
  t.expectStatus(list, 200);
  const order = list.body.data?.[0];
  if (!order) return t.skip("the sameMerchantOtherChannel channel's v1 order list is empty");
  const id = recordId(order);
  if (id === undefined) return t.skip("the other channel's v1 order shows no id to look it up by, which is v1.schema.order's finding");
  const read = await t.v2.get('/orders/{id}', { path: { id } });
  t.expectStatus(read, 200, "v2 GET /orders/{id} with the primary token reads an order of the merchant's other sales channel (§1, §5.3)");
  return { v1: { ...order, id }, v2: read };
}

/**
 * The id of the merchant's other sales channel (tokens.sameMerchantOtherChannel's), as v2 shows it on
 * that channel's newest order: a premise read once per run for the checks that only need the id. Its
 * reads are v2.orders.list.across-channels' rule; where they fail, the asking checks skip.
 */
export function otherSalesChannelId(t: CheckContext): Promise<number> {
  return t.shared("the merchant's other sales channel id", async (maker) => {
    const other = await otherChannelOrder(maker);
    // An id of digits in a string is read as its number: its JSON type is v2.schema.order's rule.
    const id = digitsAsNumber(other.v2.body.sales_channel_id);
    if (!Number.isInteger(id)) return maker.skip(`v2 shows the other channel's order ${other.v1.id} without an integer sales_channel_id`);
    // The other channel's v1 list showing a primary order is v1.scope.orders-list-own-channel's finding.
    if (id === maker.fixtures.salesChannelId) return maker.skip(`the newest order tokens.sameMerchantOtherChannel lists in v1 (${other.v1.id}) is one of the primary channel`);
    return id as number;
  });
}

/** Searches the merchant's v2 order list for `id`; skips the check when the list is too long to search to its end. */
export async function findInV2Orders(t: CheckContext, id: number): Promise<ListedOf<'v2', '/orders'> | undefined> {
  const walk = await walkV2(t, '/orders', searchQuery, searchPages, (records) => records.some((o) => String(o.id) === String(id)));
  const found = walk.records.find((o) => String(o.id) === String(id));
  if (!found && !walk.complete) t.skip(`order ${id} is not among the first ${walk.records.length} orders of the v2 list, and the list goes on`);
  return found;
}
