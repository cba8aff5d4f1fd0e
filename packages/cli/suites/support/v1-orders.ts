// Order bodies and order creation for the v1 suites. The v1 OrderCreate field list is not shown
// (§2.1): bodies hold what §4.1 names (merchant_order_id, items with merchant_item_id,
// shipping_address, created_at) and every other field the §2.1 Order, OrderItem and Address name, the
// only order shapes the specification gives, so that a service requiring one of them accepts them.
import type { Answer, ApiResponse, CheckContext, RequestOptions, SendOptions } from '../../src/checks/index.js';
import { fullAddress, orderFields, orderLine } from './order-fields.js';
import { cancelAtEnd } from './cancel.js';

/** A v1 order line as the suites send it. */
export interface OrderLine {
  merchant_item_id: string | number;
  sku_id: number | string;
  quantity: number | string;
  [property: string]: unknown;
}

/** A v1 OrderCreate body: the §4.1-named properties and the other §2.1 order fields. */
export interface OrderBody {
  merchant_order_id: string;
  items: OrderLine[];
  shipping_address: Record<string, unknown>;
  created_at?: string;
  [property: string]: unknown;
}

/** A complete §2.1 address: the required fields, the names and every optional field. */
export function shippingAddress(): Record<string, unknown> {
  return fullAddress();
}

/** A valid create body for the run: a fresh marked merchant_order_id, `lines` lines of `fixtures.sku` and every §2.1 field. */
export function orderBody(t: CheckContext, lines = 1): OrderBody {
  const sku = t.fixtures.sku;
  if (!sku) return t.skip('needs fixtures.sku in the profile');
  const merchantOrderId = t.uniqueId('order');
  const items = Array.from({ length: lines }, (_, n) => orderLine(`line-${n + 1}`, sku.id));
  return {
    merchant_order_id: merchantOrderId,
    items,
    shipping_address: shippingAddress(),
    ...orderFields(t.marker, `${merchantOrderId}-c`, items),
  };
}

/** Cancels an order the run created, through v2 (v1 has no cancel), best effort: a refusal is not this check's finding. */
export function cancelLater(t: CheckContext, orderId: unknown): void {
  if (typeof orderId !== 'number') return;
  cancelAtEnd(t, 'orders', orderId);
}

/** Posts an order, cancelling it after the check if it was created; the caller judges the status. */
export async function postOrder(t: CheckContext, body: unknown, options: SendOptions & Pick<RequestOptions, 'rawBody'> = {}): Promise<Answer<'v1', 'POST /orders'>> {
  const res = await t.v1.post('/orders', { ...options, body });
  if (res.status >= 200 && res.status < 300) cancelLater(t, res.body?.id);
  return res;
}

/** Creates an order that must succeed (201) and returns the answer; `what` names the step in a failure. */
export async function createOrder(t: CheckContext, body: OrderBody, what = 'A valid order is created (POST /orders answers 201, §4.1)'): Promise<Answer<'v1', 'POST /orders'>> {
  const res = await postOrder(t, body);
  t.expectStatus(res, 201, what);
  return res;
}

/** An order of the run several checks share (`sharedV1Order`). */
export interface SharedV1Order {
  body: OrderBody;
  id: number;
  /** The created_at the service reported for it, as it was (`defaultedCreatedAt` reads it). */
  createdAt: unknown;
  /** When its create was answered (`performance.now()`): a later order is received after it once a written step passed. */
  answeredAt: number;
}

/**
 * An order of the run with every §2.1 field and no created_at of its own, made once per run for the
 * checks that only read it, send it updates or creates that must be refused, or need an order received
 * before theirs; cancelled when the run ends. Addressed by id: a check that changes an order makes its own.
 */
export function sharedV1Order(t: CheckContext): Promise<SharedV1Order> {
  return t.shared('a v1 order of the run that checks only read or send refused writes to', async (maker) => {
    const body = orderBody(maker);
    const created = await createOrder(maker, body);
    return { body, id: created.body?.id as number, createdAt: created.body?.created_at, answeredAt: performance.now() };
  });
}

/** The items of an order answer (an empty list when absent). */
export function itemsOf(res: ApiResponse): Array<Record<string, unknown>> {
  const items = (res.body as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? (items as Array<Record<string, unknown>>) : [];
}

/** The shipping address of an order answer. */
export function addressOf(res: ApiResponse): Record<string, unknown> {
  const address = (res.body as { shipping_address?: unknown } | undefined)?.shipping_address;
  return typeof address === 'object' && address !== null ? (address as Record<string, unknown>) : {};
}
