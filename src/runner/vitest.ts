import { Writable } from 'node:stream';
import { BaseSequencer, createVitest, type TestSpecification, type Vitest } from 'vitest/node';
import type { RunConfig } from '../checks/index.js';
import type { ResultCollector } from './collector.js';

/** How vitest is driven for one run. */
export interface VitestRun {
  config: RunConfig;
  collector: ResultCollector;
  root: string;
  include: string[];
  /** Past this many ms the run is cancelled and vitest closed, whatever is still running. */
  deadlineMs: number;
  /**
   * Aborted when the run must stop (Ctrl-C, the rate-limit bound), with the reason as a string:
   * no further check starts, the running one finishes its cleanup (within `stopGraceMs`).
   */
  stop?: AbortSignal;
  /** How long a stopped run waits for the running check's cleanup before closing vitest (default 20 s). */
  stopGraceMs?: number;
}

// vitest's own console output (banners, "no test files") is not part of mfc's output, and a
// check's console.log could carry a token: both go nowhere; results travel through the collector.
// vitest types custom reasons as an opaque string brand; ours is reported nowhere but in logs.
const deadlineReason = 'deadline' as Parameters<Vitest['cancelCurrentRun']>[0];

const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * Runs the check files in path order. vitest's own order puts larger files first, so editing one
 * file could reorder a run; a fixed order lets a file rely on running before another (the v2 batch
 * settings checks observe the batch SKU before other files write to it).
 */
class PathOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
  }
}

/** Runs the check files under vitest's node API (major 4): one worker, no isolation, one HTTP client for the run. Resolves to whether the deadline cut the run short. */
export async function runVitest(run: VitestRun): Promise<{ deadlinePassed: boolean }> {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const ours = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const vitest = await createVitest(
    'test',
    {
      // The project's own vitest.config.ts describes `npm test`, not a conformance run.
      config: false,
      root: run.root,
      dir: run.root,
      include: run.include,
      watch: false,
      reporters: [run.collector],
      // One worker, files in sequence, modules shared: the pacing state sees every request.
      // A worker thread starts faster than a forked process, which the fault matrix feels 130 times.
      pool: 'threads',
      maxWorkers: 1,
      fileParallelism: false,
      isolate: false,
      sequence: { shuffle: false, concurrent: false, sequencer: PathOrderSequencer },
      testTimeout: run.config.checkTimeoutMs,
      hookTimeout: run.config.checkTimeoutMs,
      passWithNoTests: true,
      // No results cache: it would reorder files by past failures, and the package may be read-only.
      cache: false,
      silent: true,
      // The standalone validators are plain ESM (2 MB): Node loads them as they are, which halves a
      // run's start-up against passing them through Vite's transform on every run.
      server: { deps: { external: [/\/generated\/v[12]\/validators\.js$/] } },
      provide: { mfcRun: run.config },
    },
    {},
    { stdout: discard(), stderr: discard() },
  );
  // vitest's logger exits the process on SIGINT and SIGTERM; `mfc run` answers those itself
  // (partial reports, exit 130), so the listeners vitest just added are taken off again.
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) if (!ours.get(signal)!.includes(listener)) process.off(signal, listener);
  }
  let deadlinePassed = false;
  const timer = setTimeout(() => {
    deadlinePassed = true;
    run.collector.markDeadline();
    // Closing ends the worker too, so a check stuck in a wait cannot outlive the deadline.
    void vitest.cancelCurrentRun(deadlineReason).finally(() => vitest.close());
  }, run.deadlineMs);
  let grace: NodeJS.Timeout | undefined;
  const onStop = () => {
    run.collector.markStopped(String(run.stop!.reason));
    void vitest.cancelCurrentRun(String(run.stop!.reason) as typeof deadlineReason);
    grace = setTimeout(() => void vitest.close(), run.stopGraceMs ?? 20_000);
  };
  if (run.stop?.aborted) onStop();
  else run.stop?.addEventListener('abort', onStop, { once: true });
  try {
    await vitest.start();
  } finally {
    clearTimeout(timer);
    clearTimeout(grace);
    run.stop?.removeEventListener('abort', onStop);
    await vitest.close();
  }
  return { deadlinePassed };
}
