// The webhook checks inside `mfc run` (issue 6, docs/PROFILE.md `webhooks`): against the reference
// server delivering to the run's receiver they pass; without the profile keys they are skipped
// naming the key; and the receiver is closed with the run, so the next run can listen again. The
// server signs with the channel's oldest token, not tokens.primary (issue 16): without
// webhooks.signingToken the signature checks skip naming it, and a failure shows the delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetProfile } from '../../packages/cli/src/profile/index.js';
import type { RunningServer } from '../../packages/cli/server/index.js';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { startDeliveringServer } from '../support/delivering-server.js';

const include = ['suites/v1/webhooks.check.ts', 'suites/v2/webhooks.check.ts'];

const webhookCheckIds = [
  'v1.webhooks.restocking-status-updated',
  'v1.webhooks.signature',
  'v1.webhooks.event-id',
  'v1.webhooks.retry.after-500',
  'v1.webhooks.retry.after-timeout',
  'v1.webhooks.retry.after-429',
  'v1.webhooks.retry.after-connection-failure',
  'v1.webhooks.retry.not-after-4xx',
  'v2.webhooks.restocking-status-updated',
  'v2.webhooks.timestamp-not-before-change',
  'v2.webhooks.order-status-updated',
  'v2.webhooks.signature',
];

async function run(profile: TargetProfile, only = '*.webhooks.*') {
  const outcome = await runChecks({ profile, include, only });
  return { outcome, byId: Object.fromEntries(outcome.report.checks.map((check) => [check.id, check])) };
}

/** `[id, status, message]` of every check, by id: checks run side by side and finish in any order. */
function verdicts(checks: ReadonlyArray<{ id: string; status: string; message: string }>): Array<[string, string, string]> {
  return checks.map((check): [string, string, string] => [check.id, check.status, check.message]).sort(([a], [b]) => a.localeCompare(b));
}

describe('webhook checks in mfc run against the reference server', () => {
  let server: RunningServer;
  let profile: TargetProfile;
  beforeAll(async () => {
    server = await startDeliveringServer();
    profile = server.profile;
  });
  afterAll(async () => {
    await server.close();
  });

  it('passes every webhook check, and the next run listens on the same port again', async () => {
    const first = await run(profile);
    expect(verdicts(first.outcome.report.checks)).toEqual(verdicts(webhookCheckIds.map((id) => ({ id, status: 'passed', message: '' }))));
    expect(first.outcome.exitCode).toBe(0);
    const again = await run(profile, 'v1.webhooks.event-id');
    expect(again.byId['v1.webhooks.event-id']).toMatchObject({ status: 'passed' });
  }, 120_000);

  it('skips the retry checks, naming the key, when the profile gives no retryWithinMs', async () => {
    const { retryWithinMs: _, ...webhooks } = profile.webhooks!;
    const { outcome, byId } = await run({ ...profile, webhooks }, 'v1.webhooks.*');
    for (const id of webhookCheckIds.filter((id) => id.includes('.retry.'))) {
      expect(byId[id]).toMatchObject({ status: 'skipped', message: 'needs webhooks.retryWithinMs in the profile' });
    }
    expect(byId['v1.webhooks.signature']).toMatchObject({ status: 'passed' });
    expect(outcome.exitCode).toBe(0);
  }, 60_000);

  it('skips a retry check before any write when its waits would outlast the check time limit', async () => {
    const { outcome, byId } = await run({ ...profile, webhooks: { ...profile.webhooks!, retryWithinMs: 3_600_000 } }, 'v1.webhooks.retry.*');
    for (const id of webhookCheckIds.filter((id) => id.includes('.retry.'))) {
      expect(byId[id]?.status).toBe('skipped');
      expect(byId[id]?.message).toMatch(/^the webhook waits this check needs \(\d+ ms, .*\) do not fit in the 180000 ms one check may take$/);
    }
    // The preflight's alone: the primary and the two tokens of other clients on both versions.
    expect(outcome.requests).toBe(6);
  }, 60_000);

  it('skips every webhook check without webhooks or without allowWrites', async () => {
    const { webhooks: _, ...withoutWebhooks } = profile;
    const none = await run(withoutWebhooks);
    expect(none.outcome.report.checks.map((check) => check.status)).toEqual(webhookCheckIds.map(() => 'skipped'));
    expect(none.byId['v2.webhooks.signature']?.message).toContain('needs webhooks');
    const readOnly = await run({ ...profile, allowWrites: false });
    expect(readOnly.outcome.report.checks.map((check) => check.message)).toEqual(
      webhookCheckIds.map(() => 'needs allowWrites: true in the profile'),
    );
  }, 60_000);

  it('skips the signature checks, naming webhooks.signingToken, when the profile leaves the oldest token out', async () => {
    const { signingToken: _, ...webhooks } = profile.webhooks!;
    const { outcome, byId } = await run({ ...profile, webhooks }, '*.webhooks.signature,*.webhooks.event-id');
    for (const id of ['v1.webhooks.signature', 'v2.webhooks.signature']) {
      expect(byId[id]?.status).toBe('skipped');
      expect(byId[id]?.message).toMatch(/verifies with none of the profile's tokens \(tokens\.primary, .*\)\. The deployment signs with the sales channel's oldest valid token \(§6\.3 point 1\), .*set webhooks\.signingToken to it/);
    }
    expect(byId['v1.webhooks.event-id']?.status).toBe('passed');
    expect(outcome.exitCode).toBe(0);
  }, 60_000);
});

describe('a webhook failure shows the delivery', () => {
  it('webhooks-signature-wrong-key: the call, its headers and body, the keys tried and both digests, no token', async () => {
    const server = await startDeliveringServer({ faults: ['webhooks-signature-wrong-key'] });
    try {
      const { byId } = await run(server.profile, 'v1.webhooks.signature');
      const message = byId['v1.webhooks.signature']?.message ?? '';
      expect(byId['v1.webhooks.signature']?.status).toBe('failed');
      // The run's receiver acknowledges a call keyed with any profile token; the check judges which one.
      expect(message).toMatch(/Received: x-service-signature is keyed with tokens\.primary, not with webhooks\.signingToken, the sales channel's oldest valid token \(§6\.3 point 1\)\n {2}POST \/webhooks\/v1 \(delivery \d+, answered 204\)\n {2}x-service-signature: [0-9a-f]{64}\n {2}x-service-event-id: \S+\n {2}content-type: application\/json\n {2}body \(\d+ bytes\): \{"id":\d+,.*"status":"cancelled"/);
      expect(message).toMatch(/\n {2}keys tried: webhooks\.signingToken, tokens\.primary, tokens\.sameMerchantOtherChannel, tokens\.otherMerchant, tokens\.expired, tokens\.inactiveChannel\n {2}expected \(HMAC-SHA256 keyed with webhooks\.signingToken\): [0-9a-f]{64}\n {2}received: [0-9a-f]{64}/);
      for (const token of [...Object.values(server.profile.tokens), server.profile.webhooks!.signingToken!]) expect(message).not.toContain(token);
    } finally {
      await server.close();
    }
  }, 60_000);
});
