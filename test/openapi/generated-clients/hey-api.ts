// A consumer of the client @hey-api/openapi-ts generates (default options): create a v2 order with
// only what a client sends, list orders, read one by merchant order id, read the service's fields in
// webhook payloads. test/openapi/generated-clients.test.ts compiles it under `strict`.
import { client } from './hey-api/v2/client.gen';
import { createOrder, getOrderByMerchantOrderId, listOrders, type FulfillmentStatus, type Order, type OrderStatusUpdatedWebhookPayload } from './hey-api/v2';
import type { Order as V1Order, RestockingShipmentStatus as V1RestockingShipmentStatus, RestockingShipmentStatusUpdatedWebhookPayload as V1RestockingShipmentStatusUpdated } from './hey-api/v1';
import { orderCreate } from './order-create';

export type { Order, V1Order };

client.setConfig({ baseUrl: 'https://production.invalid/merchant_api/v2', auth: '<ACCESS_TOKEN>' });

/** Creates an order, lists the first page and reads the order back by its merchant order id. */
export async function roundTrip(): Promise<Order[]> {
  const created = await createOrder({ body: orderCreate });
  const listed = await listOrders({ query: { limit: 10 } });
  const found = await getOrderByMerchantOrderId({ query: { merchant_order_id: orderCreate.merchant_order_id, sales_channel_id: orderCreate.sales_channel_id } });
  const orders: Order[] = [...(listed.data?.data ?? [])];
  if (created.data) orders.push(created.data);
  if (found.data) orders.push(found.data);
  return orders;
}

/** What a webhook receiver reads of the calls: the fields the service sets, which a client never sends. */
export function readWebhooks(order: OrderStatusUpdatedWebhookPayload, restocking: V1RestockingShipmentStatusUpdated): [number, FulfillmentStatus, string, V1RestockingShipmentStatus] {
  return [order.data.id, order.data.fulfillment_status, restocking.barcode, restocking.status];
}

/** What the types refuse: each line must stay a compile error. */
export async function refused(): Promise<void> {
  // @ts-expect-error the query of by_merchant_order_id is required
  await getOrderByMerchantOrderId({});
  const { currency: _currency, ...withoutCurrency } = orderCreate;
  // @ts-expect-error currency is required on create (§2.1)
  await createOrder({ body: withoutCurrency });
}
