import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './client.js';
import { start } from './client.js';

describe('v2 inventory batches and batch settings (§2.4, §2.5, §4.2)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start(); });
  afterAll(async () => { await t.close(); });

  it('creates inventory batches (201), 404 for SKUs of other merchants', async () => {
    const created = await t.v2.post('/skus/502/inventory_batches', { lot_number: 'LOT-9', production_date: '2026-01-01', expiry_date: '2028-01-01' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ lot_number: 'LOT-9', status: 'active', blocked: false, block_reason: null });
    const expired = await t.v2.post('/skus/502/inventory_batches', { lot_number: null, production_date: null, expiry_date: '2020-01-01' });
    expect(expired.body).toMatchObject({ blocked: true, block_reason: 'expiry_date_reached' });
    expect((await t.v2.post('/skus/801/inventory_batches', {})).status).toBe(404);
    expect((await t.v2.post('/skus/502/inventory_batches', { expiry_date: 'soon' })).status).toBe(422);
  });

  it('resolves effective settings field by field: SKU, merchant default, service default', async () => {
    // SKU 502 sets b2c and the weeks itself; its action is null, so the merchant default's block_only applies.
    expect((await t.v2.get('/skus/502')).body.effective_inventory_batch_settings).toMatchObject({ b2c_shelf_life_in_weeks: 20, b2b_shelf_life_in_weeks: 16, action_weeks_before_expiry: 2, expiry_follow_up_action: 'block_only' });
    // SKU 503 has no record of its own: the merchant default's values apply.
    expect((await t.v2.get('/skus/503')).body.effective_inventory_batch_settings).toMatchObject({ b2c_shelf_life_in_weeks: 12, action_weeks_before_expiry: 6, expiry_follow_up_action: 'block_only' });
    const own = await t.v2.put('/skus/502/inventory_batch_settings', { action_weeks_before_expiry: 5 });
    expect(own.body).toMatchObject({ sku_id: 502, is_merchant_default: false, action_weeks_before_expiry: 5, expiry_follow_up_action: null });
    expect((await t.v2.get('/skus/502')).body.effective_inventory_batch_settings.action_weeks_before_expiry).toBe(5);
    // Merchant 2's default has no weeks: the service default (4) applies.
    expect((await t.as('otherMerchant').v2.get('/skus/801')).body.effective_inventory_batch_settings).toMatchObject({ action_weeks_before_expiry: 4, expiry_follow_up_action: 'block_only' });
  });

  it('seeds the batch SKU with batch tracking off and a weeks value held', async () => {
    const fresh = await start();
    try {
      expect((await fresh.v2.get('/skus/502')).body.batch_tracking_enabled).toBe(false);
      const resent = await fresh.v2.put('/skus/502/inventory_batch_settings', { action_weeks_before_expiry: 2 });
      expect(resent.body).toMatchObject({ action_weeks_before_expiry: 2, expiry_follow_up_action: null });
      expect((await fresh.v2.get('/skus/502')).body.batch_tracking_enabled).toBe(false);
    } finally {
      await fresh.close();
    }
  });

  it('turns batch tracking on only for a new expiry value; clearing, re-sending or other fields leave it', async () => {
    const tracking = async (): Promise<boolean> => (await t.v2.get('/skus/501')).body.batch_tracking_enabled;
    expect(await tracking()).toBe(false);
    await t.v2.put('/skus/501/inventory_batch_settings', { b2c_shelf_life_in_weeks: 3 });
    expect(await tracking()).toBe(false);
    await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: null });
    expect(await tracking()).toBe(false);
    const set = await t.v2.put('/skus/501/inventory_batch_settings', { expiry_follow_up_action: 'block_only', action_weeks_before_expiry: 5 });
    expect(set.body).toMatchObject({ expiry_follow_up_action: 'block_only', action_weeks_before_expiry: 5, b2c_shelf_life_in_weeks: 3 });
    expect(await tracking()).toBe(true);
    await t.v1.patch('/skus/501', { batch_tracking_enabled: false });
    await t.v2.put('/skus/501/inventory_batch_settings', { action_weeks_before_expiry: 5 });
    expect(await tracking()).toBe(false);
    const kept = await t.v2.put('/skus/501/inventory_batch_settings', { batch_priority: 'first_in_first_out' });
    expect(kept.body.expiry_follow_up_action).toBe('block_only');
    await t.v2.put('/skus/501/inventory_batch_settings', { expiry_follow_up_action: null });
    expect(await tracking()).toBe(false);
    expect((await t.v2.get('/skus/501')).body.effective_inventory_batch_settings.expiry_follow_up_action).toBe('block_only');
  });

  it('answers 422 and saves nothing when the merchant has no batch tracking', async () => {
    const other = t.as('otherMerchant').v2;
    const refused = await other.put('/skus/801/inventory_batch_settings', { action_weeks_before_expiry: 3, b2c_shelf_life_in_weeks: 9 });
    expect(refused.status).toBe(422);
    const after = (await other.get('/skus/801')).body;
    expect(after.batch_tracking_enabled).toBe(false);
    expect(after.effective_inventory_batch_settings).toMatchObject({ action_weeks_before_expiry: 4, b2c_shelf_life_in_weeks: 12 });
    const allowed = await other.put('/skus/801/inventory_batch_settings', { b2c_shelf_life_in_weeks: 9 });
    expect(allowed.status).toBe(200);
    expect((await other.get('/skus/801')).body.batch_tracking_enabled).toBe(false);
    expect((await t.v2.put('/skus/801/inventory_batch_settings', {})).status).toBe(404);
  });
});

describe('a primary merchant without batch tracking (--without-batch-tracking)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await start({ batchTracking: false }); });
  afterAll(async () => { await t.close(); });

  it('says so in the profile and refuses writes that would turn batch tracking on', async () => {
    expect(t.server.profile.features).toEqual({ batchTracking: false, expiryHandling: true });
    expect((await t.v2.put('/skus/502/inventory_batch_settings', { expiry_follow_up_action: 'block_only' })).status).toBe(422);
    expect((await t.v2.get('/skus/502')).body).toMatchObject({ batch_tracking_enabled: false, effective_inventory_batch_settings: { expiry_follow_up_action: 'block_only', b2c_shelf_life_in_weeks: 20 } });
    expect((await t.v2.put('/skus/502/inventory_batch_settings', { b2c_shelf_life_in_weeks: 7, action_weeks_before_expiry: null })).status).toBe(200);
  });
});
