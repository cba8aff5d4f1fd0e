// A consumer of openapi-typescript's types (default options) through openapi-fetch, as a team that
// generates its own client writes it: create a v2 order with only what a client sends, list orders,
// read one by merchant order id, read the service's fields in webhook payloads.
// test/openapi/generated-clients.test.ts compiles it under `strict`.
import createClient from 'openapi-fetch';
import type { components as V1Components, webhooks as V1Webhooks } from './openapi-typescript/v1';
import type { components, paths, webhooks } from './openapi-typescript/v2';
import { orderCreate } from './order-create';

/** The v2 order, by name. */
export type Order = components['schemas']['Order'];
/** The v1 order, by name. */
export type V1Order = V1Components['schemas']['Order'];

const client = createClient<paths>({ baseUrl: 'https://production.invalid/merchant_api/v2', headers: { Authorization: 'Bearer <ACCESS_TOKEN>' } });

/** Creates an order, lists the first page and reads the order back by its merchant order id. */
export async function roundTrip(): Promise<Order[]> {
  const created = await client.POST('/orders', { body: orderCreate });
  const listed = await client.GET('/orders', { params: { query: { limit: 10 } } });
  const found = await client.GET('/orders/by_merchant_order_id', {
    params: { query: { merchant_order_id: orderCreate.merchant_order_id, sales_channel_id: orderCreate.sales_channel_id } },
  });
  const orders: Order[] = [...(listed.data?.data ?? [])];
  if (created.data) orders.push(created.data);
  if (found.data) orders.push(found.data);
  return orders;
}

/** The body of an order.status_updated call. */
type OrderStatusUpdated = webhooks['order.status_updated']['post']['requestBody']['content']['application/json'];
/** The body of a v1 restocking_shipment_status_updated call. */
type V1RestockingShipmentStatusUpdated = V1Webhooks['restocking_shipment_status_updated']['post']['requestBody']['content']['application/json'];

/** What a webhook receiver reads of the calls: the fields the service sets, which a client never sends. */
export function readWebhooks(order: OrderStatusUpdated, restocking: V1RestockingShipmentStatusUpdated): [number, Order['fulfillment_status'], string, V1Components['schemas']['RestockingShipmentStatus']] {
  return [order.data.id, order.data.fulfillment_status, restocking.barcode, restocking.status];
}

/** What the types refuse: each line must stay a compile error. */
export async function refused(): Promise<void> {
  // @ts-expect-error the query of by_merchant_order_id is required
  await client.GET('/orders/by_merchant_order_id');
  const { currency: _currency, ...withoutCurrency } = orderCreate;
  // @ts-expect-error currency is required on create (§2.1)
  await client.POST('/orders', { body: withoutCurrency });
}
