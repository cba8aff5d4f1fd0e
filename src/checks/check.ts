import { inject, test } from 'vitest';
import { createCheckContext, type CheckContext } from './context.js';
import { CheckFailure } from './failure.js';
import { metaProblem } from './meta.js';
import { activeCollector } from './registry.js';
import { isSelected, skipReason } from './selection.js';
import { runSession } from './session.js';
import type { CheckMeta, CheckRecord } from './types.js';

/** The body of a check: passes by returning, fails by throwing (`t.fail`, `t.expect…`), skips with `t.skip`. */
export type CheckBody = (t: CheckContext) => Promise<void>;

// vitest's own skip signal (`context.skip`) travels as an error with this code; it is not a failure.
const VITEST_SKIP_CODE = 'VITEST_PENDING';

// How many of a check's last exchanges an unexpected error (not a CheckFailure) reports.
const EXCHANGES_FOR_ERRORS = 5;

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

/** Registers a conformance check with the runner: vitest test named by the check id, meta in the task. */
export function check(meta: CheckMeta, body: CheckBody): void {
  // The check files are being imported for their declarations only (`mfc rules`, `mfc run --list`).
  const collector = activeCollector();
  if (collector) {
    collector.add(meta);
    return;
  }
  const run = inject('mfcRun');
  if (!isSelected(meta.id, run)) {
    // Registered but never run, so a file whose checks are all filtered out is still a valid suite.
    test.skip(meta.id, () => undefined);
    return;
  }
  const problem = metaProblem(meta, run.marker);
  test(meta.id, { timeout: run.checkTimeoutMs }, async (vitestContext) => {
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
    const usesWebhooks = (meta.needs ?? []).some((key) => key === 'webhooks' || key.startsWith('webhooks.'));
    const webhooks = usesWebhooks ? await session.webhooks() : undefined;
    const handle = createCheckContext(run, session, skip, webhooks, meta.id);
    const { context, runCleanups } = handle;
    let failed: unknown;
    try {
      await body(context);
    } catch (error) {
      failed = error;
    }
    try {
      // Cleanup runs even once the run is halted: what the check created is cancelled.
      await session.http.afterHalt(runCleanups);
    } catch (error) {
      failed ??= error;
    }
    record.rateLimit = session.http.pacer.usage();
    record.requestCount = context.exchanges.length;
    record.traffic = session.http.pacer.traffic();
    record.violations = handle.violations;
    record.created = handle.created;
    if (failed === undefined) return;
    // A check the run stopped under (interrupt, rate-limit bound) did not fail: it did not finish.
    const halted = session.http.haltReason;
    if (halted !== undefined && (failed as { code?: unknown }).code !== VITEST_SKIP_CODE) vitestContext.skip(`not finished: ${halted}`);
    if ((failed as { code?: unknown }).code !== VITEST_SKIP_CODE) recordFailure(record, failed, context.exchanges);
    throw failed;
  });
}
