import { beforeAll, describe, expect, it } from 'vitest';
import { compileSources } from '../../packages/cli/src/generate/runtime.js';
import * as standalone from '../../packages/api/src/openapi/index.js';
import { createLookup, type OpenApiLookup } from '../../packages/api/src/openapi/lookup.js';
import type { ApiVersion } from '../../packages/api/src/openapi/types.js';
import {
  address,
  changed,
  inventoryBatch,
  order,
  orderItem,
  restockingShipmentV1,
  restockingShipmentV2,
  shipment,
} from './payloads.js';

// The same cases run against the generated standalone validators and against validators Ajv
// compiles at run time from spec/ (Ajv's withStandalone idea): a difference is a generator bug.
let runtime: OpenApiLookup;
beforeAll(async () => {
  runtime = createLookup({ v1: await compileSources('v1'), v2: await compileSources('v2') });
});
const lookups: Array<[string, () => OpenApiLookup]> = [
  ['standalone', () => standalone],
  ['runtime-compiled', () => runtime],
];

interface SchemaCase {
  given: { api: ApiVersion; schema: string; value: unknown };
  want: string[];
}

const schemaCases: Array<[string, SchemaCase]> = [
  ['a complete v2 order', { given: { api: 'v2', schema: 'Order', value: order }, want: [] }],
  ['an order with properties beyond those listed', { given: { api: 'v2', schema: 'Order', value: { ...order, extra: 1 } }, want: [] }],
  ['currency eur', { given: { api: 'v2', schema: 'Order', value: changed(order, (o) => (o.currency = 'eur')) }, want: ['/currency: expected to match ^[A-Z]{3}$, received "eur"'] }],
  ['currency missing', { given: { api: 'v2', schema: 'Order', value: changed(order, (o) => delete o.currency) }, want: ['/currency: expected to be present (required), received nothing'] }],
  ['an unknown financial_status', { given: { api: 'v2', schema: 'Order', value: changed(order, (o) => (o.financial_status = 'settled')) }, want: ['/financial_status: expected one of "failed", "paid", "pending", "refunded", received "settled"'] }],
  ['a fractional total', { given: { api: 'v2', schema: 'Order', value: changed(order, (o) => (o.total_price_in_cents = 1.5)) }, want: ['/total_price_in_cents: expected type integer, received 1.5'] }],
  ['a negative tax refund', { given: { api: 'v2', schema: 'Order', value: changed(order, (o) => (o.total_tax_refunds_in_cents = -1)) }, want: ['/total_tax_refunds_in_cents: expected >= 0, received -1'] }],
  ['an item with quantity 0', { given: { api: 'v2', schema: 'Order', value: changed(order, (o) => (o.items[0].quantity = 0)) }, want: ['/items/0/quantity: expected >= 1, received 0'] }],
  ['an item without sku_id or sku_code', { given: { api: 'v2', schema: 'OrderItem', value: { merchant_item_id: 'a', quantity: 1 } }, want: ['(root): expected at least one of: sku_id present; sku_code present, received {"merchant_item_id":"a","quantity":1}'] }],
  ['an item naming its SKU by code', { given: { api: 'v2', schema: 'OrderItem', value: { merchant_item_id: 'a', sku_code: 'MUG', quantity: 1 } }, want: [] }],
  ['an item with a discounted price below 0', { given: { api: 'v2', schema: 'OrderItem', value: { ...orderItem, price_per_unit_in_cents_with_discount: -5 } }, want: ['/price_per_unit_in_cents_with_discount: expected >= 0, received -5'] }],
  ['an address with no name', { given: { api: 'v2', schema: 'Address', value: changed(address, (a) => delete a.first_name) }, want: ['(root): expected at least one of: first_name a non-empty string; last_name a non-empty string; full_name a non-empty string, received {"city":"Berlin","country_code":"DE","line1":"Hauptstraße 1","postal_code":"101…'] }],
  ['an address whose only name is null', { given: { api: 'v2', schema: 'Address', value: { ...address, first_name: null } }, want: ['(root): expected at least one of: first_name a non-empty string; last_name a non-empty string; full_name a non-empty string, received {"city":"Berlin","country_code":"DE","line1":"Hauptstraße 1","postal_code":"101…'] }],
  ['an address with an empty first_name beside a last_name', { given: { api: 'v2', schema: 'Address', value: { ...address, first_name: '', last_name: 'Lovelace' } }, want: ['/first_name: expected at least 1 character(s), received ""'] }],
  ['an address with only full_name', { given: { api: 'v2', schema: 'Address', value: changed(address, (a) => { delete a.first_name; a.full_name = 'Ada Lovelace'; }) }, want: [] }],
  ['a lower-case country code', { given: { api: 'v2', schema: 'Address', value: { ...address, country_code: 'de' } }, want: ['/country_code: expected to match ^[A-Z]{2}$, received "de"'] }],
  ['an empty city', { given: { api: 'v2', schema: 'Address', value: { ...address, city: '' } }, want: ['/city: expected at least 1 character(s), received ""'] }],
  // §2 says ISO 8601, not RFC 3339: a date-time may leave out its offset (a local time), never the calendar.
  ['an order whose date-times name no offset', { given: { api: 'v2', schema: 'Order', value: { ...order, created_at: '2026-01-02T10:00:00', updated_at: '2026-01-02 10:00:00.25' } }, want: [] }],
  ['an order created on 30 February', { given: { api: 'v2', schema: 'Order', value: { ...order, created_at: '2026-02-30T10:00:00Z' } }, want: ['/created_at: expected format date-time, received "2026-02-30T10:00:00Z"'] }],
  ['an order whose created_at is a date', { given: { api: 'v2', schema: 'Order', value: { ...order, created_at: '2026-01-02' } }, want: ['/created_at: expected format date-time, received "2026-01-02"'] }],
  ['an invalid email', { given: { api: 'v2', schema: 'Address', value: { ...address, email: 'not-an-email' } }, want: ['/email: expected format email, received "not-an-email"'] }],
  ['a shipment', { given: { api: 'v2', schema: 'Shipment', value: shipment }, want: [] }],
  ['a shipment with an unknown delivery status', { given: { api: 'v2', schema: 'Shipment', value: { ...shipment, delivery_status: 'lost' } }, want: ['/delivery_status: expected one of "action_required", "awaiting_customer_pickup", "delivered", "in_transit", "information_transmitted", "other", "out_for_delivery", "return_initiated", "returned_to_sender", null, received "lost"'] }],
  ['a shipment item sku without sku_code', { given: { api: 'v2', schema: 'ShipmentItem', value: { id: 1, quantity: 1, sku: { id: 501 } } }, want: ['/sku/sku_code: expected to be present (required), received nothing'] }],
  ['a v1 restocking shipment', { given: { api: 'v1', schema: 'RestockingShipment', value: restockingShipmentV1 }, want: [] }],
  ['a v1 restocking shipment in a v2-only status', { given: { api: 'v1', schema: 'RestockingShipment', value: { ...restockingShipmentV1, status: 'received' } }, want: ['/status: expected one of "created", "shipped", "delivered", "arrived", "processing", "restocked", "on_hold", "cancelled", received "received"'] }],
  ['a v1 restocking shipment with a date-time arrival', { given: { api: 'v1', schema: 'RestockingShipment', value: { ...restockingShipmentV1, estimated_arrival_date: '2026-02-01T10:00:00Z' } }, want: ['/estimated_arrival_date: expected format date, received "2026-02-01T10:00:00Z"'] }],
  ['a v1 restocking shipment without estimated_arrival_date', { given: { api: 'v1', schema: 'RestockingShipment', value: changed(restockingShipmentV1, (r) => delete r.estimated_arrival_date) }, want: ['/estimated_arrival_date: expected to be present (required), received nothing'] }],
  ['a v2 restocking shipment', { given: { api: 'v2', schema: 'RestockingShipment', value: restockingShipmentV2 }, want: [] }],
  ['a v2 restocking shipment in a v1-only status', { given: { api: 'v2', schema: 'RestockingShipment', value: { ...restockingShipmentV2, status: 'delivered' } }, want: ['/status: expected one of "created", "shipped", "received", "arrived", "processing", "restocked", "cancelled", received "delivered"'] }],
  ['a v2 restocking item without arrived_quantity', { given: { api: 'v2', schema: 'RestockingShipmentItem', value: { sku_id: 1, damaged_quantity: 0, missing_quantity: 0 } }, want: ['/arrived_quantity: expected to be present (required), received nothing'] }],
  ['an inventory batch', { given: { api: 'v2', schema: 'InventoryBatch', value: inventoryBatch }, want: [] }],
  ['an inventory batch with an unknown block reason', { given: { api: 'v2', schema: 'InventoryBatch', value: { ...inventoryBatch, blocked: true, block_reason: 'recall' } }, want: ['/block_reason: expected one of "expiry_window", "expiry_date_reached", null, received "recall"'] }],
  ['batch settings with a null SKU (merchant default)', { given: { api: 'v2', schema: 'InventoryBatchSettings', value: { id: 1, is_merchant_default: true, sku_id: null, action_weeks_before_expiry: null, expiry_follow_up_action: 'block_only' } }, want: [] }],
  ['a v1 SKU with both cost fields', { given: { api: 'v1', schema: 'Sku', value: { id: 501, status: 'active', cost_in_cent: 250, cost_in_cents: 250, inventory: { stocked: 3, reserved: 1, total: 4 } } }, want: [] }],
  ['a v1 SKU with a string weight', { given: { api: 'v1', schema: 'Sku', value: { id: 501, weight_in_kg: '0.5' } }, want: ['/weight_in_kg: expected type number, received "0.5"'] }],
  ['v1 pagination', { given: { api: 'v1', schema: 'Pagination', value: { current_page: 1, item_count: 0, page_count: 0, items_per_page: 20 } }, want: [] }],
  ['v2 pagination without next_page_url', { given: { api: 'v2', schema: 'Pagination', value: { first_page_url: '/x', limit: 20 } }, want: ['/next_page_url: expected to be present (required), received nothing'] }],
  ['a v1 error', { given: { api: 'v1', schema: 'Error', value: { success: false, errors: ['Not found'] } }, want: [] }],
  ['a v1 error claiming success', { given: { api: 'v1', schema: 'Error', value: { success: true, errors: [] } }, want: ['/success: expected false, received true'] }],
  ['a v2 error: object of message arrays', { given: { api: 'v2', schema: 'Error', value: { errors: { currency: ['is invalid'] }, success: false, title: 'Invalid', status: 422 } }, want: [] }],
  ['a v2 error: array of objects', { given: { api: 'v2', schema: 'Error', value: { errors: [{ message: 'Not found', code: 'not_found', service: 'x' }] } }, want: [] }],
  ['a v2 error: array of strings', { given: { api: 'v2', schema: 'Error', value: { errors: ['Not found'] } }, want: [] }],
  ['a v2 error whose errors is a string', { given: { api: 'v2', schema: 'Error', value: { errors: 'Not found' } }, want: ['/errors: expected at least one of: an object mapping field names to arrays of messages; an array of objects with message and code; an array of strings, received "Not found"'] }],
  ['a v2 error with properties beyond those listed, at both levels', { given: { api: 'v2', schema: 'Error', value: { errors: [{ message: 'Not found', code: 404, service: 'orders', hint: 'x' }], request_id: 'r1' } }, want: [] }],
  ['a v2 error whose status is a string', { given: { api: 'v2', schema: 'Error', value: { errors: ['Not found'], status: '404' } }, want: ['/status: expected type integer, received "404"'] }],
  ['a v2 error object without code', { given: { api: 'v2', schema: 'Error', value: { errors: [{ message: 'Not found' }] } }, want: ['/errors: expected at least one of: an object mapping field names to arrays of messages; an array of objects with message and code; an array of strings, received [{"message":"Not found"}]'] }],
  ['a v2 error without errors', { given: { api: 'v2', schema: 'Error', value: { success: false } }, want: ['/errors: expected to be present (required), received nothing'] }],
];

interface BodyCase {
  given: { api: ApiVersion; operation: string; body: unknown };
  want: string[];
}

const requestCases: Array<[string, BodyCase]> = [
  ['v1 restocking create with numeric strings and a date-time', { given: { api: 'v1', operation: 'POST /restocking_shipments', body: { warehouse_id: '3', estimated_arrival_date: '2026-02-01T10:00:00Z', delivery_option: 'postal', tracking_code: null, restocking_shipment_items: [{ sku_id: '501', announced_quantity: '10' }] } }, want: [] }],
  ['v1 restocking create with a non-numeric warehouse_id', { given: { api: 'v1', operation: 'POST /restocking_shipments', body: { warehouse_id: 'abc' } }, want: ['/warehouse_id: expected to match ^-?[0-9]+$, received "abc"'] }],
  ['v1 restocking update with unknown properties', { given: { api: 'v1', operation: 'PUT /restocking_shipments/{id}', body: { note: 'x' } }, want: [] }],
  ['v1 restocking create with an unknown delivery option', { given: { api: 'v1', operation: 'POST /restocking_shipments', body: { delivery_option: 'drone' } }, want: ['/delivery_option: expected one of "postal", "courier", "dropoff", "hive_freight", received "drone"'] }],
  ['v1 SKU update with a numeric-string weight', { given: { api: 'v1', operation: 'PATCH /skus/{id}', body: { name: 'Mug', weight_in_kg: '0.25' } }, want: [] }],
  ['v2 order create without read-only fields', { given: { api: 'v2', operation: 'POST /orders', body: changed(order, (o) => { delete o.id; delete o.created_at; delete o.updated_at; delete o.fulfillment_status; }) }, want: [] }],
  ['v2 order create with an item of quantity 0', { given: { api: 'v2', operation: 'POST /orders', body: changed(order, (o) => (o.items[0].quantity = 0)) }, want: ['/items/0/quantity: expected >= 1, received 0'] }],
  ['v2 restocking create without warehouse_id', { given: { api: 'v2', operation: 'POST /restocking_shipments', body: { delivery_option: 'courier', estimated_arrival_date: '2026-02-01', restocking_shipment_items: [] } }, want: ['/warehouse_id: expected to be present (required), received nothing'] }],
  ['v2 restocking create with an item naming no SKU', { given: { api: 'v2', operation: 'POST /restocking_shipments', body: { delivery_option: 'courier', estimated_arrival_date: '2026-02-01', warehouse_id: 3, restocking_shipment_items: [{ announced_quantity: 1 }] } }, want: ['/restocking_shipment_items/0: expected at least one of: sku_id present; sku_code present, received {"announced_quantity":1}'] }],
  ['v2 restocking update with every property left out', { given: { api: 'v2', operation: 'PUT /restocking_shipments/{id}', body: {} }, want: [] }],
  ['v2 batch settings clearing the window', { given: { api: 'v2', operation: 'PUT /skus/{sku_id}/inventory_batch_settings', body: { action_weeks_before_expiry: null, expiry_follow_up_action: null } }, want: [] }],
  ['an operation that shows no body', { given: { api: 'v2', operation: 'PUT /orders/{id}/cancel', body: undefined }, want: [] }],
];

interface ResponseCase {
  given: { api: ApiVersion; operation: string; status: number; body: unknown };
  want: { statusAllowed: boolean; messages: string[] };
}

const responseCases: Array<[string, ResponseCase]> = [
  ['a v1 order page', { given: { api: 'v1', operation: 'GET /orders', status: 200, body: { data: [{ id: 1, merchant_order_id: 'a' }], pagination: { current_page: 1, item_count: 1, page_count: 1, items_per_page: 20 } } }, want: { statusAllowed: true, messages: [] } }],
  ['a v1 order page without pagination', { given: { api: 'v1', operation: 'GET /orders', status: 200, body: { data: [] } }, want: { statusAllowed: true, messages: ['/pagination: expected to be present (required), received nothing'] } }],
  ['a status the operation does not name', { given: { api: 'v1', operation: 'GET /orders', status: 500, body: {} }, want: { statusAllowed: false, messages: [] } }],
  ['v1 create answers 201', { given: { api: 'v1', operation: 'POST /restocking_shipments', status: 201, body: restockingShipmentV1 }, want: { statusAllowed: true, messages: [] } }],
  ['429 carries the version error body', { given: { api: 'v2', operation: 'GET /orders/{id}', status: 429, body: { errors: ['Too many requests'] } }, want: { statusAllowed: true, messages: [] } }],
  ['an unshown success code inside 2XX', { given: { api: 'v2', operation: 'POST /skus/{sku_id}/inventory_batches', status: 201, body: inventoryBatch }, want: { statusAllowed: true, messages: [] } }],
  ['an unshown success body', { given: { api: 'v2', operation: 'PUT /restocking_shipments/{id}/cancel', status: 200, body: 'anything' }, want: { statusAllowed: true, messages: [] } }],
  ['a cancel answered with an empty body', { given: { api: 'v2', operation: 'PUT /orders/{id}/cancel', status: 200, body: undefined }, want: { statusAllowed: true, messages: [] } }],
  ['a cancel answered with the order', { given: { api: 'v2', operation: 'PUT /orders/{id}/cancel', status: 200, body: order }, want: { statusAllowed: true, messages: [] } }],
  ['a 400 to a malformed list query (v1)', { given: { api: 'v1', operation: 'GET /shipments', status: 400, body: { success: false, errors: ['page must be an integer'] } }, want: { statusAllowed: true, messages: [] } }],
  ['a 400 to a malformed list query (v2)', { given: { api: 'v2', operation: 'GET /orders', status: 400, body: { errors: { limit: ['must be an integer'] }, success: false, title: 'Bad Request', status: 400 } }, want: { statusAllowed: true, messages: [] } }],
  ['a 404 from a lookup by merchant order id', { given: { api: 'v2', operation: 'GET /orders/by_merchant_order_id', status: 404, body: { errors: ['Not found'] } }, want: { statusAllowed: true, messages: [] } }],
  ['a status the cancel does not name (409: it creates no record)', { given: { api: 'v2', operation: 'PUT /restocking_shipments/{id}/cancel', status: 409, body: { errors: ['Conflict'] } }, want: { statusAllowed: false, messages: [] } }],
  ['a v2 restocking page missing data', { given: { api: 'v2', operation: 'GET /restocking_shipments', status: 200, body: { pagination: { first_page_url: '/x', limit: 20, next_page_url: null } } }, want: { statusAllowed: true, messages: ['/data: expected to be present (required), received nothing'] } }],
];

interface WebhookCase {
  given: { api: ApiVersion; event: string; body: unknown };
  want: string[];
}

const envelope = (eventType: string, data: unknown): unknown => ({
  event_type: eventType,
  event_id: '3f1c2b7e-8a9d-4c1e-9b2f-0a1b2c3d4e5f',
  timestamp: '2026-01-02T10:00:00Z',
  data,
});

const webhookCases: Array<[string, WebhookCase]> = [
  ['v1 restocking event: the bare resource', { given: { api: 'v1', event: 'restocking_shipment_status_updated', body: restockingShipmentV1 }, want: [] }],
  ['v1 shipment event: an open shipment', { given: { api: 'v1', event: 'shipment_status_updated', body: { id: 1, status: 'shipped' } }, want: [] }],
  ['v2 order event', { given: { api: 'v2', event: 'order.status_updated', body: envelope('order.status_updated', order) }, want: [] }],
  ['v2 restocking event', { given: { api: 'v2', event: 'restocking_shipment.status_updated', body: envelope('restocking_shipment.status_updated', restockingShipmentV2) }, want: [] }],
  ['v2 event with another event_type', { given: { api: 'v2', event: 'shipment.status_updated', body: envelope('shipment.delivery_status_updated', shipment) }, want: ['/event_type: expected "shipment.status_updated", received "shipment.delivery_status_updated"'] }],
  ['v2 event with an event_id that is no uuid', { given: { api: 'v2', event: 'shipment.delivery_status_updated', body: { ...(envelope('shipment.delivery_status_updated', shipment) as object), event_id: '42' } }, want: ['/event_id: expected format uuid, received "42"'] }],
  ['v2 event whose data breaks its schema', { given: { api: 'v2', event: 'restocking_shipment.status_updated', body: envelope('restocking_shipment.status_updated', { ...restockingShipmentV2, warehouse_id: '3' }) }, want: ['/data/warehouse_id: expected type integer, received "3"'] }],
  ['an event the version does not have', { given: { api: 'v2', event: 'return.status_updated', body: {} }, want: ['(event): expected one of "order.status_updated", "restocking_shipment.status_updated", "shipment.delivery_status_updated", "shipment.status_updated", received "return.status_updated"'] }],
];

describe.each(lookups)('%s validators', (_kind, lookup) => {
  it.each(schemaCases)('schema: %s', (_name, { given, want }) => {
    const result = lookup().validateSchema(given.api, given.schema, given.value);
    expect(result.errors.map((error) => error.message)).toEqual(want);
    expect(result.ok).toBe(want.length === 0);
  });

  it.each(requestCases)('request: %s', (_name, { given, want }) => {
    const result = lookup().validateRequestBody(given.api, given.operation, given.body);
    expect(result.errors.map((error) => error.message)).toEqual(want);
    expect(result.ok).toBe(want.length === 0);
  });

  it.each(responseCases)('response: %s', (_name, { given, want }) => {
    const result = lookup().validateResponse(given.api, given.operation, given.status, given.body);
    expect({ statusAllowed: result.statusAllowed, messages: result.errors.map((error) => error.message) }).toEqual(want);
    expect(result.ok).toBe(want.statusAllowed && want.messages.length === 0);
  });

  it.each(webhookCases)('webhook: %s', (_name, { given, want }) => {
    const result = lookup().validateWebhook(given.api, given.event, given.body);
    expect(result.errors.map((error) => error.message)).toEqual(want);
  });

  it('names the pointer and the rule of each error', () => {
    const result = lookup().validateSchema('v2', 'Order', changed(order, (o) => (o.shipping_address.country_code = 'de')));
    expect(result.errors).toEqual([{ pointer: '/shipping_address/country_code', rule: 'pattern', message: '/shipping_address/country_code: expected to match ^[A-Z]{2}$, received "de"' }]);
  });

  it('refuses an unknown operation key or schema name loudly', () => {
    expect(() => lookup().validateRequestBody('v1', 'GET /nowhere', {})).toThrow(/no operation "GET \/nowhere"/);
    expect(() => lookup().validateSchema('v1', 'Nothing', {})).toThrow(/no component schema "Nothing"/);
  });
});
