// Type-level tests of the client, checked by `npx tsc --noEmit` (never run: vitest picks up *.test.ts
// only). Each `@ts-expect-error` fails the typecheck the day its line starts to compile.
import { createClient, type ApiError, type ErrorBody } from '../../packages/api/src/client/index.js';
import type { components as V1 } from '../../packages/api/generated/v1/types.js';
import type { components as V2 } from '../../packages/api/generated/v2/types.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
function assertType<T extends true>(_value?: T): void {}

const v1 = createClient({ baseUrl: 'https://api.test', token: 't', version: 'v1' });
const v2 = createClient({ baseUrl: 'https://api.test', token: 't', version: 'v2' });

export async function typedCalls(): Promise<void> {
  const order = await v2.GET('/orders/{id}', { params: { path: { id: 1 } } });
  if (order.ok) {
    assertType<Equal<typeof order.data, V2['schemas']['Order']>>();
    assertType<Equal<typeof order.status, 200>>();
  } else {
    assertType<Equal<typeof order.error, ApiError<V2['schemas']['Error']>>>();
    assertType<Equal<typeof order.error.body, V2['schemas']['Error'] | undefined>>();
  }

  const page = await v1.GET('/orders', { params: { query: { page: 2, limit: 100 } } });
  if (page.ok) assertType<Equal<typeof page.data, V1['schemas']['OrderPage']>>();
  // Every page carries data and pagination (§2.7, §4.1, §9 rule 4): no `?? []` needed.
  const v2Orders = await v2.GET('/orders');
  if (v2Orders.ok) {
    assertType<Equal<typeof v2Orders.data.data, Array<V2['schemas']['Order']>>>();
    assertType<Equal<typeof v2Orders.data.pagination.next_page_url, string | null>>();
  }
  const shipments = await v1.GET('/shipments');
  if (shipments.ok) assertType<Equal<typeof shipments.data.data, Array<V1['schemas']['Shipment']>>>();
  // A cancel's success body is not shown (§4.2): unknown, never `{}`, for the restocking shipment too.
  const cancelledShipment = await v2.PUT('/restocking_shipments/{id}/cancel', { params: { path: { id: 1 } } });
  if (cancelledShipment.ok && cancelledShipment.status === 200) assertType<Equal<typeof cancelledShipment.data, unknown>>();
  if (!page.ok) assertType<Equal<typeof page.error.body, ErrorBody<'v1'> | undefined>>();

  // No params needed: the init may be left out.
  await v1.GET('/orders');

  // A '2XX' response (status not shown in §4.2) types the status as any number.
  const batch = await v2.POST('/skus/{sku_id}/inventory_batches', { params: { path: { sku_id: 5 } }, body: { lot_number: 'L1', production_date: null, expiry_date: null } });
  if (batch.ok) assertType<Equal<typeof batch.status, number>>();

  await v2.POST('/restocking_shipments', {
    body: { delivery_option: 'postal', estimated_arrival_date: '2026-01-01', warehouse_id: 3, restocking_shipment_items: [{ sku_id: 1, announced_quantity: 2 }] },
  });

  // A v2 order as a client sends it (OrderCreate): no id, created_at, updated_at or fulfillment_status.
  const created = await v2.POST('/orders', {
    body: {
      merchant_order_id: 'ACME-1', sales_channel_id: 11, carrier_preference: null, currency: 'EUR', financial_status: 'paid',
      items: [{ merchant_item_id: 'ACME-1-1', sku_id: 501, quantity: 1 }],
      shipping_address: { first_name: 'Maria', line1: 'Torstraße 112', city: 'Berlin', postal_code: '10119', country_code: 'DE' },
      total_price_in_cents: 1999, total_tax_in_cents: 319, total_net_revenue_in_cents: 1680, total_net_refunds_in_cents: 0, total_tax_refunds_in_cents: 0,
    },
  });
  if (created.ok) assertType<Equal<typeof created.data, V2['schemas']['Order']>>();
  // The by_merchant_order_id query as the v2 document declares it (the toolkit's names; §4.2 shows none).
  await v2.GET('/orders/by_merchant_order_id', { params: { query: { merchant_order_id: 'ACME-1', sales_channel_id: 11 } } });

  // v1 accepts a string of digits for warehouse_id (§4.1 v1 request body rules).
  await v1.POST('/restocking_shipments', { body: { warehouse_id: '3' } });

  // A success body the specification does not show (§4.2) is `unknown`, never `undefined`: a v2
  // cancel may answer with the shipment (200); only the 204 it may answer instead has no body.
  const cancelled = await v2.PUT('/orders/{id}/cancel', { params: { path: { id: 1 } } });
  if (cancelled.ok && cancelled.status === 200) assertType<Equal<typeof cancelled.data, unknown>>();
  if (cancelled.ok && cancelled.status === 204) assertType<Equal<typeof cancelled.data, undefined>>();

  // Headers as a server or fetch hands them over: a record with lists and undefined values, or Headers.
  await v2.GET('/orders', { headers: { 'x-request-id': 'r1', 'accept-language': ['de', 'en'], 'x-absent': undefined } });
  await v2.GET('/orders', { headers: new Headers({ 'x-request-id': 'r2' }) });

  for await (const shipment of v2.items('/restocking_shipments', { params: { query: { limit: 50 } } })) {
    assertType<Equal<typeof shipment, V2['schemas']['RestockingShipment']>>();
  }
  for await (const listed of v1.items('/orders')) assertType<Equal<typeof listed, V1['schemas']['Order']>>();
}

export async function rejectedCalls(): Promise<void> {
  // @ts-expect-error the by_merchant_order_id query is required
  await v2.GET('/orders/by_merchant_order_id');

  // @ts-expect-error an unknown path
  await v2.GET('/orderz/{id}', { params: { path: { id: 1 } } });

  // @ts-expect-error a path this version does not have (v1 has no /orders/{id}/cancel)
  await v1.PUT('/orders/{id}/cancel', { params: { path: { id: 1 } } });

  // @ts-expect-error a method the path does not have (no DELETE /orders/{id})
  await v2.DELETE('/orders/{id}', { params: { path: { id: 1 } } });

  // @ts-expect-error a path parameter of the wrong type
  await v2.GET('/orders/{id}', { params: { path: { id: 'abc' } } });

  // @ts-expect-error a missing path parameter
  await v2.GET('/orders/{id}', {});

  await v2.POST('/skus/{sku_id}/inventory_batches', {
    // @ts-expect-error a misnamed path parameter
    params: { path: { id: 1 } },
    body: { lot_number: null, production_date: null, expiry_date: null },
  });

  await v2.POST('/restocking_shipments', {
    // @ts-expect-error a wrong field type: warehouse_id is an integer in v2
    body: { delivery_option: 'postal', estimated_arrival_date: '2026-01-01', warehouse_id: '3', restocking_shipment_items: [] },
  });

  await v2.POST('/restocking_shipments', {
    // @ts-expect-error a missing required body property (warehouse_id)
    body: { delivery_option: 'postal', estimated_arrival_date: '2026-01-01', restocking_shipment_items: [] },
  });

  await v2.POST('/restocking_shipments', {
    // @ts-expect-error an enum value the specification does not list
    body: { delivery_option: 'drone', estimated_arrival_date: '2026-01-01', warehouse_id: 3, restocking_shipment_items: [] },
  });

  // @ts-expect-error the body is required
  await v2.POST('/restocking_shipments', {});

  // @ts-expect-error an unknown query parameter
  await v1.GET('/orders', { params: { query: { cursor: 'x' } } });

  // @ts-expect-error a query parameter of the wrong type
  await v1.GET('/orders', { params: { query: { page: 'two' } } });

  // @ts-expect-error a path that is not a list cannot be walked
  v2.items('/orders/{id}', { params: { path: { id: 1 } } });

  const order = await v2.GET('/orders/{id}', { params: { path: { id: 1 } } });
  // @ts-expect-error data exists only once ok is checked
  void order.data;
}
