import { address, newOrder } from '../client.js';
import { ids } from '../../faults/probe.js';
import type { ProbeContext } from '../../faults/probe.js';
import type { variants as bodies } from '../../../packages/cli/server/variants/bodies.js';
import type { variants as cancel } from '../../../packages/cli/server/variants/cancel.js';
import type { variants as errors } from '../../../packages/cli/server/variants/errors.js';
import type { variants as statuses } from '../../../packages/cli/server/variants/statuses.js';
import type { variants as v2Lists } from '../../../packages/cli/server/variants/v2-lists.js';
import type { VariantCase, VariantCases } from './types.js';
import { errorsForm } from './types.js';

const status = (method: 'put' | 'post', path: string, body?: unknown): VariantCase['probe'] => async (t) => (await t.v2[method](path, body)).status;
const errorForms = async (t: ProbeContext): Promise<string[]> => [
  errorsForm((await t.v2.get('/orders/999999')).body),
  errorsForm((await t.v2.post('/orders', { merchant_order_id: 'X' })).body),
  errorsForm((await t.as('none').v2.get('/orders')).body),
];
// The status of both v2 cancels and whether the answer is empty.
const cancelAnswers = async (t: ProbeContext): Promise<unknown> => Promise.all(['/restocking_shipments/901/cancel', '/orders/101/cancel'].map(async (path) => {
  const reply = await t.v2.put(path);
  return [reply.status, reply.text === ''];
}));
const settingsTwice = async (t: ProbeContext): Promise<number[]> => [
  (await t.v2.put('/skus/501/inventory_batch_settings', { b2c_shelf_life_in_weeks: 3 })).status,
  (await t.v2.put('/skus/501/inventory_batch_settings', { b2c_shelf_life_in_weeks: 4 })).status,
];

/** Body, cancel, v2 list, success-code and error-form variants: variant name → probe → default and variant observations. */
export const resourceCases = {
  'v1-orders-create-strict': { probe: async (t) => (await t.v1.post('/orders', newOrder())).status, conforming: 201, variant: 422 },
  'v2-orders-create-strict': { probe: status('post', '/orders', { merchant_order_id: 'STRICT-1', sales_channel_id: 11, shipping_address: address, items: [{ merchant_item_id: 'A', sku_id: 501, quantity: 1 }] }), conforming: 200, variant: 422 },
  'v2-batch-settings-strict': {
    probe: async (t) => Promise.all([{ action_weeks_before_expiry: 53 }, {}, { action_weeks_before_expiry: 52 }].map(async (body) => (await t.v2.put('/skus/502/inventory_batch_settings', body)).status)),
    conforming: [200, 200, 200],
    variant: [422, 422, 200],
  },
  'responses-extra-fields': {
    probe: async (t) => {
      const order = (await t.v2.get('/orders/101')).body;
      const list = (await t.v1.get('/orders?limit=1')).body;
      const error = (await t.v2.get('/orders/999999')).body;
      return [order.service_note, order.shipping_address.service_note, order.items[0].service_note, list.pagination.service_note, error.service_note, error.errors[0].service_note];
    },
    conforming: [undefined, undefined, undefined, undefined, undefined, undefined],
    variant: Array(6).fill('not in the specification'),
  },

  'cancel-empty-body': { probe: cancelAnswers, conforming: [[200, false], [200, false]], variant: [[200, true], [200, true]], check: false },
  'cancel-204': { probe: cancelAnswers, conforming: [[200, false], [200, false]], variant: [[204, true], [204, true]], check: false },
  'cancel-idempotent': {
    probe: async (t) => {
      const statuses: number[] = [];
      for (const path of ['/restocking_shipments/901/cancel', '/orders/102/cancel']) for (let i = 0; i < 2; i++) statuses.push((await t.v2.put(path)).status);
      return statuses;
    },
    conforming: [200, 422, 200, 422],
    variant: [200, 200, 200, 200],
  },
  'restocking-cancel-created-only': {
    probe: async (t) => [(await t.v2.put('/restocking_shipments/902/cancel')).status, (await t.v2.put('/restocking_shipments/901/cancel')).status],
    conforming: [200, 200],
    variant: [422, 200],
  },
  'orders-cancel-not-waiting-for-picking': {
    // 101 is waiting_for_picking, 102 processing (seed: statuses in §3.2 order).
    probe: async (t) => [(await t.v2.put('/orders/101/cancel')).status, (await t.v2.put('/orders/102/cancel')).status],
    conforming: [200, 200],
    variant: [422, 200],
  },

  'v2-lists-limit-10-max-25': {
    probe: async (t) => [(await t.v2.get('/orders')).body.data.length, (await t.v2.get('/orders?limit=50')).body.pagination.limit],
    conforming: [20, 50],
    variant: [10, 25],
  },
  'v2-lists-limit-above-max-400': { probe: async (t) => (await t.v2.get('/orders?limit=150')).status, conforming: 200, variant: 400 },
  'v2-lists-cursor-page-after': {
    probe: async (t) => {
      const next: string = (await t.v2.get('/restocking_shipments?limit=3')).body.pagination.next_page_url;
      const url = new URL(next, 'http://host');
      return [[...url.searchParams.keys()], ids(await t.v2.get(`/restocking_shipments${url.search}`))];
    },
    conforming: [['limit', 'cursor'], [904, 905, 906]],
    variant: [['limit', 'page_after'], [904, 905, 906]],
  },
  // A shipment created between the two pages moves the later ones one place down: the first page's last comes again.
  'v2-lists-newest-first-offset': {
    probe: async (t) => {
      const first = await t.v2.get('/restocking_shipments?limit=3');
      const created = await t.v2.post('/restocking_shipments', { delivery_option: 'postal', estimated_arrival_date: '2030-01-01', warehouse_id: 3, restocking_shipment_items: [{ sku_id: 501, announced_quantity: 1 }] });
      const next = new URL(first.body.pagination.next_page_url, 'http://host');
      return [created.status, ids(first), ids(await t.v2.get(`/restocking_shipments${next.search}`))];
    },
    conforming: [201, [901, 902, 903], [904, 905, 906]],
    variant: [201, [908, 907, 906], [906, 905, 904]],
  },
  'v2-lists-relative-page-urls': {
    probe: async (t) => {
      const { pagination } = (await t.v2.get('/restocking_shipments?limit=3')).body;
      return [pagination.first_page_url, pagination.next_page_url].map((u: string) => u.replace(/^http:\/\/[^/]+/, 'http://HOST').replace(/cursor=.*/, 'cursor=…'));
    },
    conforming: ['http://HOST/merchant_api/v2/restocking_shipments?limit=3', 'http://HOST/merchant_api/v2/restocking_shipments?limit=3&cursor=…'],
    variant: ['/merchant_api/v2/restocking_shipments?limit=3', '/merchant_api/v2/restocking_shipments?limit=3&cursor=…'],
  },

  'v2-batches-create-200': { probe: status('post', '/skus/502/inventory_batches', { lot_number: 'L-1', production_date: null, expiry_date: '2030-01-01' }), conforming: 201, variant: 200 },
  'v2-batch-settings-put-201': { probe: settingsTwice, conforming: [200, 200], variant: [201, 201] },
  'v2-batch-settings-put-201-on-create': { probe: settingsTwice, conforming: [200, 200], variant: [201, 200] },
  // The forms of a 404, a 422 and a 401.
  'v2-errors-field-map': { probe: errorForms, conforming: ['objects', 'objects', 'objects'], variant: ['map', 'map', 'map'] },
  'v2-errors-strings': { probe: errorForms, conforming: ['objects', 'objects', 'objects'], variant: ['strings', 'strings', 'strings'] },
  'v2-errors-mixed': { probe: errorForms, conforming: ['objects', 'objects', 'objects'], variant: ['strings', 'map', 'objects'] },
} satisfies VariantCases<typeof bodies | typeof cancel | typeof v2Lists | typeof statuses | typeof errors>;
