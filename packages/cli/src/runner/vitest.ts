import { realpathSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { SerializedError } from 'vitest';
import { createVitest, type Reporter, type TestCase, type TestModule, type TestSuite, type Vitest } from 'vitest/node';
import type { RunConfig } from '../checks/index.js';
import { apiPackageRoot, codeRoot } from '../layout.js';
import type { ResultCollector } from './collector.js';
import { sourceConditions } from './conditions.js';

const fromSources = import.meta.url.endsWith('.ts');

// Built (dist/), the run's test file is JavaScript like the checks it imports.
const entryFile = `src/runner/run-entry.${fromSources ? 'ts' : 'js'}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The modules Node loads as they are, past Vite's transform. Always the standalone validators (plain
 * ESM, 2 MB: a run starts twice as fast). Built, every compiled module of both packages but the run's
 * test file: what an installed CLI gets anyway (vitest leaves node_modules to Node), and a run from a
 * checkout's dist/ no longer transforms 200 modules per run, a fifth of its CPU in the fault matrix.
 */
function nativeModules(): RegExp[] {
  const validators = /\/generated\/v[12]\/validators\.js$/;
  if (fromSources) return [validators];
  const roots = [codeRoot, apiPackageRoot].map((root) => escapeRegExp(realpathSync(root)));
  return [validators, new RegExp(`(?:${roots.join('|')})/(?!${escapeRegExp(entryFile)}$)`)];
}

// From the sources (a checkout without a build), the checks import `@mfc-conformance/api` from its
// sources too, as `npm test` does; built, from its dist/ (the default conditions).
const viteOverrides = fromSources ? { ssr: { resolve: { conditions: [...sourceConditions] } } } : {};

// Every selected check is registered concurrently and waits for the run's scheduler, which decides
// how many run at once; vitest must not hold any of them back itself.
const UNBOUNDED_CONCURRENCY = 100_000;

/** One run of a vitest run: its configuration (whose `files` its `describe` registers) and its collector. */
export interface VitestMember {
  config: RunConfig;
  collector: ResultCollector;
}

/** How vitest is driven for one or more runs in one worker. */
export interface VitestRun {
  runs: VitestMember[];
  /** How many of the runs go side by side, the others after them in order (default 1: one after another). */
  runsAtOnce?: number;
  root: string;
  /** Past this many ms the vitest run is cancelled and vitest closed, whatever is still running. */
  deadlineMs: number;
  /**
   * Aborted when the run must stop (Ctrl-C, the rate-limit bound), with the reason as a string:
   * no further check starts, the running one finishes its cleanup (within `stopGraceMs`).
   */
  stop?: AbortSignal;
  /** How long a stopped run waits for the running check's cleanup before closing vitest (default 20 s). */
  stopGraceMs?: number;
}

/** Hands each run's checks, by the `describe` named by its marker, to that run's collector. */
class CollectorRelay implements Reporter {
  readonly #byMarker: Map<string, ResultCollector>;
  constructor(runs: readonly VitestMember[]) {
    this.#byMarker = new Map(runs.map((run) => [run.config.marker, run.collector]));
  }
  onTestModuleCollected(module: TestModule): void {
    for (const suite of module.children.suites()) this.#byMarker.get(suite.name)?.collected(suite.children.allTests());
  }
  onTestCaseResult(test: TestCase): void {
    let parent: TestCase['parent'] | TestSuite['parent'] = test.parent;
    while (parent.type === 'suite' && parent.parent.type === 'suite') parent = parent.parent;
    if (parent.type === 'suite') this.#byMarker.get(parent.name)?.onTestCaseResult(test);
  }
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    for (const collector of this.#byMarker.values()) collector.onTestRunEnd(modules, unhandledErrors);
  }
}

// vitest's own console output (banners, "no test files") is not part of mfc's output, and a
// check's console.log could carry a token: both go nowhere; results travel through the collector.
// vitest types custom reasons as an opaque string brand; ours is reported nowhere but in logs.
const deadlineReason = 'deadline' as Parameters<Vitest['cancelCurrentRun']>[0];

const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * Runs the checks under vitest's node API (major 4): one worker, one test file that registers every
 * check of each run in a `describe` of its own (src/runner/run-entry.ts), `runsAtOnce` runs at a time,
 * each with one HTTP client and one scheduler. Resolves to whether the deadline cut the vitest run short.
 */
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
      include: [entryFile],
      watch: false,
      reporters: [new CollectorRelay(run.runs)],
      // One worker, modules shared: the pacing state and the scheduler see every request.
      // A worker thread starts faster than a forked process, which the fault matrix feels 200 times.
      pool: 'threads',
      maxWorkers: 1,
      fileParallelism: false,
      isolate: false,
      maxConcurrency: UNBOUNDED_CONCURRENCY,
      sequence: { shuffle: false },
      testTimeout: run.deadlineMs,
      hookTimeout: run.deadlineMs,
      passWithNoTests: true,
      // No results cache: it would reorder files by past failures, and the package may be read-only.
      cache: false,
      silent: true,
      server: { deps: { external: nativeModules() } },
      provide: { mfcRuns: run.runs.map((member) => member.config), mfcRunsAtOnce: run.runsAtOnce ?? 1 },
    },
    viteOverrides,
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
    for (const member of run.runs) member.collector.markDeadline();
    // Closing ends the worker too, so a check stuck in a wait cannot outlive the deadline.
    void vitest.cancelCurrentRun(deadlineReason).finally(() => vitest.close());
  }, run.deadlineMs);
  let grace: NodeJS.Timeout | undefined;
  const onStop = () => {
    for (const member of run.runs) member.collector.markStopped(String(run.stop!.reason));
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

/**
 * Several `runChecks` in one vitest run and worker, `runsAtOnce` side by side and the others after
 * them in the order they joined: each joins once its preflight and plan are done, and vitest starts
 * when `size` have joined, with the sum of their deadlines. A new vitest run costs about 0.4 s of CPU
 * (a worker thread loading vitest and the check modules), and its code starts cold: in the fault
 * matrix, a run in a new worker took twice the CPU of one in a warm worker. Every member must join,
 * or none of them runs.
 */
export class RunBatch {
  readonly #members: VitestMember[] = [];
  #deadlineMs = 0;
  #start!: (run: Promise<{ deadlinePassed: boolean }>) => void;
  readonly #run = new Promise<{ deadlinePassed: boolean }>((resolve) => {
    this.#start = resolve;
  });

  constructor(
    readonly size: number,
    readonly runsAtOnce = 1,
  ) {}

  /** Adds a prepared run (with the ms left of its deadline); resolves when the batch's vitest run has ended. */
  join(member: VitestMember, deadlineMs: number): Promise<{ deadlinePassed: boolean }> {
    const root = member.config.root;
    if (this.#members.length >= this.size) throw new Error(`the batch already holds its ${this.size} runs; ${member.config.marker} would never run`);
    if (this.#members.length > 0 && this.#members[0]!.config.root !== root) throw new Error(`a batch runs the checks of one root: ${this.#members[0]!.config.root}, not ${root}`);
    this.#members.push(member);
    this.#deadlineMs += deadlineMs;
    if (this.#members.length === this.size) this.#start(runVitest({ runs: this.#members, runsAtOnce: this.runsAtOnce, root, deadlineMs: this.#deadlineMs }));
    return this.#run;
  }
}
