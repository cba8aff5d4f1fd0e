// Arbitraries of hostile requests for the server's fuzz test (fuzz.test.ts). `writeRequestArb` aims
// bent bodies at the write operations with everything else in order, so that they reach validation;
// `wireRequestArb` bends everything at once: target, method, headers, framing and body.
import fc from 'fast-check';
import type { RawRequest } from './raw-http.js';

/** What a request touches, so the test knows which lists must not change when it is refused. */
export type Resource = 'orders' | 'restocking' | 'skus' | 'other';

/** The tokens of the seeded server (its profile's `tokens`). */
export type Tokens = Record<'primary' | 'sameMerchantOtherChannel' | 'otherMerchant' | 'expired' | 'inactiveChannel', string>;

/** One hostile request and the resource it addresses. */
export interface HostileRequest extends RawRequest {
  resource: Resource;
}

/** An operation: its resource, path template, the methods it takes (writes first) and a legal body. */
interface Operation {
  resource: Resource;
  template: string;
  writes: string[];
  reads: string[];
  body: (n: number) => Record<string, unknown> | undefined;
}

const address = { city: 'Berlin', country_code: 'DE', line1: 'Hauptstraße 5', postal_code: '10115', first_name: 'Ada' };
const orderLine = { merchant_item_id: 'A', sku_id: 501, quantity: 1 };
const v1Order = (n: number): Record<string, unknown> => ({ merchant_order_id: `FUZZ-${n}`, shipping_address: { ...address }, items: [orderLine] });
const orderUpdate = (): Record<string, unknown> => ({ carrier_preference: 'DHL', custom_metadata: { gift: true }, items: [orderLine] });
const restocking = (): Record<string, unknown> => ({ warehouse_id: 3, delivery_option: 'courier', estimated_arrival_date: '2026-03-01', restocking_shipment_items: [{ sku_id: 501, announced_quantity: 5 }] });
const none = (): undefined => undefined;

const operations: Record<'v1' | 'v2', Operation[]> = {
  v1: [
    { resource: 'orders', template: '/orders', writes: ['POST'], reads: ['GET'], body: v1Order },
    { resource: 'orders', template: '/orders/{id}', writes: ['PATCH', 'PUT'], reads: ['GET'], body: orderUpdate },
    { resource: 'restocking', template: '/restocking_shipments', writes: ['POST'], reads: [], body: restocking },
    { resource: 'restocking', template: '/restocking_shipments/{id}', writes: ['PUT'], reads: ['GET'], body: () => ({ po_number: 'PO-1', restocking_shipment_items: [{ sku_id: 501, announced_quantity: 2 }] }) },
    { resource: 'skus', template: '/skus', writes: ['POST'], reads: [], body: (n) => ({ merchant_sku_id: `FUZZ-SKU-${n}`, name: 'Fuzz', weight_in_kg: 1 }) },
    { resource: 'skus', template: '/skus/{id}', writes: ['PATCH', 'PUT'], reads: ['GET', 'DELETE'], body: () => ({ name: 'Renamed', weight_in_kg: '2.5' }) },
    { resource: 'other', template: '/shipments', writes: [], reads: ['GET'], body: none },
    { resource: 'other', template: '/returns/{id}', writes: [], reads: ['GET'], body: none },
    { resource: 'other', template: '/warehouses', writes: [], reads: ['GET'], body: none },
  ],
  v2: [
    { resource: 'orders', template: '/orders', writes: ['POST'], reads: ['GET'], body: (n) => ({ ...v1Order(n), sales_channel_id: 11 }) },
    { resource: 'orders', template: '/orders/{id}', writes: ['PATCH'], reads: ['GET'], body: orderUpdate },
    { resource: 'orders', template: '/orders/{id}/cancel', writes: [], reads: ['PUT'], body: none },
    { resource: 'orders', template: '/orders/by_merchant_order_id', writes: ['PATCH'], reads: ['GET'], body: orderUpdate },
    { resource: 'restocking', template: '/restocking_shipments', writes: ['POST'], reads: ['GET'], body: restocking },
    { resource: 'restocking', template: '/restocking_shipments/{id}', writes: ['PUT'], reads: ['GET'], body: () => ({ po_number: 'PO-2' }) },
    { resource: 'restocking', template: '/restocking_shipments/{id}/cancel', writes: [], reads: ['PUT'], body: none },
    { resource: 'skus', template: '/skus/{id}', writes: [], reads: ['GET'], body: none },
    { resource: 'skus', template: '/skus/{id}/inventory_batches', writes: ['POST'], reads: [], body: (n) => ({ lot_number: `LOT-${n}`, expiry_date: '2027-06-30' }) },
    { resource: 'skus', template: '/skus/{id}/inventory_batch_settings', writes: ['PUT'], reads: [], body: () => ({ batch_priority: 'fefo', b2c_shelf_life_in_weeks: 3 }) },
  ],
};

/** JSON text spliced into a body as it is: what no JS value stringifies to, or would overflow the stack doing so. */
class RawJson {
  constructor(readonly text: string) {}
}

// The JSON text of a string no body holds: JSON.stringify writes it exactly so.
const rawMarker = '"\\u0000RAW\\u0000"';

/** Containers nested `depth` deep, objects or arrays: around the limit of 32, or far past it (recursion fails near 2,000). */
const deepArb = fc.tuple(fc.oneof(fc.integer({ min: 25, max: 40 }), fc.integer({ min: 2000, max: 5000 })), fc.boolean())
  .map(([depth, arrays]) => new RawJson(arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

const prototypeKeys = JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown;

/** Values that test the limits, the types and the parser: each put in place of one property. */
const hostileValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: deepArb, weight: 4 },
  { arbitrary: fc.integer({ min: 65_000, max: 70_000 }).map((n) => 'x'.repeat(n)), weight: 2 },
  { arbitrary: fc.integer({ min: 990, max: 1_200 }).map((n) => Array.from({ length: n }, (_, i) => ({ merchant_item_id: `I${i}`, sku_id: 501, quantity: 1 }))), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.constantFrom('NaN', 'Infinity', '-Infinity', '0x10', '1e3', '', ' ', 'a\u0000b', '\ud800', '\udc00x', '\u{1F4A9}', 'null', 'true'), weight: 2 },
  { arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 2 ** 31, 1e308, -0, 0.5), weight: 1 },
  { arbitrary: fc.constant(prototypeKeys), weight: 1 },
  { arbitrary: fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '-0', '1E+2', '1e-400').map((text) => new RawJson(text)), weight: 1 },
);

/** What custom_metadata, which takes any JSON object and is stored as sent, gets: mostly objects past a limit. */
const metadataArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: deepArb.map((deep) => new RawJson(`{"deep":${deep.text}}`)), weight: 4 },
  { arbitrary: fc.constant(prototypeKeys), weight: 1 },
  { arbitrary: fc.integer({ min: 65_000, max: 70_000 }).map((n) => ({ long: 'x'.repeat(n), ['k'.repeat(n)]: 1 })), weight: 1 },
  { arbitrary: fc.integer({ min: 990, max: 1_200 }).map((n) => ({ many: Array.from({ length: n }, (_, i) => i) })), weight: 1 },
  { arbitrary: hostileValueArb, weight: 2 },
);

const propertyArb = fc.constantFrom(
  'merchant_order_id', 'items', 'shipping_address', 'tags', 'sales_channel_id', 'customer_order_number', 'warehouse_id',
  'restocking_shipment_items', 'estimated_arrival_date', 'name', 'weight_in_kg', 'expiry_date', 'batch_priority',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
);

/** One property of a body set to a hostile value; custom_metadata half of the time. */
const twistArb: fc.Arbitrary<[string, unknown]> = fc.oneof(fc.tuple(fc.constant('custom_metadata'), metadataArb), fc.tuple(propertyArb, hostileValueArb));

/** A legal body with some properties bent. */
function bentBody(legal: Record<string, unknown>, twists: [string, unknown][]): Buffer {
  const body = { ...legal };
  const raws: RawJson[] = [];
  for (const [key, value] of twists) {
    // A property named like a prototype key becomes an own property, as JSON.parse makes it.
    const stored = value instanceof RawJson ? JSON.parse(rawMarker.replace('RAW', `RAW${raws.push(value)}`)) as string : value;
    Object.defineProperty(body, key, { value: stored, enumerable: true, writable: true, configurable: true });
  }
  let text = JSON.stringify(body);
  raws.forEach((raw, i) => { text = text.replace(rawMarker.replace('RAW', `RAW${i + 1}`), () => raw.text); });
  return Buffer.from(text);
}

/** A body as bytes: the operation's legal one, that bent, JSON past the limits as a whole, or no JSON at all. */
function bodyArb(operation: Operation, n: number): fc.Arbitrary<Buffer | undefined> {
  const legal = operation.body(n);
  // Mostly one property bent, so that the rest of the body stays legal and the bent one is what is judged.
  const twists = fc.oneof({ arbitrary: fc.tuple(twistArb), weight: 3 }, fc.array(twistArb, { minLength: 2, maxLength: 3 }));
  const bent = twists.map((bent) => bentBody(legal ?? {}, bent));
  const text = fc.oneof(
    fc.integer({ min: 30, max: 200_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.integer({ min: 1, max: 50 }).map((cut) => JSON.stringify(legal ?? {}).slice(0, cut)),
    fc.constantFrom('NaN', 'Infinity', '1e400', '-0', 'null', '[]', '""', '{}', ' ', '\ufeff{}', '{"a":1,"a":2}', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '"\\ud800"', '{"a":"\\u0000"}'),
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
  ).map((value) => Buffer.from(value));
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 64 }).map((array) => Buffer.from(array)),
    // Not UTF-8: a lone continuation byte, an overlong encoding, an encoded surrogate, a cut sequence.
    fc.constantFrom([0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xff, 0xfe]).map((bad) => Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bad), Buffer.from('"}')])),
  );
  return fc.oneof(
    { arbitrary: fc.constant(legal === undefined ? undefined : Buffer.from(JSON.stringify(legal))), weight: 2 },
    { arbitrary: bent, weight: 12 },
    { arbitrary: text, weight: 3 },
    { arbitrary: bytes, weight: 2 },
    { arbitrary: fc.constant(Buffer.alloc(1024 * 1024 + 1, 0x20)), weight: 1 },
  );
}

/** Ids the seed holds, per resource: most are the caller's, some another channel's or merchant's. */
const seededIds: Record<Resource, string[]> = {
  orders: ['101', '102', '103', '104', '105', '106', '149', '201', '301'],
  restocking: ['901', '902', '903', '908', '951'],
  skus: ['501', '502', '503', '504', '777', '801'],
  other: ['601', '602', '603'],
};

const strangeIdArb = fc.oneof(
  fc.constantFrom('%E0%A4%A', '%', '%00', '..', '%2e%2e', '-1', '1e3', '0x10', '9'.repeat(30), '999999', '%F0%9F%92%A9', '%C0%AF', '101%00', '101;x', '%2F', ''),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.integer({ min: 2000, max: 8000 }).map((n) => 'x'.repeat(n)),
);

const queryArb = fc.array(fc.tuple(
  fc.constantFrom('limit', 'page', 'cursor', 'page_after', 'created_at[gt]', 'created_at[lte]', 'merchant_order_id', 'sales_channel_id', 'limit[]', '__proto__', 'constructor'),
  fc.oneof(
    fc.constantFrom('1', '20', '101', '0', '-0', '-1', '1e309', '1.5', 'NaN', 'Infinity', '0x10', '', '9'.repeat(400), '%E0%A4%A', '%00', 'SHARED-1001', '11', '2026-01-05T08:00:00Z', 'not-a-date', 'eyJhZnRlciI6MTAxfQ'),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
  ),
), { maxLength: 4 }).map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`));

// The by_merchant_order_id operations need their two query parameters to get anywhere.
const byMerchantOrderIdQuery = '?merchant_order_id=SHARED-1001&sales_channel_id=11';

const jsonHeaders = (tokens: Tokens): [string, string][] => [['Host', '127.0.0.1'], ['Authorization', `Bearer ${tokens.primary}`], ['Content-Type', 'application/json']];

/** A write operation of either version addressed as it should be, with the primary token, and a hostile body. */
export function writeRequestArb(tokens: Tokens): fc.Arbitrary<HostileRequest> {
  const writable = (['v1', 'v2'] as const).flatMap((api) => operations[api].filter((o) => o.writes.length > 0).map((operation) => ({ api, operation })));
  return fc.constantFrom(...writable).chain(({ api, operation }) => fc.record({
    method: fc.constantFrom(...operation.writes),
    id: fc.constantFrom(...seededIds[operation.resource]),
    body: fc.nat().chain((n) => bodyArb(operation, n)),
  }).map(({ method, id, body }): HostileRequest => ({
    method,
    target: `/merchant_api/${api}${operation.template.replace('{id}', id)}${operation.template.endsWith('by_merchant_order_id') ? byMerchantOrderIdQuery : ''}`,
    headers: jsonHeaders(tokens),
    body,
    resource: operation.resource,
  })));
}

/** Ways to write the version's base: as it is mostly, else bent (the server normalises it, or answers 404). */
function baseArb(api: 'v1' | 'v2'): fc.Arbitrary<string> {
  const other = api === 'v1' ? 'v2' : 'v1';
  return fc.oneof(
    { arbitrary: fc.constant(`/merchant_api/${api}`), weight: 6 },
    { arbitrary: fc.constantFrom(`/merchant_api/${other}/../${api}`, `/merchant_api/${api}/`, `/merchant_api/${api}/./`, `/MERCHANT_API/${api}`, `/merchant_api/%76${api.slice(1)}`, `/merchant_api/${api}/%2e%2e/${api}`, '/merchant_api', ''), weight: 1 },
  );
}

/** Methods no route takes, or Node refuses (an unknown token, lower case, a space too many). */
const strangeMethodArb = fc.constantFrom('HEAD', 'OPTIONS', 'DELETE', 'PROPFIND', 'TRACE', 'CONNECT', 'M-SEARCH', 'FROB', 'get', 'PATCH ');

/** Authorization, Content-Type and extra headers: mostly the primary token and JSON. */
function headersArb(tokens: Tokens): fc.Arbitrary<[string, string][]> {
  const authorization = fc.oneof(
    { arbitrary: fc.constant(`Bearer ${tokens.primary}`), weight: 4 },
    fc.constantFrom<string | undefined>(
      undefined, `Bearer ${tokens.otherMerchant}`, `Bearer ${tokens.sameMerchantOtherChannel}`, `Bearer ${tokens.expired}`, `Bearer ${tokens.inactiveChannel}`,
      'Bearer', 'Bearer ', `bearer ${tokens.primary}`, `Basic ${tokens.primary}`, `Bearer ${tokens.primary} extra`, `Bearer ${tokens.primary}\u00ff`,
      `Bearer ${'t'.repeat(20_000)}`, `Bearer ab\u0001cd`,
    ),
  );
  const contentType = fc.oneof(
    { arbitrary: fc.constant<string | undefined>('application/json'), weight: 3 },
    fc.constantFrom<string | undefined>(undefined, 'text/plain', 'application/json; charset=utf-16', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', '\u00e9/\u00e9'),
  );
  const extra = fc.oneof(
    { arbitrary: fc.constant<[string, string][]>([]), weight: 3 },
    fc.integer({ min: 100, max: 20_000 }).map((n): [string, string][] => [['X-Padding', 'p'.repeat(n)]]),
    fc.constantFrom<[string, string][]>(
      [['Host', '[::']], [['Host', 'a b']], [['Transfer-Encoding', 'chunked']], [['Content-Length', 'abc']],
      [['X-Bad', 'a\u0001b']], [['Expect', 'something']], [['Expect', '100-continue']], [['Upgrade', 'websocket']], [['Cookie', 'c=1; '.repeat(500)]],
    ),
  );
  return fc.tuple(authorization, contentType, extra).map(([auth, type, more]) => [
    ['Host', '127.0.0.1'],
    ...(auth === undefined ? [] : [['Authorization', auth] as [string, string]]),
    ...(type === undefined ? [] : [['Content-Type', type] as [string, string]]),
    ...more,
  ]);
}

/** Content-Length as it should be mostly; else one less (the rest is read as another request), more, or none. */
const lengthArb = fc.oneof(
  { arbitrary: fc.constant<RawRequest['length']>('exact'), weight: 6 },
  fc.constantFrom<RawRequest['length']>('short', 'long', 'none'),
);

/** Anything bent: the target (base, id, suffix, query), the method, the headers, the framing and the body. */
export function wireRequestArb(tokens: Tokens): fc.Arbitrary<HostileRequest> {
  const all = (['v1', 'v2'] as const).flatMap((api) => operations[api].map((operation) => ({ api, operation })));
  return fc.constantFrom(...all).chain(({ api, operation }) => fc.record({
    base: baseArb(api),
    id: fc.oneof(fc.constantFrom(...seededIds[operation.resource]), strangeIdArb),
    suffix: fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, fc.constantFrom('/', '//', '/extra', '/..', '/%2e%2e/%2e%2e')),
    query: operation.template.endsWith('by_merchant_order_id') ? fc.oneof(fc.constant(byMerchantOrderIdQuery), queryArb) : queryArb,
    method: fc.oneof({ arbitrary: fc.constantFrom(...operation.writes, ...operation.reads), weight: 3 }, strangeMethodArb),
    headers: headersArb(tokens),
    length: lengthArb,
    body: fc.oneof(fc.constant(undefined), fc.nat().chain((n) => bodyArb(operation, n))),
  }).map(({ base, id, suffix, query, method, headers, length, body }): HostileRequest => ({
    method, target: `${base}${operation.template.replace('{id}', id)}${suffix}${query}`, headers, length, body, resource: operation.resource,
  })));
}
