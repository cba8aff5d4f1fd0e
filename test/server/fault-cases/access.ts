import { validateSchema } from '../../../src/openapi/index.js';
import type { FaultCase } from './types.js';

const limited = { rateLimit: 2 };
const status = (api: 'v1' | 'v2', token: string, path = '/orders'): FaultCase['probe'] => async (t) => (await t.as(token)[api].get(path)).status;
const errorShapeOk = (api: 'v1' | 'v2'): FaultCase['probe'] => async (t) => validateSchema(api, 'Error', (await t[api].get('/orders/999999')).body).ok;

/** Auth, scope, rate-limit, error-shape and body-rule faults: fault name → probe → conforming observation. */
export const accessCases: Record<string, FaultCase> = {
  'v1-auth-missing-token-403': { probe: status('v1', 'none'), conforming: 401 },
  'v2-auth-missing-token-403': { probe: status('v2', 'none'), conforming: 401 },
  'v1-auth-unknown-token-403': { probe: status('v1', 'no-such-token'), conforming: 401 },
  'v2-auth-unknown-token-403': { probe: status('v2', 'no-such-token'), conforming: 401 },
  'v1-auth-expired-token-accepted': { probe: status('v1', 'expired'), conforming: 403 },
  'v2-auth-expired-token-accepted': { probe: status('v2', 'expired'), conforming: 403 },
  'v1-auth-expired-token-401': { probe: status('v1', 'expired'), conforming: 403 },
  'v2-auth-expired-token-401': { probe: status('v2', 'expired'), conforming: 403 },
  'v1-auth-inactive-channel-accepted': { probe: status('v1', 'inactiveChannel'), conforming: 403 },
  'v2-auth-inactive-channel-accepted': { probe: status('v2', 'inactiveChannel'), conforming: 403 },
  'v1-auth-inactive-channel-401': { probe: status('v1', 'inactiveChannel'), conforming: 403 },

  'v1-scope-cross-channel-order-read': { probe: status('v1', 'sameMerchantOtherChannel', '/orders/101'), conforming: 404 },
  'v1-scope-cross-merchant-order-read': { probe: status('v1', 'otherMerchant', '/orders/101'), conforming: 404 },
  'v1-scope-orders-list-all-channels': { probe: async (t) => (await t.v1.get('/orders')).body.pagination.item_count, conforming: 48 },
  'v1-scope-cross-channel-sku-update': { probe: async (t) => (await t.v1.patch('/skus/777', { name: 'x' })).status, conforming: 404 },
  'v1-scope-cross-merchant-restocking-read': { probe: status('v1', 'otherMerchant', '/restocking_shipments/901'), conforming: 404 },
  'v2-scope-cross-merchant-restocking-read': { probe: status('v2', 'otherMerchant', '/restocking_shipments/901'), conforming: 404 },
  'v2-scope-cross-merchant-order-read': { probe: status('v2', 'otherMerchant', '/orders/101'), conforming: 404 },

  'v1-rate-limit-no-used-header': { probe: async (t) => (await t.v1.get('/warehouses')).headers.get('x-rate-limit-used'), conforming: '1' },
  'v2-rate-limit-no-used-header': { probe: async (t) => (await t.v2.get('/orders')).headers.get('x-rate-limit-used'), conforming: '1' },
  'v1-rate-limit-no-max-header': { probe: async (t) => (await t.v1.get('/warehouses')).headers.get('x-rate-limit-max'), conforming: '2', options: limited },
  'v2-rate-limit-no-max-header': { probe: async (t) => (await t.v2.get('/orders')).headers.get('x-rate-limit-max'), conforming: '2', options: limited },
  'v1-rate-limit-headers-only-on-success': { probe: async (t) => (await t.v1.get('/orders/999999')).headers.get('x-rate-limit-used'), conforming: '1' },
  'v2-rate-limit-headers-only-on-success': { probe: async (t) => (await t.as('none').v2.get('/orders')).headers.get('x-rate-limit-max'), conforming: '100' },
  'v1-rate-limit-used-off-by-one': { probe: async (t) => (await t.v1.get('/warehouses')).headers.get('x-rate-limit-used'), conforming: '1' },
  'v1-rate-limit-not-enforced': {
    options: limited,
    probe: async (t) => [(await t.v1.get('/warehouses')).status, (await t.v1.get('/warehouses')).status, (await t.v1.get('/warehouses')).status],
    conforming: [200, 200, 429],
  },
  'v2-rate-limit-not-enforced': {
    options: limited,
    probe: async (t) => [(await t.v2.get('/orders')).status, (await t.v2.get('/orders')).status, (await t.v2.get('/orders')).status],
    conforming: [200, 200, 429],
  },
  'v1-rate-limit-no-retry-after': {
    options: limited,
    probe: async (t) => { await t.v1.get('/warehouses'); await t.v1.get('/warehouses'); return (await t.v1.get('/warehouses')).headers.get('retry-after'); },
    conforming: '29.75',
  },
  'v1-rate-limit-retry-after-full-minute': {
    options: limited,
    probe: async (t) => { await t.v1.get('/warehouses'); await t.v1.get('/warehouses'); return (await t.v1.get('/warehouses')).headers.get('retry-after'); },
    conforming: '29.75',
  },
  'v1-rate-limit-no-reset': {
    options: limited,
    probe: async (t) => {
      for (let i = 0; i < 3; i++) await t.v1.get('/warehouses');
      t.setNow(Date.parse('2026-03-01T10:01:00.001Z'));
      return (await t.v1.get('/warehouses')).status;
    },
    conforming: 200,
  },
  'v1-rate-limit-per-merchant': {
    options: limited,
    probe: async (t) => { await t.v1.get('/warehouses'); await t.v1.get('/warehouses'); return (await t.as('sameMerchantOtherChannel').v1.get('/warehouses')).status; },
    conforming: 200,
  },
  'v2-rate-limit-per-channel': {
    options: limited,
    probe: async (t) => { await t.v2.get('/orders'); await t.v2.get('/orders'); return (await t.as('sameMerchantOtherChannel').v2.get('/orders')).status; },
    conforming: 429,
  },

  'v1-errors-shape-v2': { probe: errorShapeOk('v1'), conforming: true },
  'v1-errors-not-array': { probe: errorShapeOk('v1'), conforming: true },
  'v2-errors-missing-errors': { probe: errorShapeOk('v2'), conforming: true },
  'v2-errors-shape-v1': { probe: errorShapeOk('v2'), conforming: true },
  'v1-body-invalid-json-not-400': { probe: async (t) => (await t.v1.request('POST', '/orders', { raw: '{oops' })).status, conforming: 400 },
  'v2-body-invalid-json-not-400': { probe: async (t) => (await t.v2.request('PATCH', '/orders/101', { raw: '{oops' })).status, conforming: 400 },
  'v1-body-numeric-string-rejected': { probe: async (t) => (await t.v1.patch('/skus/501', { weight_in_kg: '1.5' })).body.weight_in_kg, conforming: 1.5 },
  'v1-body-number-for-string-rejected': { probe: async (t) => (await t.v1.patch('/skus/501', { name: 12 })).body.name, conforming: '12' },
  'v1-body-content-type-enforced': {
    probe: async (t) => (await t.v1.request('PATCH', '/skus/501', { raw: '{"name":"plain"}', headers: { 'content-type': 'text/plain' } })).status,
    conforming: 200,
  },
};
