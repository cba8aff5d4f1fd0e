// The v1 retry checks tie the retry they see to the very call they refused (issue 33, item 5): against
// a server that sends other calls about the same shipment after the refused one (its creation announced,
// an older status arriving late, acknowledged calls sent twice: the webhook variants, all legal), each
// retry fault still fails exactly its own check, and the conforming server none. Before the tie, a server
// that never retried a 429 passed v1.webhooks.retry.after-429: any later call about the shipment counted.
import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../packages/cli/server/faults/index.js';
import { variants } from '../../packages/cli/server/variants/webhooks.js';
import { RunBatch, runChecks } from '../../packages/cli/src/runner/index.js';
import { catalogue } from '../faults/webhooks.js';
import { startDeliveringServer } from '../support/delivering-server.js';

const retryChecks = 'v1.webhooks.retry.*';
// Every webhook variant: each adds calls about the record, or around it, that are not retries.
const webhookVariants = variants.map((variant) => variant.name);
const retryFaults = [
  'webhooks-v1-no-retry-5xx',
  'webhooks-v1-no-retry-timeout',
  'webhooks-v1-no-retry-429',
  'webhooks-v1-no-retry-connection-failure',
  'webhooks-v1-retries-4xx',
  'webhooks-v1-unstable-event-id',
  'webhooks-v1-payload-changed-on-retry',
] as const satisfies readonly FaultName[];

// A short wait for a delivery (the reference server delivers within milliseconds): a missing retry is
// called after its window (about 0.8 s here) and this, so the no-retry faults do not wait the default.
const DELIVERY_TIMEOUT_MS = 4_000;
const cases: Array<[string, FaultName[]]> = [['the conforming server', []], ...retryFaults.map((fault): [string, FaultName[]] => [fault, [fault]])];
// The runs share one vitest run and worker, four side by side, as the fault matrix's do (fault-runs.ts).
const batch = new RunBatch(cases.length, 4);

/** The ids of the retry checks that failed in a run against the server with `faults` and every webhook variant. */
async function failedRetryChecks(faults: FaultName[]): Promise<string[]> {
  const server = await startDeliveringServer({ faults, variants: webhookVariants });
  try {
    const profile = { ...server.profile, webhooks: { ...server.profile.webhooks!, timeoutMs: DELIVERY_TIMEOUT_MS } };
    const outcome = await runChecks({ profile, include: ['suites/v1/webhooks.check.ts'], only: retryChecks, batch });
    expect(outcome.report.checks.filter((check) => check.status === 'skipped')).toEqual([]);
    return outcome.report.checks.filter((check) => check.status === 'failed').map((check) => check.id).sort();
  } finally {
    await server.close();
  }
}

describe.concurrent.each(cases)('v1 retry checks against every webhook variant and %s', (_name, faults) => {
  it('fail in exactly the checks the fault catalogue names (none without a fault)', async () => {
    const [fault] = faults;
    expect(await failedRetryChecks(faults)).toEqual(fault === undefined ? [] : [...catalogue[fault as (typeof retryFaults)[number]].checks].sort());
  }, 60_000);
});
