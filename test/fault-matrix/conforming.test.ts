// The other half of the fault matrix: the conforming reference server passes every check, in each
// setup the matrix uses. Without it, a check that always fails would seem to catch every fault.
import { describe, expect, it } from 'vitest';
import { startServer, type ServerOptions } from '../../server/index.js';
import { freePort } from '../../src/net/free-port.js';
import type { TargetProfile } from '../../src/profile/index.js';
import { runChecks } from '../../src/runner/index.js';

async function runAgainstConforming(options: ServerOptions, only: string | undefined, profileChange: (profile: TargetProfile) => TargetProfile = (p) => p) {
  const webhookPort = await freePort();
  const server = await startServer({
    webhookV1Url: `http://127.0.0.1:${webhookPort}/webhooks/v1`,
    webhookV2Url: `http://127.0.0.1:${webhookPort}/webhooks/v2`,
    webhookTimeScale: 0.0002,
    ...options,
  });
  try {
    const outcome = await runChecks({ profile: profileChange(server.profile), ...(only === undefined ? {} : { only }) });
    const byStatus = (status: string) => outcome.report.checks.filter((check) => check.status === status).map((check) => check.id).sort();
    return { failed: byStatus('failed'), skipped: byStatus('skipped'), passed: byStatus('passed') };
  } finally {
    await server.close();
  }
}

describe.concurrent('the conforming reference server', () => {
  it('passes every check of a full run; only the checks whose profile inputs say so are skipped', async () => {
    const { failed, skipped, passed } = await runAgainstConforming({ port: 0, rateLimit: 10_000 }, undefined);
    expect(failed).toEqual([]);
    // provoke is false, and the merchant has batch tracking (features.batchTracking: true).
    expect(skipped).toEqual(['v1.rate-limit.429-retry-after-and-reset', 'v2.batch-settings.no-tracking.turn-on-422', 'v2.rate-limit.429-retry-after']);
    expect(passed.length).toBeGreaterThan(100);
  }, 180_000);

  it('passes the batch-settings checks when the merchant has no batch tracking', async () => {
    const { failed, passed } = await runAgainstConforming({ port: 0, rateLimit: 10_000, batchTracking: false }, 'v2.batch-settings.*');
    expect(failed).toEqual([]);
    expect(passed).toContain('v2.batch-settings.no-tracking.turn-on-422');
  }, 180_000);

  it('passes the 429 checks when the profile allows provoking one, at a low limit', async () => {
    const { failed, passed } = await runAgainstConforming(
      { port: 0, rateLimit: 10 },
      '*.rate-limit.429-*',
      (profile) => ({ ...profile, rateLimit: { ...profile.rateLimit, provoke: true } }),
    );
    expect(failed).toEqual([]);
    expect(passed).toEqual(['v1.rate-limit.429-retry-after-and-reset', 'v2.rate-limit.429-retry-after']);
  }, 240_000);
});
