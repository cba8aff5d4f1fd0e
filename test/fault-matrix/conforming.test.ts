// The other half of the fault matrix: the conforming reference server passes every check, in each
// setup the matrix uses. Without it, a check that always fails would seem to catch every fault.
import { describe, expect, it } from 'vitest';
import { runAgainstConforming } from './conforming-run.js';

describe.concurrent('the conforming reference server', () => {
  it('passes every check of a full run; only the checks whose profile inputs say so are skipped', async () => {
    const { failed, skipped, passed, messages } = await runAgainstConforming({});
    expect({ failed, messages }).toEqual({ failed: [], messages: {} });
    // provoke is false, and the merchant has batch tracking and expiry handling (features true).
    expect(skipped).toEqual([
      'v1.rate-limit.429-retry-after-and-reset', 'v2.batch-settings.expiry-fields-null-without-expiry-handling',
      'v2.batch-settings.no-tracking.turn-on-422', 'v2.inventory-batches.block-reason.null-without-expiry-handling', 'v2.rate-limit.429-retry-after',
    ]);
    expect(passed.length).toBeGreaterThan(100);
  }, 240_000);

  it('passes every check of a full run when the merchant has no batch tracking', async () => {
    const { failed, passed, messages } = await runAgainstConforming({ batchTracking: false });
    expect({ failed, messages }).toEqual({ failed: [], messages: {} });
    expect(passed).toContain('v2.batch-settings.no-tracking.turn-on-422');
  }, 240_000);

  it('passes every check of a full run when the merchant is not enrolled in expiry handling', async () => {
    const { failed, passed, messages } = await runAgainstConforming({ expiryHandling: false });
    expect({ failed, messages }).toEqual({ failed: [], messages: {} });
    expect(passed).toEqual(expect.arrayContaining(['v2.batch-settings.expiry-fields-null-without-expiry-handling', 'v2.inventory-batches.block-reason.null-without-expiry-handling']));
  }, 240_000);

  it('passes the 429 checks when the profile allows provoking one, at a low limit', async () => {
    const { failed, passed } = await runAgainstConforming(
      { rateLimit: 10 },
      '*.rate-limit.429-*',
      (profile) => ({ ...profile, rateLimit: { ...profile.rateLimit, provoke: true } }),
    );
    expect(failed).toEqual([]);
    expect(passed).toEqual(['v1.rate-limit.429-retry-after-and-reset', 'v2.rate-limit.429-retry-after']);
  }, 240_000);
});
