import { address, newOrder } from '../client.js';
import type { FaultCase, ProbeContext } from './types.js';

const unknown = 999999999999;
const rateHeaders = (reply: { headers: Headers }): [string | null, string | null] => [reply.headers.get('x-rate-limit-used'), reply.headers.get('x-rate-limit-max')];
const v2Order = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ ...newOrder(), sales_channel_id: 11, currency: 'EUR', financial_status: 'paid', ...extra });
const status = (reply: Promise<{ status: number }>): Promise<number> => reply.then((r) => r.status);
const newSku = async (t: ProbeContext, code: string): Promise<number> => (await t.v1.post('/skus', { merchant_sku_id: code, name: code })).body.id;

/** H3's faults (unknown ids, scope on writes, order validation, rate-limit answers, SKU identity): fault name → probe → conforming observation. */
export const h3Cases: Record<string, FaultCase> = {
  'v1-not-found-order-update-422': { probe: (t) => status(t.v1.patch(`/orders/${unknown}`, { shipping_address: { city: 'Köln' } })), conforming: 404 },
  'v2-not-found-restocking-cancel-422': { probe: (t) => status(t.v2.put(`/restocking_shipments/${unknown}/cancel`)), conforming: 404 },
  'v2-not-found-unknown-sku-422': { probe: (t) => status(t.v2.post(`/skus/${unknown}/inventory_batches`, { lot_number: 'L1' })), conforming: 404 },

  'v1-scope-cross-channel-order-update': { probe: (t) => status(t.as('sameMerchantOtherChannel').v1.patch('/orders/101', { shipping_address: { line2: 'x' } })), conforming: 404 },
  'v1-scope-cross-merchant-order-update': { probe: (t) => status(t.as('otherMerchant').v1.patch('/orders/101', { shipping_address: { line2: 'x' } })), conforming: 404 },
  'v1-scope-cross-merchant-restocking-update': { probe: (t) => status(t.as('otherMerchant').v1.put('/restocking_shipments/901', { po_number: 'x' })), conforming: 404 },
  'v2-scope-cross-merchant-order-update': { probe: (t) => status(t.as('otherMerchant').v2.patch('/orders/101', { tags: ['x'] })), conforming: 404 },
  'v2-scope-cross-merchant-restocking-update': { probe: (t) => status(t.as('otherMerchant').v2.put('/restocking_shipments/901/cancel')), conforming: 404 },
  'v2-scope-create-order-foreign-channel': {
    probe: (t) => status(t.v2.post('/orders', v2Order({ sales_channel_id: 21, items: [{ merchant_item_id: 'A', sku_id: 801, quantity: 1 }] }))),
    conforming: 422,
  },

  'v1-orders-update-negative-money-accepted': { probe: (t) => status(t.v1.patch('/orders/101', { total_price_in_cents: -1 })), conforming: 422 },
  'v2-orders-create-lower-case-country-accepted': { probe: (t) => status(t.v2.post('/orders', v2Order({ shipping_address: { ...address, country_code: 'de' } }))), conforming: 422 },
  'v2-orders-patch-zero-quantity-accepted': {
    probe: (t) => status(t.v2.patch('/orders/101', { items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 0 }] })),
    conforming: 422,
  },

  'v1-rate-limit-headers-missing-on-422': { probe: async (t) => rateHeaders(await t.v1.post('/orders', { mfc_unknown: 1 })).map(Boolean), conforming: [true, true] },
  'v2-rate-limit-headers-missing-on-400': {
    probe: async (t) => rateHeaders(await t.v2.request('POST', '/restocking_shipments', { raw: '{"a": [', headers: { 'content-type': 'application/json' } })).map(Boolean),
    conforming: [true, true],
  },
  'v1-rate-limit-max-default-100': { probe: async (t) => rateHeaders(await t.v1.get('/orders'))[1], conforming: '250', options: { rateLimit: 250 } },
  'v2-rate-limit-max-default-100': { probe: async (t) => rateHeaders(await t.v2.get('/orders'))[1], conforming: '250', options: { rateLimit: 250 } },

  'v1-skus-create-duplicate-merchant-sku-id': { probe: async (t) => (await newSku(t, 'DUP-1')) === (await newSku(t, 'DUP-1')), conforming: true },
  'v1-skus-update-duplicate-merchant-sku-id': { probe: (t) => status(t.v1.patch('/skus/503', { merchant_sku_id: 'TSHIRT-WHITE-M' })), conforming: 422 },
  'v1-skus-create-not-reactivated': {
    probe: async (t) => { const id = await newSku(t, 'BACK-1'); await t.v1.delete(`/skus/${id}`); return (await t.v1.post('/skus', { merchant_sku_id: 'BACK-1', name: 'again' })).body.status; },
    conforming: 'active',
  },
  'v1-skus-put-numeric-weight-rejected': { probe: async (t) => (await t.v1.put('/skus/501', { weight_in_kg: '2.25' })).body?.weight_in_kg, conforming: 2.25 },
};
