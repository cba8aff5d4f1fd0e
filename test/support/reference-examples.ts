// The examples of the OpenAPI documents (packages/cli/spec/examples/vN.yaml), taken from what the
// reference server answers: one realistic request body per operation that takes one, the success
// answer of every operation whose body is shown, one answer per error response and one call per
// webhook event. `npm run examples` writes them; test/openapi/examples.test.ts takes them again and
// compares names, so a refresh never drops one silently.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { progressingShipments } from '../../packages/cli/server/domain/shipment-progress.js';
import type { ApiVersion } from '../../packages/api/src/openapi/types.js';

/** One OpenAPI Example Object, as the examples files hold it under its components name. */
export interface Example {
  summary: string;
  value: unknown;
}

/** A version's examples by their name under `components.examples`. */
export type Examples = Record<string, Example>;

// A fixed clock: a refresh changes timestamps only where the server's answers change (webhook
// event ids are new each time).
const clock = Date.parse('2026-03-02T09:30:00.000Z');
// The documents' own server address (`servers` in spec/): page URLs name it instead of a loopback port.
const documentedBaseUrl = 'https://production.invalid';

interface Answer {
  status: number;
  body: unknown;
}

interface Call {
  query?: Record<string, string | number>;
  body?: unknown;
  /** Sent as it is, in place of `body`. */
  raw?: string;
  /** The token to send; null sends none. Default: the primary token. */
  token?: string | null;
}

/** One request to a server: method and path under the version's base. */
type Caller = (api: ApiVersion, method: string, path: string, call?: Call) => Promise<Answer>;

/** Calls one server as a client would: JSON in and out, the bearer token, the version's base path. */
function client(server: RunningServer): Caller {
  return async (api, method, path, call = {}) => {
    const url = new URL(`${server.url}/merchant_api/${api}${path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, String(value));
    const token = call.token === undefined ? server.profile.tokens.primary : call.token;
    const body = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    const response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
    });
    const text = (await response.text()).replaceAll(server.url, documentedBaseUrl);
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
}

/** The answer's body when it has the expected status; anything else means the walk went wrong. */
function expectStatus(answer: Answer, status: number, what: string): unknown {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, received ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const idOf = (body: unknown): number => (body as { id: number }).id;

// Request bodies as a shop would send them: a German web shop selling T-shirts and tea.
const shippingAddress = {
  first_name: 'Maria', last_name: 'Schmidt', full_name: 'Maria Schmidt', company: null, email: 'maria.schmidt@example.com',
  phone: '+49 30 12345678', line1: 'Torstraße 112', line2: '3. OG', city: 'Berlin', postal_code: '10119',
  province_or_state_code: 'BE', country_code: 'DE', parcel_point_id: null,
};
// Two T-shirts at 17.99 EUR, 19 % VAT inside the price.
const orderFields = {
  carrier_preference: 'DHL', external_created_at: '2026-03-02T09:12:44Z', currency: 'EUR', custom_metadata: { storefront: 'acme-web', gift_wrap: false },
  payment_method: 'paypal', financial_status: 'paid', tags: ['web'],
  total_price_in_cents: 3598, total_tax_in_cents: 574, total_net_revenue_in_cents: 3024, total_net_refunds_in_cents: 0, total_tax_refunds_in_cents: 0,
};

/** The shop's order `number` as either version takes it; v2 also names the sales channel. */
function shopOrder(number: number, salesChannelId?: number): Record<string, unknown> {
  return {
    merchant_order_id: `ACME-${number}`,
    ...(salesChannelId === undefined ? {} : { sales_channel_id: salesChannelId }),
    customer_order_number: String(number),
    items: [{ merchant_item_id: `ACME-${number}-1`, sku_id: 501, quantity: 2, price_per_unit_in_cents: 1999, price_per_unit_in_cents_with_discount: 1799 }],
    shipping_address: shippingAddress,
    ...orderFields,
  };
}
const orderCreates: Record<ApiVersion, Record<string, unknown>> = { v1: shopOrder(10483), v2: shopOrder(10482, 11) };
const restockingCreate = {
  delivery_option: 'courier', estimated_arrival_date: '2026-03-16', warehouse_id: 3, po_number: 'PO-2026-0113',
  supplier_name: 'Porto Textiles Lda', tracking_code: '1Z999AA10123456784',
  restocking_shipment_items: [{ sku_id: 501, announced_quantity: 240 }, { sku_id: 503, announced_quantity: 120 }],
};
const restockingUpdate = { ...restockingCreate, estimated_arrival_date: '2026-03-18', restocking_shipment_items: [{ sku_id: 501, announced_quantity: 300 }, { sku_id: 503, announced_quantity: 120 }] };

/** The v2 operations' examples, in the order a client meets them. */
async function v2Examples(call: Caller): Promise<Examples> {
  const orderCreate = orderCreates.v2;
  const order = expectStatus(await call('v2', 'POST', '/orders', { body: orderCreate }), 200, 'v2 POST /orders');
  const orderUpdate = { carrier_preference: 'UPS', tags: ['web', 'express'] };
  const updated = expectStatus(await call('v2', 'PATCH', `/orders/${idOf(order)}`, { body: orderUpdate }), 200, 'v2 PATCH /orders/{id}');
  const restocking = expectStatus(await call('v2', 'POST', '/restocking_shipments', { body: restockingCreate }), 201, 'v2 POST /restocking_shipments');
  const batchCreate = { lot_number: 'LOT-2026-031', production_date: '2026-02-20', expiry_date: '2027-02-20' };
  const settingsUpdate = { batch_priority: 'first_expired_first_out', b2c_shelf_life_in_weeks: 12, b2b_shelf_life_in_weeks: 16, ito_shelf_life_in_weeks: 8, kit_shelf_life_in_weeks: 10, action_weeks_before_expiry: 4, expiry_follow_up_action: 'block_only' };
  return {
    OrderCreate: { summary: 'An order of two T-shirts for the web shop (sales channel 11)', value: orderCreate },
    Order: { summary: 'The order as the service answers it', value: order },
    OrderUpdate: { summary: 'Another carrier and one more tag', value: orderUpdate },
    OrderUpdated: { summary: 'The order after the update', value: updated },
    OrderPage: { summary: 'The first page of two orders', value: expectStatus(await call('v2', 'GET', '/orders', { query: { limit: 2 } }), 200, 'v2 GET /orders') },
    RestockingShipmentCreate: { summary: 'Two SKUs announced by courier to the Berlin warehouse', value: restockingCreate },
    RestockingShipment: { summary: 'The announced restocking shipment', value: restocking },
    RestockingShipmentUpdate: { summary: 'A later arrival and more of the first SKU', value: restockingUpdate },
    RestockingShipmentUpdated: { summary: 'The restocking shipment after the update', value: expectStatus(await call('v2', 'PUT', `/restocking_shipments/${idOf(restocking)}`, { body: restockingUpdate }), 200, 'v2 PUT /restocking_shipments/{id}') },
    RestockingShipmentPage: { summary: 'The first page of two restocking shipments', value: expectStatus(await call('v2', 'GET', '/restocking_shipments', { query: { limit: 2 } }), 200, 'v2 GET /restocking_shipments') },
    InventoryBatchCreate: { summary: 'A lot of green tea with its production and expiry dates', value: batchCreate },
    InventoryBatch: { summary: 'The created inventory batch', value: expectStatus(await call('v2', 'POST', '/skus/502/inventory_batches', { body: batchCreate }), 201, 'v2 POST /skus/{sku_id}/inventory_batches') },
    InventoryBatchSettingsUpdate: { summary: 'First expired, first out; blocked four weeks before expiry', value: settingsUpdate },
    InventoryBatchSettings: { summary: "The SKU's own batch settings", value: expectStatus(await call('v2', 'PUT', '/skus/502/inventory_batch_settings', { body: settingsUpdate }), 200, 'v2 PUT /skus/{sku_id}/inventory_batch_settings') },
  };
}

/** The v1 operations' examples. */
async function v1Examples(call: Caller): Promise<Examples> {
  const orderCreate = orderCreates.v1;
  const order = expectStatus(await call('v1', 'POST', '/orders', { body: orderCreate }), 201, 'v1 POST /orders');
  const orderUpdate = { shipping_address: { line2: 'Hinterhaus, 3. OG' }, tags: ['web', 'gift'] };
  const v1Restocking = { ...restockingCreate, tracking_code: '1Z999AA10123456791', po_number: 'PO-2026-0114' };
  const restocking = expectStatus(await call('v1', 'POST', '/restocking_shipments', { body: v1Restocking }), 201, 'v1 POST /restocking_shipments');
  const v1RestockingUpdate = { estimated_arrival_date: '2026-03-18', restocking_shipment_items: restockingUpdate.restocking_shipment_items };
  const skuCreate = { merchant_sku_id: 'HOODIE-GREY-L', name: 'Hoodie grey L', barcode: '4006381333931', weight_in_kg: 0.62, cost_in_cents: 1450, country_code_of_origin: 'PT', hs_code: '611020' };
  expectStatus(await call('v1', 'POST', '/skus', { body: skuCreate }), 200, 'v1 POST /skus');
  const skuUpdate = { name: 'T-shirt black L (organic cotton)', weight_in_kg: 0.24 };
  return {
    OrderCreate: { summary: 'An order of two T-shirts', value: orderCreate },
    Order: { summary: 'The order as the service answers it', value: order },
    OrderUpdate: { summary: 'A second address line and one more tag (the address is merged property by property)', value: orderUpdate },
    OrderUpdated: { summary: 'The order after the update', value: expectStatus(await call('v1', 'PATCH', `/orders/${idOf(order)}`, { body: orderUpdate }), 200, 'v1 PATCH /orders/{id}') },
    OrderPage: { summary: 'The first page of two orders', value: expectStatus(await call('v1', 'GET', '/orders', { query: { limit: 2 } }), 200, 'v1 GET /orders') },
    RestockingShipmentCreate: { summary: 'Two SKUs announced by courier to the Berlin warehouse', value: v1Restocking },
    RestockingShipment: { summary: 'The announced restocking shipment', value: restocking },
    RestockingShipmentUpdate: { summary: 'A later arrival and more of the first SKU', value: v1RestockingUpdate },
    RestockingShipmentUpdated: { summary: 'The restocking shipment after the update', value: expectStatus(await call('v1', 'PUT', `/restocking_shipments/${idOf(restocking)}`, { body: v1RestockingUpdate }), 200, 'v1 PUT /restocking_shipments/{id}') },
    SkuCreate: { summary: 'A new SKU of the sales channel', value: skuCreate },
    SkuUpdate: { summary: 'A new name and weight', value: skuUpdate },
    Sku: { summary: 'The SKU after the update', value: expectStatus(await call('v1', 'PATCH', '/skus/503', { body: skuUpdate }), 200, 'v1 PATCH /skus/{id}') },
    ShipmentPage: { summary: 'The first page of two shipped shipments', value: expectStatus(await call('v1', 'GET', '/shipments', { query: { limit: 2 } }), 200, 'v1 GET /shipments') },
    Return: { summary: 'A return of the sales channel', value: expectStatus(await call('v1', 'GET', '/returns/601'), 200, 'v1 GET /returns/{id}') },
  };
}

/** What an error call has at hand: the server, one limited to a request a minute, the expired token. */
interface ErrorSession {
  call: Caller;
  limited: Caller;
  expiredToken: string;
}

/** One answer per shared error response (components.responses), the same call in both versions. */
const errorCalls: ReadonlyArray<{ name: string; status: number; summary: string; send: (session: ErrorSession, api: ApiVersion) => Promise<Answer> }> = [
  { name: 'BadRequest', status: 400, summary: 'A body that is not valid JSON', send: ({ call }, api) => call(api, 'POST', '/orders', { raw: '{"merchant_order_id": "ACME-10490",' }) },
  { name: 'Unauthorized', status: 401, summary: 'No token', send: ({ call }, api) => call(api, 'GET', '/orders', { token: null }) },
  { name: 'Forbidden', status: 403, summary: 'An expired token', send: ({ call, expiredToken }, api) => call(api, 'GET', '/orders', { token: expiredToken }) },
  { name: 'NotFound', status: 404, summary: 'No such order', send: ({ call }, api) => call(api, 'GET', '/orders/999999999') },
  { name: 'Conflict', status: 409, summary: 'A merchant_order_id the sales channel already holds', send: ({ call }, api) => call(api, 'POST', '/orders', { body: orderCreates[api] }) },
  { name: 'UnprocessableEntity', status: 422, summary: 'A currency that is not an ISO 4217 code', send: ({ call }, api) => call(api, 'POST', '/orders', { body: { ...orderCreates[api], merchant_order_id: 'ACME-10491', currency: 'eur' } }) },
  {
    name: 'TooManyRequests',
    status: 429,
    summary: 'The rate limit reached',
    send: async ({ limited }, api) => {
      expectStatus(await limited(api, 'GET', '/orders', { query: { limit: 1 } }), 200, `${api} GET /orders within the limit`);
      return limited(api, 'GET', '/orders', { query: { limit: 1 } });
    },
  },
];

/** `order.status_updated` → `OrderStatusUpdated`: a webhook event's example name. */
function webhookExampleName(event: string): string {
  return event.split(/[._]/).map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`).join('');
}

const webhookEvents: Record<ApiVersion, string[]> = {
  v1: ['delivery_status_updated', 'shipment_status_updated', 'restocking_shipment_status_updated', 'return_status_updated'],
  v2: ['order.status_updated', 'shipment.status_updated', 'shipment.delivery_status_updated', 'restocking_shipment.status_updated'],
};

// A v1 call carries the bare resource (§6.1), so its event is read from the body: the seeded
// shipments the warehouse moves (one in status, one in delivery status), a restocking shipment, a return.
function v1Event(body: Record<string, unknown>): string {
  if ('restocking_shipment_items' in body) return 'restocking_shipment_status_updated';
  if (body.id === progressingShipments.status) return 'shipment_status_updated';
  if (body.id === progressingShipments.deliveryStatus) return 'delivery_status_updated';
  return 'return_status_updated';
}

/** A loopback receiver keeping the first body of each webhook event; `all()` resolves once every event came. */
async function webhookReceiver(): Promise<{ url: string; all(): Promise<Record<ApiVersion, Map<string, unknown>>>; close(): Promise<void> }> {
  const seen: Record<ApiVersion, Map<string, unknown>> = { v1: new Map(), v2: new Map() };
  let complete = (): void => undefined;
  const done = new Promise<void>((resolve) => (complete = resolve));
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(204).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const api: ApiVersion = request.url?.endsWith('/v1') ? 'v1' : 'v2';
      const event = api === 'v1' ? v1Event(body) : String(body.event_type);
      if (!seen[api].has(event)) seen[api].set(event, body);
      if ((['v1', 'v2'] as const).every((version) => webhookEvents[version].every((name) => seen[version].has(name)))) complete();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    async all() {
      let timer: NodeJS.Timeout | undefined;
      const missing = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`webhook events missing: ${(['v1', 'v2'] as const).flatMap((api) => webhookEvents[api].filter((name) => !seen[api].has(name))).join(', ')}`)), 15_000);
      });
      await Promise.race([done, missing]).finally(() => clearTimeout(timer));
      return seen;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Takes every example from a fresh reference server (and one limited to a request a minute, for the
 * 429): the operations' request bodies and answers, the error answers, then the webhook calls that
 * cancelling the example order and restocking shipment and creating orders cause.
 */
export async function takeExamples(): Promise<Record<ApiVersion, Examples>> {
  const receiver = await webhookReceiver();
  // The extra-events variant adds a return's status event, the only way the v1 return event goes out.
  const server = await startServer({ rateLimit: 1000, now: () => clock, variants: ['webhooks-extra-events'], webhookV1Url: `${receiver.url}/v1`, webhookV2Url: `${receiver.url}/v2`, webhookTimeScale: 0.001 });
  const limitedServer = await startServer({ rateLimit: 1, now: () => clock });
  try {
    const call = client(server);
    const examples: Record<ApiVersion, Examples> = { v2: await v2Examples(call), v1: await v1Examples(call) };
    const session: ErrorSession = { call, limited: client(limitedServer), expiredToken: server.profile.tokens.expired as string };
    for (const api of ['v1', 'v2'] as const) {
      for (const error of errorCalls) {
        examples[api][error.name] = { summary: error.summary, value: expectStatus(await error.send(session, api), error.status, `${api} ${error.name}`) };
      }
    }
    expectStatus(await call('v2', 'PUT', `/orders/${idOf(examples.v2.Order?.value)}/cancel`), 200, 'v2 PUT /orders/{id}/cancel');
    expectStatus(await call('v2', 'PUT', `/restocking_shipments/${idOf(examples.v2.RestockingShipment?.value)}/cancel`), 200, 'v2 PUT /restocking_shipments/{id}/cancel');
    const calls = await receiver.all();
    for (const api of ['v1', 'v2'] as const) {
      for (const event of webhookEvents[api]) examples[api][webhookExampleName(event)] = { summary: `A ${event} call`, value: calls[api].get(event) };
    }
    return examples;
  } finally {
    await Promise.all([server.close(), limitedServer.close(), receiver.close()]);
  }
}
