import { validateSchema } from '../../packages/api/src/openapi/index.js';
import type { faults } from '../../packages/cli/server/faults/errors.js';
import type { Catalogue, Probe } from './types.js';

const errorShapeOk = (api: 'v1' | 'v2'): Probe => async (t) => validateSchema(api, 'Error', (await t[api].get('/orders/999999')).body).ok;

/** The error-answer faults (§7): the checks that catch each, and the probe that shows it. */
export const catalogue = {
  'v1-errors-shape-v2': { checks: ['v1.errors.body-shape'], probe: errorShapeOk('v1'), conforming: true },
  'v1-errors-not-array': { checks: ['v1.errors.body-shape'], probe: errorShapeOk('v1'), conforming: true },
  'v2-errors-missing-errors': { checks: ['v2.errors.body-shape', 'v2.orders.create.duplicate-409'], probe: errorShapeOk('v2'), conforming: true },
  'v2-errors-shape-v1': { checks: ['v2.errors.body-shape'], probe: errorShapeOk('v2'), conforming: true },
  'v1-body-invalid-json-not-400': {
    checks: ['v1.errors.invalid-json-400', 'v1.body.invalid-json-400'],
    probe: async (t) => (await t.v1.request('POST', '/orders', { raw: '{oops' })).status,
    conforming: 400,
  },
  'v2-body-invalid-json-not-400': { checks: ['v2.errors.invalid-json-400'], probe: async (t) => (await t.v2.request('PATCH', '/orders/101', { raw: '{oops' })).status, conforming: 400 },
} satisfies Catalogue<typeof faults>;
