import type { ApiVersion } from '../checks/index.js';
import type { TargetProfile } from '../profile/index.js';
import type { RunPlan } from './plan.js';
import type { RunBatch } from './vitest.js';

/** What `runChecks` takes: the target, the selection and the limits. */
export interface RunOptions {
  profile: TargetProfile;
  api?: ApiVersion | 'all';
  /** A glob over check ids or a full id. */
  only?: string;
  /** Seed for generated inputs (default: drawn at random and reported). */
  seed?: number;
  /** Runs per property; undefined lets each property use its own default. */
  runs?: number;
  /** Cases per operation of the generated-input checks (`--cases`); wins over `runs` and the profile's `generatedInputs`. */
  cases?: number;
  /** The command that starts this run again, without --only and --seed (`npx mfc run --profile p.json`): the start of every replay line; never a token. */
  runCommand?: string;
  /** How the target was named, for the reports' `target.profile`: the profile file, or `--base-url` (default "given in process"). */
  profileName?: string;
  /** When the run started (epoch ms; default: when `runChecks` is called): `mfc run` gives its process's start, so the report's wall time is the command's. */
  startedAt?: number;
  /** Writes the three reports there when given. */
  reportDir?: string;
  /** `--allow-production-writes`. */
  allowProductionWrites?: boolean;
  /** Per-request timeout (default 10 s). */
  requestTimeoutMs?: number;
  /** The whole run's deadline (default: from the run's plan, twice its expected time plus two minutes). */
  deadlineMs?: number;
  /** How many checks may run side by side (default 6); the scheduler also keeps each rate-limit window within its room. */
  concurrency?: number;
  /** The longest one check may take (default 3 min: room for two rate-limit windows). */
  checkTimeoutMs?: number;
  /** Check files, as globs relative to `root` (default suites and properties). */
  include?: string[];
  /** Where `include` is resolved (default `codeRoot`: the package root, dist/ once built). */
  root?: string;
  /** Receives the progress line (a TTY stream); nothing is written when absent. */
  progress?: NodeJS.WriteStream;
  /** Receives progress as lines every few seconds and at each rate-limit wait (a log, not a terminal). */
  progressLines?: NodeJS.WritableStream;
  /** The longest one request may wait for the rate limit before the run stops (default: the profile's, else 120 s). */
  maxWaitMs?: number;
  /** Told the run's plan, its deadline and how many checks were selected (the plan's and those that skip) before the first check starts (`mfc run` prints them). */
  onPlan?: (plan: RunPlan, deadlineMs: number, selected: number) => void;
  /** Aborted on SIGINT/SIGTERM: the run stops, finishes the running check's cleanup and reports what it has (exit 130). */
  signal?: AbortSignal;
  /**
   * Runs the checks in one vitest run and worker with the batch's other runs, a few side by side
   * (`new RunBatch(size, runsAtOnce)`): for many runs in one process, such as the fault matrix. A batched run
   * cannot be stopped on its own; `signal` and the rate-limit bound stop only its own checks.
   */
  batch?: RunBatch;
  /**
   * A module (a path or file URL) exporting `createDispatcher(baseUrl)`: the undici dispatcher every
   * request of the run goes out through, under the run's own chain (pacing, retries, recording), instead
   * of the profile's connection. For a target in the same process, without sockets (the project's fault
   * matrix); a deployment is reached through `profile.connection`.
   */
  dispatcherModule?: string;
  /** `mfc run --har FILE`: the checks' exchanges written as HAR 1.2, naming this mfc version as their creator. */
  har?: { file: string; version: string };
}

/** Defaults of the limits. */
export const defaults = {
  requestTimeoutMs: 10_000,
  checkTimeoutMs: 3 * 60_000,
  // Enough that checks waiting on webhook deliveries do not keep the windows idle; few enough that
  // a target's answers stay readable in order.
  concurrency: 6,
} as const;
