import type { faults } from '../../packages/cli/server/faults/v1-body.js';
import type { Catalogue } from './types.js';

/** The v1 request body faults (§4.1): the checks that catch each, and the probe that shows it. */
export const catalogue = {
  // The fault rejects every numeric string: SKU updates, PUT /skus/{id} weight and a digit-string warehouse_id included.
  'v1-body-numeric-string-rejected': {
    checks: ['v1.body.numeric-string-accepted', 'v1.skus.update.numeric-string-accepted', 'v1.restocking.create.warehouse-digit-string', 'v1.skus.put.numeric-string-weight', 'v1.properties.generated.restocking-shipments-create', 'v1.properties.generated.restocking-shipments-update'],
    probe: async (t) => (await t.v1.patch('/skus/501', { weight_in_kg: '1.5' })).body.weight_in_kg,
    conforming: 1.5,
  },
  'v1-body-number-for-string-rejected': { checks: ['v1.body.number-for-string-stored-as-text'], probe: async (t) => (await t.v1.patch('/skus/501', { name: 12 })).body.name, conforming: '12' },
  'v1-body-content-type-enforced': {
    checks: ['v1.body.content-type-ignored'],
    probe: async (t) => (await t.v1.request('PATCH', '/skus/501', { raw: '{"name":"plain"}', headers: { 'content-type': 'text/plain' } })).status,
    conforming: 200,
  },
} satisfies Catalogue<typeof faults>;
