// The webhook checks that watch time (an answer held half of the sender's limit, the retry windows, the
// redirect) keep their verdicts on a machine whose cores are busy with other work (issue 37): two
// processes spin for as long as the runs take, one per core, beside the suite's own load. The
// conforming server passes them all, and each fault about an answer or a retry fails exactly its check.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultName } from '../../packages/cli/server/faults/index.js';
import { RunBatch, runChecks } from '../../packages/cli/src/runner/index.js';
import { catalogue } from '../faults/webhooks.js';
import { startDeliveringServer } from '../support/delivering-server.js';

const timedChecks = 'v1.webhooks.slow-answer-received,v1.webhooks.redirect-received,v1.webhooks.retry.*';
const timingFaults = ['webhooks-answer-wait-2s', 'webhooks-v1-retries-4xx', 'webhooks-v1-no-retry-5xx', 'webhooks-v1-redirect-retried'] as const satisfies readonly FaultName[];
type TimingFault = (typeof timingFaults)[number];
const cases: Array<[string, TimingFault | undefined]> = [['the conforming server', undefined], ...timingFaults.map((fault): [string, TimingFault] => [fault, fault])];
// A delivery comes within milliseconds here: a missing one is called after this, not the default 10 s
// (a held call's retry comes after the sender's limit and its grace, answer-grace.ts: 12 s).
const DELIVERY_TIMEOUT_MS = 8_000;
const batch = new RunBatch(cases.length, cases.length);

let spinners: ChildProcess[] = [];
beforeAll(async () => {
  // Each spins until killed; both have started once each has printed its line.
  spinners = [0, 1].map(() => spawn(process.execPath, ['-e', 'console.log("spinning"); for (;;) {}'], { stdio: ['ignore', 'pipe', 'ignore'] }));
  await Promise.all(spinners.map((spinner) => new Promise((resolve) => spinner.stdout!.once('data', resolve))));
});
afterAll(() => {
  for (const spinner of spinners) spinner.kill('SIGKILL');
});

describe.concurrent.each(cases)('the timed v1 webhook checks against %s, both cores busy', (_name, fault) => {
  it('fail in exactly the checks the fault catalogue names (none without a fault)', async () => {
    const server = await startDeliveringServer({ faults: fault === undefined ? [] : [fault] });
    try {
      const profile = { ...server.profile, webhooks: { ...server.profile.webhooks!, timeoutMs: DELIVERY_TIMEOUT_MS } };
      const outcome = await runChecks({ profile, include: ['suites/v1/webhooks.check.ts', 'suites/v1/webhooks-answers.check.ts'], only: timedChecks, batch });
      const failed = outcome.report.checks.filter((check) => check.status === 'failed').map((check) => check.id).sort();
      expect(failed).toEqual(fault === undefined ? [] : [...catalogue[fault].checks].sort());
      expect(outcome.report.checks.filter((check) => check.status === 'skipped').map((check) => `${check.id}: ${check.message}`)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);
});
