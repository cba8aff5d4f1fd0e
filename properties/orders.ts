import type { CheckContext } from '../src/checks/index.js';

/** A complete §2.1 address: the four required properties and a name. */
export const baseAddress = {
  city: 'Berlin',
  country_code: 'DE',
  line1: '1 Property Street',
  postal_code: '10115',
  first_name: 'Fast',
  last_name: 'Check',
} as const;

/** An order the run created: what the properties need of the 201 answer. */
export interface CreatedOrder {
  id: number;
  merchant_order_id: string;
  created_at: string;
}

/** A v1 OrderCreate body with only what §4.1 names: merchant_order_id, items, shipping_address. */
export function orderBody(merchantOrderId: string, skuId: number): Record<string, unknown> {
  return {
    merchant_order_id: merchantOrderId,
    items: [{ merchant_item_id: 'line-1', sku_id: skuId, quantity: 1 }],
    shipping_address: { ...baseAddress },
  };
}

/** Creates a v1 order carrying the run's marker and registers its cancellation (v2, §3.2) for the end of the check. */
export async function createOrder(t: CheckContext, body: Record<string, unknown>): Promise<CreatedOrder & Record<string, unknown>> {
  const res = await t.v1.post('/orders', body);
  t.expectStatus(res, 201, 'POST /orders creates the order (§4.1)');
  const order = res.body as CreatedOrder & Record<string, unknown>;
  // Best effort: which fulfillment states may be cancelled is not shown, so the answer is not judged.
  t.cleanup(() => t.v2.put(`/orders/${order.id}/cancel`, undefined, { validate: false }));
  return order;
}
