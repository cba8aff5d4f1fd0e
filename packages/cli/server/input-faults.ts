// The input faults (faults/inputs.ts): what a service does wrong with inputs at the edges of what the
// specification allows. Each acts on one operation's body or query before its handler: the body as it
// is taken in (a character replaced, a value flattened, a text cut, an offset dropped), or an answer in
// place of the handler's (a refusal, a crash).
import type { Faults } from './faults/index.js';
import type { Api } from './http/errors.js';
import { ApiError } from './http/errors.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The operation a request addresses, as `METHOD /path/template` of its version (ids as `{id}`). */
function operationOf(method: string, path: string): string {
  return `${method} ${path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
}

// Outside the Basic Multilingual Plane: what a column of three-byte UTF-8 cannot hold.
const replaceAstral = (text: string) => text.replace(/[\u{10000}-\u{10ffff}]/gu, '?');
// A numeric offset at the end of a date-time (Z and none are left alone).
const NUMERIC_OFFSET = /[+-]\d{2}(?::?\d{2})?$/;

// The most records a search index pages through (Elasticsearch's index.max_result_window).
const RESULT_WINDOW = 10_000;

/** `body` as the service takes it in, bent by the input fault that covers the operation, if any. */
export function bodyAsTaken(faults: Faults, api: Api, method: string, path: string, body: unknown): unknown {
  if (!isObject(body)) return body;
  const operation = `${api} ${operationOf(method, path)}`;
  if (operation === 'v2 POST /orders' && faults.has('v2-orders-create-address-astral-replaced') && isObject(body.shipping_address)) {
    body.shipping_address = Object.fromEntries(Object.entries(body.shipping_address).map(([key, value]) => [key, typeof value === 'string' ? replaceAstral(value) : value]));
  }
  if (operation === 'v2 PATCH /orders/by_merchant_order_id' && faults.has('v2-orders-by-merchant-order-id-patch-metadata-flattened') && isObject(body.custom_metadata)) {
    body.custom_metadata = Object.fromEntries(Object.entries(body.custom_metadata).map(([key, value]) => [key, value !== null && typeof value === 'object' ? JSON.stringify(value) : value]));
  }
  if (operation === 'v1 POST /orders' && faults.has('v1-orders-create-created-at-offset-dropped') && typeof body.created_at === 'string' && NUMERIC_OFFSET.test(body.created_at)) {
    body.created_at = body.created_at.replace(NUMERIC_OFFSET, 'Z');
  }
  if (operation === 'v1 POST /restocking_shipments' && faults.has('v1-restocking-create-text-cut-255')) {
    for (const key of ['tracking_code', 'po_number', 'supplier_name']) {
      const value = body[key];
      if (typeof value === 'string' && value.length > 255) body[key] = value.slice(0, 255);
    }
  }
  return body;
}

/** The answer an input fault gives in place of the operation's handler, thrown as an ApiError; `body` reads the request body. */
export function refuseInput(faults: Faults, api: Api, method: string, path: string, query: URLSearchParams, body: () => unknown): void {
  const operation = `${api} ${operationOf(method, path)}`;
  if (operation === 'v1 GET /orders' && faults.has('v1-orders-list-deep-page-500')) {
    const limit = Math.min(100, Number(query.get('limit') ?? 20) || 20);
    if ((Number(query.get('page') ?? 1) - 1) * limit + limit > RESULT_WINDOW) throw new ApiError(500, 'internal error: result window is too large, from + size must be less than or equal to 10000');
  }
  if (operation === 'v2 PATCH /orders/{id}' && faults.has('v2-orders-patch-null-500')) {
    const sent = body();
    if (isObject(sent) && Object.values(sent).includes(null)) throw new ApiError(500, 'internal error: null value in column');
  }
  if (operation === 'v2 PUT /restocking_shipments/{id}' && faults.has('v2-restocking-update-empty-items-500')) {
    const sent = body();
    if (isObject(sent) && Array.isArray(sent.restocking_shipment_items) && sent.restocking_shipment_items.length === 0) throw new ApiError(500, 'internal error: empty item list');
  }
  if (operation === 'v2 POST /restocking_shipments' && faults.has('v2-restocking-create-zero-quantity-refused')) {
    const items = (body() as Json | undefined)?.restocking_shipment_items;
    if (Array.isArray(items) && items.some((item) => isObject(item) && item.announced_quantity === 0)) {
      throw new ApiError(422, [{ field: 'restocking_shipment_items', message: 'announced_quantity must be at least 1' }]);
    }
  }
}
