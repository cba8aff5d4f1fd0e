// Order bodies and order creation for the v1 suites. The v1 OrderCreate field list is not shown
// (§2.1): bodies hold only what §4.1 names (merchant_order_id, items with merchant_item_id,
// shipping_address, created_at) and, inside those, the §2.1 OrderItem and Address fields, the only
// item and address shapes the specification gives.
import type { ApiResponse, CheckContext, ShorthandOptions } from '../../src/checks/index.js';

/** A v1 order line as the suites send it. */
export interface OrderLine {
  merchant_item_id: string | number;
  sku_id: number | string;
  quantity: number | string;
}

/** A v1 OrderCreate body built from the §4.1-named properties. */
export interface OrderBody {
  merchant_order_id: string;
  items: OrderLine[];
  shipping_address: Record<string, unknown>;
  created_at?: string;
  [property: string]: unknown;
}

/** A complete §2.1 address: the required fields, a name, and optional fields worth merging. */
export function shippingAddress(): Record<string, unknown> {
  return {
    first_name: 'Conformance',
    last_name: 'Check',
    company: 'mfc conformance run',
    line1: '1 Test Street',
    line2: 'Floor 2',
    city: 'Berlin',
    postal_code: '10115',
    country_code: 'DE',
    phone: '+49 30 0000000',
  };
}

/** A valid create body for the run: a fresh marked merchant_order_id and one line of `fixtures.sku`. */
export function orderBody(t: CheckContext, lines = 1): OrderBody {
  const sku = t.fixtures.sku;
  if (!sku) return t.skip('needs fixtures.sku in the profile');
  return {
    merchant_order_id: t.uniqueId('order'),
    items: Array.from({ length: lines }, (_, n) => ({ merchant_item_id: `line-${n + 1}`, sku_id: sku.id, quantity: 1 })),
    shipping_address: shippingAddress(),
  };
}

/** Cancels an order the run created, through v2 (v1 has no cancel), best effort: a refusal is not this check's finding. */
export function cancelLater(t: CheckContext, orderId: unknown): void {
  if (typeof orderId !== 'number') return;
  t.cleanup(() => t.v2.put(`/orders/${orderId}/cancel`, undefined, { validate: false }));
}

/** Posts an order, cancelling it after the check if it was created; the caller judges the status. */
export async function postOrder(t: CheckContext, body: unknown, options: ShorthandOptions = {}): Promise<ApiResponse> {
  const res = await t.v1.post('/orders', body, options);
  if (res.status >= 200 && res.status < 300) cancelLater(t, (res.body as { id?: unknown } | undefined)?.id);
  return res;
}

/** Creates an order that must succeed (201) and returns the answer; `what` names the step in a failure. */
export async function createOrder(t: CheckContext, body: OrderBody, what = 'A valid order is created (POST /orders answers 201, §4.1)'): Promise<ApiResponse> {
  const res = await postOrder(t, body);
  t.expectStatus(res, 201, what);
  return res;
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
