import { describe, expect, it } from 'vitest';
import { findOperation } from '../../packages/api/src/openapi/index.js';
import type { ApiVersion } from '../../packages/api/src/openapi/types.js';

const cases: Array<[string, { given: { api: ApiVersion; method: string; path: string }; want: string | undefined }]> = [
  ['a concrete id and a query', { given: { api: 'v2', method: 'GET', path: '/orders/12?x=1' }, want: 'GET /orders/{id}' }],
  ['a lower-case method', { given: { api: 'v1', method: 'patch', path: '/orders/12' }, want: 'PATCH /orders/{id}' }],
  ['a literal segment beats a parameter', { given: { api: 'v2', method: 'GET', path: '/orders/by_merchant_order_id?merchant_order_id=a' }, want: 'GET /orders/by_merchant_order_id' }],
  ['the version base in front', { given: { api: 'v1', method: 'PUT', path: '/merchant_api/v1/restocking_shipments/7' }, want: 'PUT /restocking_shipments/{id}' }],
  ['a full URL', { given: { api: 'v2', method: 'PUT', path: 'https://staging.example.test/merchant_api/v2/restocking_shipments/7/cancel' }, want: 'PUT /restocking_shipments/{id}/cancel' }],
  ['a trailing slash', { given: { api: 'v1', method: 'GET', path: '/orders/' }, want: 'GET /orders' }],
  ['a nested path parameter', { given: { api: 'v2', method: 'POST', path: '/skus/502/inventory_batches' }, want: 'POST /skus/{sku_id}/inventory_batches' }],
  ['a method the path does not have', { given: { api: 'v1', method: 'DELETE', path: '/orders/12' }, want: undefined }],
  ['a path of the other version', { given: { api: 'v1', method: 'PUT', path: '/orders/12/cancel' }, want: undefined }],
  ['an empty id segment', { given: { api: 'v1', method: 'GET', path: '/orders//' }, want: undefined }],
];

describe('findOperation', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(findOperation(given.api, given.method, given.path)?.key).toBe(want);
  });

  it('returns the section and every status the document names', () => {
    expect(findOperation('v1', 'POST', '/orders')).toEqual({
      key: 'POST /orders',
      method: 'POST',
      pathTemplate: '/orders',
      section: '4.1',
      statuses: [201, 400, 401, 403, 409, 422, 429],
      statusRanges: [],
    });
    expect(findOperation('v2', 'PUT', '/skus/1/inventory_batch_settings')?.statusRanges).toEqual(['2XX']);
  });
});
