import type { faults } from '../../packages/cli/server/faults/rate-limit.js';
import type { Catalogue, FaultSetup } from './types.js';

// The 429 faults show only when a check may exceed the limit; a limit of 10 keeps that to a dozen
// requests. v1-rate-limit-no-reset also waits for the next calendar minute (up to a minute).
const provoked: FaultSetup = { rateLimit: 10, provoke: true };
// The probes see a 429 on the third request.
const limited = { rateLimit: 2 };
const rateHeaders = (reply: { headers: Headers }): [string | null, string | null] => [reply.headers.get('x-rate-limit-used'), reply.headers.get('x-rate-limit-max')];

/** The rate-limit faults (§8): the checks that catch each, the setup the 429 faults need, and the probe that shows each. */
export const catalogue = {
  'v1-rate-limit-no-used-header': {
    checks: ['v1.rate-limit.headers-on-every-response', 'v1.rate-limit.headers-on-writes-and-errors'],
    probe: async (t) => (await t.v1.get('/warehouses')).headers.get('x-rate-limit-used'),
    conforming: '1',
  },
  'v2-rate-limit-no-used-header': {
    checks: ['v2.rate-limit.headers-on-every-response', 'v2.rate-limit.headers-on-writes-and-errors'],
    probe: async (t) => (await t.v2.get('/orders')).headers.get('x-rate-limit-used'),
    conforming: '1',
  },
  'v1-rate-limit-no-max-header': {
    checks: ['v1.rate-limit.headers-on-every-response', 'v1.rate-limit.headers-on-writes-and-errors'],
    probe: async (t) => (await t.v1.get('/warehouses')).headers.get('x-rate-limit-max'),
    conforming: '2',
    options: limited,
  },
  'v2-rate-limit-no-max-header': {
    checks: ['v2.rate-limit.headers-on-every-response', 'v2.rate-limit.headers-on-writes-and-errors'],
    probe: async (t) => (await t.v2.get('/orders')).headers.get('x-rate-limit-max'),
    conforming: '2',
    options: limited,
  },
  'v1-rate-limit-headers-only-on-success': {
    checks: ['v1.rate-limit.headers-on-every-response', 'v1.rate-limit.headers-on-writes-and-errors'],
    probe: async (t) => (await t.v1.get('/orders/999999')).headers.get('x-rate-limit-used'),
    conforming: '1',
  },
  'v2-rate-limit-headers-only-on-success': {
    checks: ['v2.rate-limit.headers-on-every-response', 'v2.rate-limit.headers-on-writes-and-errors'],
    probe: async (t) => (await t.as('none').v2.get('/orders')).headers.get('x-rate-limit-max'),
    conforming: '100',
  },
  'v1-rate-limit-used-off-by-one': {
    checks: ['v1.rate-limit.429-retry-after-and-reset'],
    setup: provoked,
    probe: async (t) => (await t.v1.get('/warehouses')).headers.get('x-rate-limit-used'),
    conforming: '1',
  },
  'v1-rate-limit-not-enforced': {
    checks: ['v1.rate-limit.429-retry-after-and-reset'],
    setup: provoked,
    options: limited,
    probe: async (t) => [(await t.v1.get('/warehouses')).status, (await t.v1.get('/warehouses')).status, (await t.v1.get('/warehouses')).status],
    conforming: [200, 200, 429],
  },
  'v2-rate-limit-not-enforced': {
    checks: ['v2.rate-limit.429-retry-after'],
    setup: provoked,
    options: limited,
    probe: async (t) => [(await t.v2.get('/orders')).status, (await t.v2.get('/orders')).status, (await t.v2.get('/orders')).status],
    conforming: [200, 200, 429],
  },
  'v1-rate-limit-no-retry-after': {
    checks: ['v1.rate-limit.429-retry-after-and-reset'],
    setup: provoked,
    options: limited,
    probe: async (t) => { await t.v1.get('/warehouses'); await t.v1.get('/warehouses'); return (await t.v1.get('/warehouses')).headers.get('retry-after'); },
    conforming: '29.75',
  },
  'v1-rate-limit-retry-after-full-minute': {
    checks: ['v1.rate-limit.429-retry-after-and-reset'],
    setup: provoked,
    options: limited,
    probe: async (t) => { await t.v1.get('/warehouses'); await t.v1.get('/warehouses'); return (await t.v1.get('/warehouses')).headers.get('retry-after'); },
    conforming: '29.75',
  },
  'v1-rate-limit-no-reset': {
    checks: ['v1.rate-limit.429-retry-after-and-reset'],
    setup: provoked,
    options: limited,
    probe: async (t) => {
      for (let i = 0; i < 3; i++) await t.v1.get('/warehouses');
      t.setNow(Date.parse('2026-03-01T10:01:00.001Z'));
      return (await t.v1.get('/warehouses')).status;
    },
    conforming: 200,
  },
  'v1-rate-limit-per-merchant': {
    checks: ['v1.rate-limit.per-sales-channel'],
    options: limited,
    probe: async (t) => { await t.v1.get('/warehouses'); await t.v1.get('/warehouses'); return (await t.as('sameMerchantOtherChannel').v1.get('/warehouses')).status; },
    conforming: 200,
  },
  'v2-rate-limit-per-channel': {
    checks: ['v2.rate-limit.per-merchant', 'v2.properties.rate-limit-headers'],
    options: limited,
    probe: async (t) => { await t.v2.get('/orders'); await t.v2.get('/orders'); return (await t.as('sameMerchantOtherChannel').v2.get('/orders')).status; },
    conforming: 429,
  },
  'v1-rate-limit-headers-missing-on-422': {
    checks: ['v1.rate-limit.headers-on-writes-and-errors'],
    probe: async (t) => rateHeaders(await t.v1.post('/orders', { mfc_unknown: 1 })).map(Boolean),
    conforming: [true, true],
  },
  'v2-rate-limit-headers-missing-on-400': {
    checks: ['v2.rate-limit.headers-on-writes-and-errors'],
    probe: async (t) => rateHeaders(await t.v2.request('POST', '/restocking_shipments', { raw: '{"a": [', headers: { 'content-type': 'application/json' } })).map(Boolean),
    conforming: [true, true],
  },
  'v1-rate-limit-max-default-100': { checks: ['v1.rate-limit.max-is-expected-limit'], probe: async (t) => rateHeaders(await t.v1.get('/orders'))[1], conforming: '250', options: { rateLimit: 250 } },
  'v2-rate-limit-max-default-100': { checks: ['v2.rate-limit.max-is-expected-limit'], probe: async (t) => rateHeaders(await t.v2.get('/orders'))[1], conforming: '250', options: { rateLimit: 250 } },
  // A count that never moves breaks the counting rule (the example check and the property that
  // generalises it); the per-channel and per-merchant checks need a count to compare and skip.
  'v1-rate-limit-used-not-counting': {
    checks: ['v1.rate-limit.used-counts-up', 'v1.properties.rate-limit-headers'],
    probe: async (t) => [rateHeaders(await t.v1.get('/warehouses'))[0], rateHeaders(await t.v1.get('/warehouses'))[0]],
    conforming: ['1', '2'],
  },
  'v2-rate-limit-used-not-counting': {
    checks: ['v2.rate-limit.used-counts-up', 'v2.properties.rate-limit-headers'],
    probe: async (t) => [rateHeaders(await t.v2.get('/orders'))[0], rateHeaders(await t.v2.get('/orders'))[0]],
    conforming: ['1', '2'],
  },
} satisfies Catalogue<typeof faults>;
