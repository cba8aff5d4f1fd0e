import type { faults } from '../../packages/cli/server/faults/batch-settings.js';
import type { ProbeContext } from './probe.js';
import type { Catalogue, Probe } from './types.js';

const settings = (t: ProbeContext, body: Record<string, unknown>) => t.v2.put('/skus/502/inventory_batch_settings', body);
const effective = (field: string): Probe => async (t) => (await t.v2.get('/skus/502')).body.effective_inventory_batch_settings[field];
const tracking = async (t: ProbeContext): Promise<boolean> => (await t.v2.get('/skus/501')).body.batch_tracking_enabled;

/**
 * The batch-settings faults (§2.5, §4.2): the checks that catch each, and the probe that shows it. The
 * rules for a merchant without batch tracking or not enrolled in expiry handling show only on such a
 * merchant (profile features.batchTracking or features.expiryHandling false); the other tracking rules
 * show on the default seed, whose batch SKU has batch tracking off.
 */
export const catalogue = {
  'v2-batch-settings-tracking-not-turned-on': {
    checks: ['v2.batch-settings.new-value-turns-tracking-on', 'v2.batch-settings.new-action-turns-tracking-on'],
    probe: async (t) => { await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: 3 }); return tracking(t); },
    conforming: true,
  },
  'v2-batch-settings-same-value-turns-on': {
    checks: ['v2.batch-settings.resend-keeps-tracking'],
    probe: async (t) => {
      await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: 3 });
      await t.v1.patch('/skus/501', { batch_tracking_enabled: false });
      await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: 3 });
      return tracking(t);
    },
    conforming: false,
  },
  'v2-batch-settings-clear-turns-on': {
    checks: ['v2.batch-settings.clear-keeps-tracking'],
    probe: async (t) => { await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: null }); return tracking(t); },
    conforming: false,
  },
  'v2-batch-settings-no-tracking-accepted': {
    checks: ['v2.batch-settings.no-tracking.turn-on-422'],
    setup: { batchTracking: false },
    options: { batchTracking: false },
    probe: async (t) => (await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: 3 })).status,
    conforming: 422,
  },
  'v2-batch-settings-no-tracking-saved': {
    checks: ['v2.batch-settings.no-tracking.turn-on-422'],
    setup: { batchTracking: false },
    options: { batchTracking: false },
    probe: async (t) => {
      await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: 3, b2c_shelf_life_in_weeks: 9 });
      return (await t.v2.get('/skus/501')).body.effective_inventory_batch_settings.b2c_shelf_life_in_weeks;
    },
    conforming: 12,
  },
  'v2-batch-settings-omitted-action-cleared': {
    checks: ['v2.batch-settings.omitted-action-kept'],
    probe: async (t) => {
      await t.v2.put('/skus/502/inventory_batch_settings', { expiry_follow_up_action: 'block_only' });
      return (await t.v2.put('/skus/502/inventory_batch_settings', { b2c_shelf_life_in_weeks: 1 })).body.expiry_follow_up_action;
    },
    conforming: 'block_only',
  },
  'v2-batch-settings-sku-value-ignored': { checks: ['v2.batch-settings.effective.own-values-applied'], probe: effective('b2c_shelf_life_in_weeks'), conforming: 20 },
  'v2-batch-settings-null-action-not-inherited': { checks: ['v2.batch-settings.effective.action-inherited'], probe: effective('expiry_follow_up_action'), conforming: 'block_only' },
  'v2-batch-settings-clear-weeks-ignored': {
    checks: ['v2.batch-settings.clear-weeks-falls-back'],
    probe: async (t) => (await settings(t, { action_weeks_before_expiry: null })).body.action_weeks_before_expiry,
    conforming: null,
  },
  'v2-batch-settings-null-action-ignored': {
    checks: ['v2.batch-settings.null-action-inherits'],
    probe: async (t) => { await settings(t, { expiry_follow_up_action: 'block_only' }); return (await settings(t, { expiry_follow_up_action: null })).body.expiry_follow_up_action; },
    conforming: null,
  },
  'v2-batch-settings-expiry-fields-without-expiry-handling': {
    checks: ['v2.batch-settings.expiry-fields-null-without-expiry-handling'],
    setup: { expiryHandling: false },
    probe: async (t) => (await settings(t, {})).body.action_weeks_before_expiry,
    conforming: null,
    options: { expiryHandling: false },
  },
  'v2-batch-settings-new-action-not-turned-on': {
    checks: ['v2.batch-settings.new-action-turns-tracking-on'],
    probe: async (t) => {
      const id = (await t.v1.post('/skus', { merchant_sku_id: 'ACT-1', name: 'action' })).body.id;
      await t.v2.put(`/skus/${id}/inventory_batch_settings`, { expiry_follow_up_action: 'block_only' });
      return (await t.v1.put(`/skus/${id}`, {})).body.batch_tracking_enabled;
    },
    conforming: true,
  },
} satisfies Catalogue<typeof faults>;
