// The mutation test: for every `mfc serve --fault`, a full run against that server fails in
// exactly the checks the catalogue names for the fault (test/faults/) and in no other, so a server developer
// sees each defect once, where it belongs. Runs go through `runChecks`, the code behind `mfc run`,
// in this process: the CLI around it is proven by test/runner/cli.test.ts.
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../packages/cli/src/net/free-port.js';
import { faults, runChecks, startServer } from './built.js';
import { readProof } from '../support/proof.js';
import { faultCatalogue, type FaultSetup } from '../faults/index.js';

// A fixed seed makes every property draw the same cases on every run of the matrix.
const MATRIX_SEED = 20_261_123;
// Properties not under test run a few cases each: enough to show they are not broken by another
// rule's fault, few enough that 180 full runs fit the test budget. A fault mapped to a property
// runs it at its own default size.
const RUNS_WHEN_NOT_UNDER_TEST = 3;

const outcomes: Array<{ fault: string; failed: string[]; caught: boolean; exact: boolean }> = [];

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
  });
  const profile = { ...server.profile, rateLimit: { ...server.profile.rateLimit, provoke: setup.provoke ?? false } };
  return { server, profile };
}

/** The checks a faulted run may select: all of them, except that a low-limit setup runs only what it needs. */
function selectionFor(ids: readonly string[], setup: FaultSetup): string | undefined {
  // At 10 requests a minute a full run would take an hour; the 429 faults show only in their own checks.
  return setup.rateLimit !== undefined && setup.rateLimit < 100 ? ids.join(',') : undefined;
}

describe('fault matrix', () => {
  it('maps every fault of the reference server to at least one check', () => {
    const unmapped = faults.map((fault) => fault.name).filter((name) => (faultCatalogue[name]?.checks ?? []).length === 0);
    expect(unmapped).toEqual([]);
  });

  it('maps only faults the reference server has', () => {
    const known = new Set<string>(faults.map((fault) => fault.name));
    expect(Object.keys(faultCatalogue).filter((name) => !known.has(name))).toEqual([]);
  });

  describe.concurrent.each(faults.map((fault) => fault.name))('%s', (fault) => {
    it('makes a full run fail in exactly its mapped checks', async () => {
      const ids = [...faultCatalogue[fault].checks].sort();
      const setup = faultCatalogue[fault].setup ?? {};
      const { server, profile } = await startFaulted(fault, setup);
      try {
        const only = selectionFor(ids, setup);
        const underTest = ids.some((id) => id.includes('.properties.'));
        const run = await runChecks({
          profile,
          seed: MATRIX_SEED,
          ...(underTest ? {} : { runs: RUNS_WHEN_NOT_UNDER_TEST }),
          ...(only === undefined ? {} : { only }),
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
        await server.close();
      }
    }, 300_000);
  });

  afterAll(() => {
    if (outcomes.length === 0) return;
    const killed = outcomes.filter((o) => o.caught).length;
    const exact = outcomes.filter((o) => o.exact).length;
    const meanFailing = outcomes.reduce((sum, o) => sum + o.failed.length, 0) / outcomes.length;
    const summary = {
      faults: outcomes.length,
      killed,
      killRatio: killed / outcomes.length,
      exact,
      meanFailingChecksPerFault: Number(meanFailing.toFixed(2)),
      inexact: outcomes.filter((o) => !o.exact).map((o) => ({ fault: o.fault, failed: o.failed })),
    };
    process.stdout.write(
      `fault matrix: ${killed}/${outcomes.length} faults killed (${(summary.killRatio * 100).toFixed(1)}%), ` +
        `${exact} in exactly their mapped checks, mean failing checks per fault ${summary.meanFailingChecksPerFault}\n`,
    );
    if (process.env.MFC_MATRIX_SUMMARY) writeFileSync(process.env.MFC_MATRIX_SUMMARY, `${JSON.stringify(summary, null, 2)}\n`);
    // The whole matrix ran (not a -t selection): README's statement is what it measured.
    if (outcomes.length === faults.length) {
      const proof = readProof();
      expect({ faults: proof.faults, exact: proof.exact, meanFailing: proof.meanFailing }).toEqual({
        faults: outcomes.length, exact, meanFailing: summary.meanFailingChecksPerFault,
      });
    }
  });
});
