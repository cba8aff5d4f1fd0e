// The mutation test of issue 4: for every `mfc serve --fault`, a run against that server fails,
// and fails in a check mapped to that fault (test/fault-map/). The kill ratio must be 100%.
// Runs go through `runChecks`, the code behind `mfc run`, in this process: the CLI around it is
// proven by test/runner/cli.test.ts, and 130 child processes would cost minutes of start-up.
import { afterAll, describe, expect, it } from 'vitest';
import { faults, startServer } from '../../server/index.js';
import { freePort } from '../../src/net/free-port.js';
import { runChecks } from '../../src/runner/index.js';
import { loadFaultMatrix, type FaultSetup } from '../fault-map/index.js';
import { filesDeclaring } from './check-files.js';

const matrix = await loadFaultMatrix();
const killed: string[] = [];
const survived: string[] = [];

/** Starts the reference server with one fault and webhook delivery to a free port, as `npm start` does. */
async function startFaulted(fault: string, setup: FaultSetup) {
  const webhookPort = await freePort();
  const server = await startServer({
    faults: [fault],
    rateLimit: setup.rateLimit ?? 10_000,
    ...(setup.batchTracking === undefined ? {} : { batchTracking: setup.batchTracking }),
    webhookV1Url: `http://127.0.0.1:${webhookPort}/webhooks/v1`,
    webhookV2Url: `http://127.0.0.1:${webhookPort}/webhooks/v2`,
    webhookTimeScale: 0.0002,
  });
  const profile = { ...server.profile, rateLimit: { ...server.profile.rateLimit, provoke: setup.provoke ?? false } };
  return { server, profile };
}

describe('fault matrix', () => {
  it('maps every fault of the reference server to at least one check', () => {
    const unmapped = faults.map((fault) => fault.name).filter((name) => (matrix.checks.get(name) ?? []).length === 0);
    expect(unmapped).toEqual([]);
  });

  it('maps only faults the reference server has', () => {
    const known = new Set(faults.map((fault) => fault.name));
    expect([...matrix.checks.keys()].filter((name) => !known.has(name))).toEqual([]);
  });

  describe.concurrent.each(faults.map((fault) => fault.name))('%s', (fault) => {
    it('makes a run fail in a mapped check', async () => {
      const ids = matrix.checks.get(fault) ?? [];
      const { server, profile } = await startFaulted(fault, matrix.setup.get(fault) ?? {});
      try {
        const run = await runChecks({ profile, only: ids.join(','), include: filesDeclaring(ids) });
        const failed = run.report.checks.filter((check) => check.status === 'failed').map((check) => check.id);
        const caught = run.exitCode === 1 && ids.some((id) => failed.includes(id));
        (caught ? killed : survived).push(fault);
        expect({ fault, exit: run.exitCode, failedMappedChecks: failed.filter((id) => ids.includes(id)) }).toMatchObject({
          fault,
          exit: 1,
          failedMappedChecks: expect.arrayContaining([expect.any(String)]),
        });
      } finally {
        await server.close();
      }
    }, 180_000);
  });

  afterAll(() => {
    const total = killed.length + survived.length;
    if (total === 0) return;
    const ratio = ((killed.length / total) * 100).toFixed(1);
    process.stdout.write(`fault matrix: ${killed.length}/${total} faults killed (${ratio}%)${survived.length ? `; survived: ${survived.join(', ')}` : ''}\n`);
  });
});
