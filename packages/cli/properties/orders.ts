import type { CheckContext } from '../src/checks/index.js';
import { fullAddress, orderFields, orderLine } from '../suites/support/order-fields.js';
import { cancelAtEnd } from '../suites/support/cancel.js';

/** A complete §2.1 address: the four required properties, the names and every optional one. */
export const baseAddress = fullAddress() as Record<string, string>;

/** An order the run created: what the properties need of the 201 answer. */
export interface CreatedOrder {
  id: number;
  merchant_order_id: string;
  created_at: string;
}

/** A v1 OrderCreate body with every §2.1 field (the v1 field list is not shown): one line of `skuId`. */
export function orderBody(t: CheckContext, merchantOrderId: string, skuId: number): Record<string, unknown> {
  const items = [orderLine('line-1', skuId)];
  return { merchant_order_id: merchantOrderId, items, shipping_address: { ...baseAddress }, ...orderFields(t.marker, `${merchantOrderId}-c`, items) };
}

/** Creates a v1 order carrying the run's marker and registers its cancellation (v2, §3.2) for the end of the check. */
export async function createOrder(t: CheckContext, body: Record<string, unknown>): Promise<CreatedOrder & Record<string, unknown>> {
  const res = await t.v1.post('/orders', { body });
  t.expectStatus(res, 201, 'POST /orders creates the order (§4.1)');
  const order = res.body as CreatedOrder & Record<string, unknown>;
  // Best effort: which fulfillment states may be cancelled is not shown, so the answer is not judged.
  cancelAtEnd(t, 'orders', order.id);
  return order;
}
