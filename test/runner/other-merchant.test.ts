// With fixtures.otherMerchant a run spreads its write checks over the other merchant's windows
// (§8: v1 per sales channel, v2 per merchant). Which checks move, and that a moved check really runs
// as that merchant: in its windows, with its fixtures, its records listed as its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredCheck } from '../../packages/cli/src/checks/index.js';
import type { TargetProfile } from '../../packages/cli/src/profile/index.js';
import { otherMerchantChecks } from '../../packages/cli/src/runner/other-merchant.js';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { seedIds } from '../../packages/cli/server/seed.js';

const profile: TargetProfile = {
  baseUrl: 'http://127.0.0.1:1',
  environment: 'staging',
  allowWrites: true,
  tokens: { primary: 'p', otherMerchant: 'o' },
  fixtures: { salesChannelId: 11, otherMerchant: { salesChannelId: 21, warehouseId: 7, sku: { id: 801, sku_code: 'W' } } },
};

const check = (id: string, extra: Partial<RegisteredCheck> = {}): RegisteredCheck => ({
  id, api: 'v2', section: '4.2', title: id, needs: ['fixtures.sku'], writes: true, provokes429: false, file: 'x.check.ts', ...extra,
});

const choose = (checks: RegisteredCheck[], costs: Record<string, Record<string, number>>, changes: Partial<Parameters<typeof otherMerchantChecks>[0]> = {}) =>
  otherMerchantChecks({ checks, costs, profile, rateOf: () => 50, ...changes });

describe('which checks run as the other merchant', () => {
  it('moves write checks, heaviest first, while that lowers the busiest window', () => {
    const checks = [check('a'), check('b'), check('c', { writes: false })];
    // Moving a (10) leaves 12 against 10; moving b too would leave 2 against 20.
    expect(choose(checks, { a: { 'v2 merchant': 10 }, b: { 'v2 merchant': 10 }, c: { 'v2 merchant': 2 } })).toEqual(['a']);
    // v1 requests go to the other merchant's sales channel, v2 to its merchant window: both spread.
    expect(choose([check('a'), check('b')], { a: { 'v1 primary': 6, 'v2 merchant': 6 }, b: { 'v1 primary': 6, 'v2 merchant': 6 } })).toEqual(['a']);
  });

  it('never moves a check that reads existing data, calls with another token, holds a window, a lock or webhooks, or needs more than a channel, warehouse and SKU', () => {
    const costs = { only: { 'v2 merchant': 5 } };
    const keep: Array<Partial<RegisteredCheck>> = [
      { writes: false },
      { needs: ['webhooks', 'fixtures.sku'] },
      { needs: ['fixtures.batchSku'] },
      { needs: ['features.expiryHandling'] },
      { needs: ['tokens.sameMerchantOtherChannel'] },
      { exclusive: 'windows' },
      { exclusive: 'run' },
      { locks: ['restocking shipments not editable'] },
      { provokes429: true },
    ];
    for (const extra of keep) expect(choose([check('only', extra), check('heavy', { writes: false })], { ...costs, heavy: { 'v2 merchant': 50 } }), JSON.stringify(extra)).toEqual([]);
    // Measured with another token (or none) beside the primary's: that relation does not hold for the other merchant.
    expect(choose([check('only')], { only: { 'v2 merchant': 5, 'v1 sameMerchantOtherChannel': 1 } })).toEqual([]);
    // Never measured: nothing says which windows it spends.
    expect(choose([check('only')], {})).toEqual([]);
  });

  it('moves nothing without fixtures.otherMerchant, without the token, or when the preflight found the token unusable', () => {
    const checks = [check('a'), check('b')];
    const costs = { a: { 'v2 merchant': 10 }, b: { 'v2 merchant': 10 } };
    expect(choose(checks, costs)).toEqual(['a']);
    expect(choose(checks, costs, { profile: { ...profile, fixtures: { salesChannelId: 11 } } })).toEqual([]);
    expect(choose(checks, costs, { profile: { ...profile, tokens: { primary: 'p' } } })).toEqual([]);
    expect(choose(checks, costs, { unusableTokens: { otherMerchant: 'tokens.otherMerchant answered 401' } })).toEqual([]);
  });
});

describe('a check run as the other merchant, against the reference server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, rateLimit: 10_000 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('calls with tokens.otherMerchant on its channel and SKU, in that merchant\'s windows, also when replayed alone', async () => {
    const id = 'v2.orders.create.sales-channel';
    const outcome = await runChecks({ profile: server.profile, only: id });
    const result = outcome.report.checks.find((entry) => entry.id === id);
    expect(result?.status).toBe('passed');
    expect(outcome.report.run?.plan?.asOtherMerchant).toEqual([id]);
    expect(Object.keys(result?.windows ?? {})).toEqual(['v2 otherMerchant']);
    expect(outcome.created.length).toBeGreaterThan(0);
    expect(outcome.created.every((record) => record.token === 'otherMerchant')).toBe(true);
    // The order went to the other merchant's own channel: the primary cannot see it.
    const order = outcome.created.find((record) => record.kind === 'orders')!;
    const asPrimary = await fetch(`${server.url}/merchant_api/v2/orders/${order.id}`, { headers: { authorization: `Bearer ${server.profile.tokens.primary}` } });
    expect(asPrimary.status).toBe(404);
    const asOther = await fetch(`${server.url}/merchant_api/v2/orders/${order.id}`, { headers: { authorization: `Bearer ${server.profile.tokens.otherMerchant}` } });
    expect((await asOther.json() as { sales_channel_id: number }).sales_channel_id).toBe(seedIds.otherMerchantChannel);
  });

  it('runs as the primary when the profile names no fixtures.otherMerchant', async () => {
    const id = 'v2.orders.create.sales-channel';
    const { otherMerchant: _left, ...fixtures } = server.profile.fixtures;
    const outcome = await runChecks({ profile: { ...server.profile, fixtures }, only: id });
    expect(outcome.report.run?.plan?.asOtherMerchant).toBeUndefined();
    expect(Object.keys(outcome.report.checks.find((entry) => entry.id === id)?.windows ?? {})).toEqual(['v2 merchant']);
    expect(outcome.created.every((record) => record.token === undefined)).toBe(true);
  });
});
