// The other half of the fault matrix: the conforming reference server passes every check, in each
// setup the matrix uses. Without it, a check that always fails would seem to catch every fault.
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/cli/server/index.js';
import { cleanUp, cleanupClients } from '../../packages/cli/src/cleanup/index.js';
import type { RunOutcome } from '../../packages/cli/src/runner/index.js';
import { runAgainstConforming } from './conforming-run.js';

/**
 * What a full write run left: `mfc cleanup`'s own walk (dry run) over the lists for the run's marker,
 * with the ids of run.created, as the primary and as the other merchant (checks the plan moved there
 * make records as that merchant). Nothing may be left to cancel, and every record the walk finds
 * carrying the marker must be one run.created lists, as made by that merchant (issue 16: upserts included).
 * SKUs have no list: the dry run reads each one's status as a real cleanup does (the reference server
 * shows a v2 SKU's status), and every one the run created must read deleted, whether its check deleted
 * it or the check's end did, so that the dry run says "already deleted" for each (issue 33).
 */
async function leftBehind(server: RunningServer, outcome: RunOutcome): Promise<{ cancellable: string[]; unlisted: string[]; otherMerchantRecords: number; skusDeleted: number; skusActive: string[] }> {
  const left = { cancellable: [] as string[], unlisted: [] as string[], otherMerchantRecords: 0, skusDeleted: 0, skusActive: [] as string[] };
  for (const merchant of [undefined, 'otherMerchant' as const]) {
    const token = merchant === undefined ? server.profile.tokens.primary : server.profile.tokens.otherMerchant!;
    const clients = cleanupClients({ baseUrl: server.url, token });
    try {
      const result = await cleanUp(clients, { marker: outcome.marker, dryRun: true, reported: outcome.created, ...(merchant === undefined ? {} : { merchant }) });
      const listed = new Set(outcome.created.filter((record) => record.token === merchant).map((record) => `${record.kind.replace(/s$/, '')} ${record.id}`));
      left.cancellable.push(...result.results.filter((record) => record.action === 'would-cancel').map((record) => `${record.kind} ${record.id} (${record.status ?? '?'})`));
      left.unlisted.push(...result.results.filter((record) => record.source === 'list' && !listed.has(`${record.kind} ${record.id}`)).map((record) => `${merchant ?? 'primary'}: ${record.kind} ${record.id}`));
      if (merchant !== undefined) left.otherMerchantRecords = result.results.length;
      const skus = result.results.filter((record) => record.kind === 'sku');
      left.skusDeleted += skus.filter((record) => record.action === 'already-deleted').length;
      const maker = (id: string): string | undefined => outcome.created.find((record) => record.kind === 'skus' && record.id === id)?.checkId;
      left.skusActive.push(...skus.filter((record) => record.action !== 'already-deleted').map((record) => `${merchant ?? 'primary'}: sku ${record.id} (${record.action}, ${record.status ?? record.statusUnread ?? '?'}, made by ${maker(record.id)})`));
    } finally {
      await clients.close();
    }
  }
  return left;
}

describe.concurrent('the conforming reference server', () => {
  it('passes every check of a full run; only the checks whose profile inputs say so are skipped; nothing is left to cancel', async () => {
    let left: Awaited<ReturnType<typeof leftBehind>> | undefined;
    // Over loopback sockets: the one full run of the matrix's setups that proves the socket path too.
    const { failed, skipped, passed, messages } = await runAgainstConforming({}, {
      sockets: true,
      afterRun: async (server, outcome) => {
        left = await leftBehind(server, outcome);
      },
    });
    expect(left).toMatchObject({ cancellable: [], unlisted: [], skusActive: [] });
    expect(left?.skusDeleted).toBeGreaterThan(10);
    // The plan moved write checks to the other merchant: their records were made, and cleaned up, there.
    expect(left?.otherMerchantRecords).toBeGreaterThan(20);
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
    const { failed, passed } = await runAgainstConforming({ rateLimit: 10 }, {
      only: '*.rate-limit.429-*',
      profileChange: (profile) => ({ ...profile, rateLimit: { ...profile.rateLimit, provoke: true } }),
    });
    expect(failed).toEqual([]);
    expect(passed).toEqual(['v1.rate-limit.429-retry-after-and-reset', 'v2.rate-limit.429-retry-after']);
  }, 240_000);
});
