// A consumer of openapi-typescript's types (default options) through openapi-fetch, as a team that
// generates its own client writes it: create a v2 order with only what a client sends, list orders,
// read one by merchant order id. test/openapi/generated-clients.test.ts compiles it under `strict`.
import createClient from 'openapi-fetch';
import type { components as V1Components } from './openapi-typescript/v1';
import type { components, paths } from './openapi-typescript/v2';
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

/** What the types refuse: each line must stay a compile error. */
export async function refused(): Promise<void> {
  // @ts-expect-error the query of by_merchant_order_id is required
  await client.GET('/orders/by_merchant_order_id');
  const { currency: _currency, ...withoutCurrency } = orderCreate;
  // @ts-expect-error currency is required on create (§2.1)
  await client.POST('/orders', { body: withoutCurrency });
}
