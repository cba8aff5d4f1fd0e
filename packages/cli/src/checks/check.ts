import { test } from 'vitest';
import { createCheckContext } from './context.js';
import { CheckFailure } from './failure.js';
import { metaProblem } from './meta.js';
import { activeCollector, type CheckBody } from './registry.js';
import { demandOf } from './demand.js';
import { isSelected, skipReason } from './selection.js';
import { runSession } from './session.js';
import type { CheckMeta, CheckRecord, RunConfig } from './types.js';


// vitest's own skip signal (`context.skip`) travels as an error with this code; it is not a failure.
const VITEST_SKIP_CODE = 'VITEST_PENDING';

/** Whether `error` is a check's skip (`t.skip`) on its way out, not a failure. */
export function isSkip(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === VITEST_SKIP_CODE;
}

// How many of a check's last exchanges an unexpected error (not a CheckFailure) reports.
const EXCHANGES_FOR_ERRORS = 5;

// Declaration order across every check file of the run: the scheduler starts checks in it where nothing else decides.
const declared = ((globalThis as { __mfcDeclared?: { count: number } }).__mfcDeclared ??= { count: 0 });

function recordFailure(record: CheckRecord, error: unknown, exchanges: CheckRecord['requests']): void {
  if (error instanceof CheckFailure) {
    record.failure = error.detail;
    record.requests = error.exchanges;
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  record.failure = {
    code: 'MFC_CHECK_ERROR',
    title: 'The check itself threw an error',
    expected: 'the check to run to its end',
    received: message,
    message: `The check itself threw an error\n${message}`,
  };
  record.requests = (exchanges ?? []).slice(-EXCHANGES_FOR_ERRORS);
}

/** Rejects after `ms` unless `work` settles first: one check may not hold the run for ever. */
function within<T>(work: Promise<T>, ms: number, id: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the check ${id} did not finish within ${Math.round(ms / 1000)} s (the longest one check may take)`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Declares a conformance check. The registry (src/checks/registry.ts) imports the check file and
 * keeps the declaration: `mfc rules` and the run's plan read its meta, and each run registers it
 * with vitest (`registerCheck`).
 */
export function check(meta: CheckMeta, body: CheckBody): void {
  const collector = activeCollector();
  if (!collector) throw new Error(`check ${meta.id}: a check file is imported by mfc's registry (mfc run), not run on its own`);
  collector.add(meta, body);
}

/**
 * Registers a declared check with a run: a vitest test named by the check id, meta in the task.
 * Checks run concurrently under the run's scheduler (src/checks/scheduler.ts), which decides when
 * each starts.
 */
export function registerCheck(meta: CheckMeta, body: CheckBody, run: RunConfig): void {
  if (!isSelected(meta.id, run)) {
    // Registered but never run, so a file whose checks are all filtered out is still a valid suite.
    // Concurrent like the rest: vitest runs only consecutive concurrent tests together, so a plain
    // skip between two selected checks would make an `--only` run wait for one before the other.
    test.concurrent.skip(meta.id, () => undefined);
    return;
  }
  const problem = metaProblem(meta, run.marker);
  const order = (declared.count += 1);
  // The scheduler bounds each check's own time; vitest's timeout only catches a check stuck past the run's deadline.
  test.concurrent(meta.id, { timeout: run.deadlineMs }, async (vitestContext) => {
    const record: CheckRecord = { id: meta.id, api: meta.api, section: meta.section, title: meta.title, ...(meta.owns ? { owns: meta.owns } : {}) };
    vitestContext.task.meta.mfc = record;
    // A malformed declaration is the suite author's error: it fails the check, never silently passes.
    if (problem !== undefined) throw new Error(problem);
    const reason = skipReason(meta, run);
    if (reason !== undefined) vitestContext.skip(reason);
    const session = runSession(run);
    const skip = (why: string): never => {
      vitestContext.skip(why);
      // vitest's skip always throws; this line only satisfies the type.
      throw new Error(why);
    };
    let release: () => void;
    try {
      release = await session.scheduler.admit(demandOf(meta, order, run));
    } catch (error) {
      // The run stopped before this check's turn came.
      return skip(`not run: ${(error as Error).message}`);
    }
    session.started(meta.id);
    record.startedAt = Date.now();
    const admitted = performance.now();
    let failed: unknown;
    const handle = { current: undefined as ReturnType<typeof createCheckContext> | undefined };
    try {
      const usesWebhooks = (meta.needs ?? []).some((key) => key === 'webhooks' || key.startsWith('webhooks.'));
      const webhooks = usesWebhooks ? await session.webhooks() : undefined;
      handle.current = createCheckContext(run, session, skip, webhooks, meta.id);
      await within(body(handle.current.context), run.checkTimeoutMs, meta.id);
    } catch (error) {
      failed = error;
    }
    const { context, runCleanups, violations, created, notes } = handle.current ?? { context: undefined, runCleanups: async () => undefined, violations: [], created: [], notes: [] };
    try {
      // Cleanup runs even once the run is halted: what the check created is cancelled.
      await session.http.afterHalt(runCleanups);
    } catch (error) {
      failed ??= error;
    } finally {
      release();
      record.durationMs = Math.round(performance.now() - admitted);
    }
    const exchanges = context?.exchanges ?? [];
    record.rateLimit = session.http.pacer.usage();
    record.requestCount = exchanges.length;
    record.windows = requestsPerWindow(exchanges);
    record.violations = violations;
    record.created = created;
    if (notes.length > 0) record.notes = notes;
    if (failed === undefined) return;
    // A check the run stopped under (interrupt, rate-limit bound) did not fail: it did not finish.
    const halted = session.http.haltReason;
    if (halted !== undefined && !isSkip(failed)) vitestContext.skip(`not finished: ${halted}`);
    if (!isSkip(failed)) recordFailure(record, failed, exchanges);
    throw failed;
  });
}

/** How many of `exchanges` went to each rate-limit window. */
function requestsPerWindow(exchanges: CheckRecord['requests'] & object): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const exchange of exchanges) {
    const window = exchange.window ?? 'unknown';
    counts[window] = (counts[window] ?? 0) + 1;
  }
  return counts;
}
