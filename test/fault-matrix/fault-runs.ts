// The mutation test, one area at a time: for every `mfc serve --fault`, a full run against that server
// fails in exactly the checks the catalogue names for the fault (test/faults/) and in no other, so a
// server developer sees each defect once, where it belongs. Runs go through `runChecks`, the code
// behind `mfc run`, in this process: the CLI around it is proven by test/runner/cli.test.ts. Each area
// is a test file of its own (test/fault-matrix/faults/<area>.test.ts), so vitest spreads the matrix's
// 200 runs over its workers and `npx vitest run test/fault-matrix/faults/v2-orders` proves one area.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../packages/cli/src/net/free-port.js';
import { consecutiveBatches, type Batch } from './batches.js';
import { runChecks, startServer } from './built.js';
import { IN_PROCESS_DISPATCHER, serveInProcess } from '../support/in-process-target.js';
import type { FaultSetup, ProbedFault } from '../faults/index.js';
import { MATRIX_OUTCOMES, type MatrixOutcome } from '../support/matrix-summary.js';
import { ANSWER_GRACE_MS, ANSWER_LIMIT_MS } from '../support/answer-grace.js';

// A fixed seed makes every property draw the same cases on every run of the matrix.
const MATRIX_SEED = 20_261_123;
// Properties not under test run one case each: enough to show they are not broken by another
// rule's fault, few enough that 200 full runs fit the test budget. A fault mapped to a property
// runs it at its own default size.
const RUNS_WHEN_NOT_UNDER_TEST = 1;

/** An area's catalogue as the matrix reads it: each fault's checks and setup. */
type AreaCatalogue = Readonly<Record<string, Pick<ProbedFault, 'checks' | 'setup'>>>;

/** Starts the reference server with one fault and webhook delivery to a free port, as `npm start` does. */
async function startFaulted(fault: string, setup: FaultSetup) {
  const webhookPort = await freePort();
  const server = await startServer({
    faults: [fault],
    rateLimit: setup.rateLimit ?? 10_000,
    ...(setup.batchTracking === undefined ? {} : { batchTracking: setup.batchTracking }),
    ...(setup.expiryHandling === undefined ? {} : { expiryHandling: setup.expiryHandling }),
    webhookV1Url: `http://127.0.0.1:${webhookPort}/webhooks/v1`,
    webhookV2Url: `http://127.0.0.1:${webhookPort}/webhooks/v2`,
    webhookTimeScale: 0.0002,
    webhookAnswerTimeoutMs: ANSWER_LIMIT_MS,
    webhookAnswerGraceMs: ANSWER_GRACE_MS,
  });
  const profile = { ...server.profile, rateLimit: { ...server.profile.rateLimit, provoke: setup.provoke ?? false } };
  return { server, profile };
}

/** The checks a faulted run may select: all of them, except that a low-limit setup runs only what it needs. */
function selectionFor(ids: readonly string[], setup: FaultSetup): string | undefined {
  // At 10 requests a minute a full run would take an hour; the 429 faults show only in their own checks.
  return setup.rateLimit !== undefined && setup.rateLimit < 100 ? ids.join(',') : undefined;
}

// Full runs go nine to a batch (batches.ts), three side by side: more side by side in one worker delay
// each other's webhook answers past the sender's limit (twelve did, in a third of the faults).
const RUNS_PER_BATCH = 9;
const RUNS_AT_ONCE = 3;

/** The batch each fault's run joins: faults with a full run, consecutive ones together; a low-limit setup runs alone (it waits for rate-limit minutes and runs only its own checks). */
function batchesOf(catalogue: AreaCatalogue): Map<string, Batch> {
  const full = Object.keys(catalogue).filter((fault) => selectionFor(catalogue[fault]!.checks, catalogue[fault]!.setup ?? {}) === undefined);
  return consecutiveBatches(full, RUNS_PER_BATCH, RUNS_AT_ONCE);
}

/** One test per fault of an area's catalogue: a full run against the server with that fault fails in exactly its mapped checks. */
export function describeFaultRuns(area: string, catalogue: AreaCatalogue): void {
  const outcomes: MatrixOutcome[] = [];
  const batches = batchesOf(catalogue);

  describe.concurrent.each(Object.keys(catalogue))('%s', (fault) => {
    it('makes a full run fail in exactly its mapped checks', async () => {
      const ids = [...catalogue[fault]!.checks].sort();
      const setup = catalogue[fault]!.setup ?? {};
      const { server, profile } = await startFaulted(fault, setup);
      // What a fault breaks is in the API's answers and calls, never in its connections: in process.
      const served = serveInProcess(server);
      try {
        const only = selectionFor(ids, setup);
        const underTest = ids.some((id) => id.includes('.properties.'));
        const batch = batches.get(fault);
        const run = await runChecks({
          profile,
          seed: MATRIX_SEED,
          ...(batch === undefined ? {} : { batch }),
          ...(underTest ? {} : { runs: RUNS_WHEN_NOT_UNDER_TEST }),
          ...(setup.cases === undefined ? {} : { cases: setup.cases }),
          ...(only === undefined ? {} : { only }),
          dispatcherModule: IN_PROCESS_DISPATCHER,
        });
        const failed = run.report.checks.filter((check) => check.status === 'failed').map((check) => check.id).sort();
        const caught = run.exitCode === 1 && ids.some((id) => failed.includes(id));
        outcomes.push({ fault, failed, caught, exact: caught && failed.join() === ids.join() });
        // A check failing beyond the map shows why, so a red matrix says what to look at.
        const unexpected = Object.fromEntries(run.report.checks
          .filter((check) => check.status === 'failed' && !(ids as string[]).includes(check.id))
          .map((check) => [check.id, check.message.slice(0, 1500)]));
        expect({ fault, failed, unexpected }).toEqual({ fault, failed: ids, unexpected: {} });
      } finally {
        served.close();
        await server.close();
      }
    }, 300_000);
  });

  // The global setup (test/support/matrix-summary.ts) adds up every area's outcomes once all have run.
  afterAll(() => {
    const dir = process.env[MATRIX_OUTCOMES];
    if (dir === undefined || outcomes.length === 0) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${area}.json`), JSON.stringify(outcomes));
  });
}
