import type { faults } from '../../packages/cli/server/faults/v1-skus.js';
import type { ProbeContext } from './probe.js';
import { statusOf } from './probe.js';
import type { Catalogue } from './types.js';

const newSku = async (t: ProbeContext, code: string): Promise<number> => (await t.v1.post('/skus', { merchant_sku_id: code, name: code })).body.id;

/** The v1 SKU faults (§2.6, §4.1, §7, §9.5): the checks that catch each, and the probe that shows it. */
export const catalogue = {
  'v1-skus-text-double-encoded': {
    checks: ['v1.skus.update.put-same-as-patch', 'v1.properties.generated.skus-patch'],
    probe: async (t) => (await t.v1.patch('/skus/501', { name: 'Bluse Größe M' })).body.name,
    conforming: 'Bluse Größe M',
  },
  'v1-skus-put-not-alias': { checks: ['v1.skus.update.put-same-as-patch'], probe: async (t) => (await t.v1.put('/skus/501', { name: 'Put' })).body.name, conforming: 'Put' },
  'v1-skus-update-omitted-cleared': { checks: ['v1.skus.update.omitted-kept', 'v1.properties.generated.skus-patch'], probe: async (t) => (await t.v1.patch('/skus/501', { name: 'x' })).body.hs_code, conforming: '610910' },
  'v1-skus-delete-not-deleted': { checks: ['v1.skus.delete.status-deleted'], probe: async (t) => (await t.v1.delete('/skus/503')).body.status, conforming: 'deleted' },
  'v1-skus-update-not-reactivated': {
    checks: ['v1.skus.update.reactivates-deleted'],
    probe: async (t) => { await t.v1.delete('/skus/503'); return (await t.v1.patch('/skus/503', {})).body.status; },
    conforming: 'active',
  },
  'v1-skus-batch-flag-null-clears': {
    checks: ['v1.skus.update.null-batch-flag-kept'],
    probe: async (t) => {
      await t.v1.patch('/skus/502', { batch_tracking_enabled: true });
      return (await t.v1.patch('/skus/502', { batch_tracking_enabled: null })).body.batch_tracking_enabled;
    },
    conforming: true,
  },
  'v1-skus-create-duplicate-merchant-sku-id': { checks: ['v1.skus.create.merchant-sku-id-unique'], probe: async (t) => (await newSku(t, 'DUP-1')) === (await newSku(t, 'DUP-1')), conforming: true },
  'v1-skus-update-duplicate-merchant-sku-id': {
    checks: ['v1.skus.update.merchant-sku-id-unique'],
    probe: (t) => statusOf(t.v1.patch('/skus/503', { merchant_sku_id: 'TSHIRT-WHITE-M' })),
    conforming: 422,
  },
  'v1-skus-create-not-reactivated': {
    checks: ['v1.skus.create.reactivates-deleted'],
    probe: async (t) => { const id = await newSku(t, 'BACK-1'); await t.v1.delete(`/skus/${id}`); return (await t.v1.post('/skus', { merchant_sku_id: 'BACK-1', name: 'again' })).body.status; },
    conforming: 'active',
  },
  'v1-skus-put-numeric-weight-rejected': {
    checks: ['v1.skus.put.numeric-string-weight'],
    probe: async (t) => (await t.v1.put('/skus/501', { weight_in_kg: '2.25' })).body?.weight_in_kg,
    conforming: 2.25,
  },
  'v1-skus-cost-in-cent-in-units': { checks: ['v1.skus.cost-fields-agree'], probe: async (t) => (await t.v1.put('/skus/501', {})).body.cost_in_cent, conforming: 450 },
  'v1-skus-create-unknown-property-accepted': {
    checks: ['v1.skus.create.unknown-property-422'],
    probe: (t) => statusOf(t.v1.post('/skus', { merchant_sku_id: 'UNK-1', name: 'unknown', mfc_unknown: 1 })),
    conforming: 422,
  },
} satisfies Catalogue<typeof faults>;
