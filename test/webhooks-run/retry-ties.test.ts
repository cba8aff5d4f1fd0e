// The v1 retry checks tie the retry they see to the very call they refused (issue 33, item 5): against
// a server that sends other calls about the same shipment after the refused one (its creation announced,
// an older status arriving late, acknowledged calls sent twice, every event as two calls with their own
// event ids: the webhook variants, all legal; issue 37), each
// retry fault still fails exactly its own check, and the conforming server none. Before the tie, a server
// that never retried a 429 passed v1.webhooks.retry.after-429: any later call about the shipment counted.
import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../packages/cli/server/faults/index.js';
import { variants } from '../../packages/cli/server/variants/webhooks.js';
import { RunBatch, runChecks } from '../../packages/cli/src/runner/index.js';
import { catalogue } from '../faults/webhooks.js';
import { startDeliveringServer } from '../support/delivering-server.js';
import { EVENT_ID_KEPT_OWNER } from '../../packages/cli/suites/support/webhook-answers.js';

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
// called after its window (about 3.2 s here) and this, so the no-retry faults do not wait the default.
// A call held open is retried once the sender's limit and its grace have passed (12 s, answer-grace.ts):
// the held call's window (its 8 s, then 3.2 s) and this leave that retry seconds of room.
const DELIVERY_TIMEOUT_MS = 8_000;
const cases: Array<[string, FaultName[]]> = [['the conforming server', []], ...retryFaults.map((fault): [string, FaultName[]] => [fault, [fault]])];
// The runs share one vitest run and worker, four side by side, as the fault matrix's do (fault-runs.ts).
const batch = new RunBatch(cases.length, 4);

/** The retry checks that failed, and the reasons of those that skipped, in a run against the server with `faults` and every webhook variant. */
async function retryVerdicts(faults: FaultName[]): Promise<{ failed: string[]; skipped: string[]; messages: string[] }> {
  const server = await startDeliveringServer({ faults, variants: webhookVariants });
  try {
    const profile = { ...server.profile, webhooks: { ...server.profile.webhooks!, timeoutMs: DELIVERY_TIMEOUT_MS } };
    const outcome = await runChecks({ profile, include: ['suites/v1/webhooks.check.ts'], only: retryChecks, batch });
    const ids = (status: string) => outcome.report.checks.filter((check) => check.status === status);
    return {
      failed: ids('failed').map((check) => check.id).sort(),
      skipped: ids('skipped').map((check) => check.message),
      messages: ids('failed').map((check) => `${check.id}: ${check.message.slice(0, 2000)}`),
    };
  } finally {
    await server.close();
  }
}

describe.concurrent.each(cases)('v1 retry checks against every webhook variant and %s', (_name, faults) => {
  it('fail in exactly the checks the fault catalogue names (none without a fault); a check skips only naming the owner of the retry\'s event id', async () => {
    const [fault] = faults;
    const { failed, skipped, messages } = await retryVerdicts(faults);
    // A wrong verdict shows why: what the failed checks saw, and why the others skipped.
    expect(failed, `failed:\n${messages.join('\n')}\nskipped:\n${skipped.join('\n')}`).toEqual(fault === undefined ? [] : [...catalogue[fault as (typeof retryFaults)[number]].checks].sort());
    // A retry under a new event id (webhooks-v1-unstable-event-id) cannot be told from the other calls of
    // webhooks-two-calls-per-event: the checks that do not own the event id skip, naming the one that does.
    expect(skipped.filter((reason) => fault === undefined || !reason.includes(EVENT_ID_KEPT_OWNER))).toEqual([]);
  }, 180_000);
});
