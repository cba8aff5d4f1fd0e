import { idMatcher } from '../checks/selection.js';
import type { BaselineComparison, BaselineReportCheck, Waiver } from './types.js';

/**
 * Whether a result is about the run rather than one rule (`run.target.reachable`, `run.deadline`,
 * `run.inputs.tokens.*`): such a failure is never known, or an unreachable target would pass.
 */
export function isRunLevel(checkId: string): boolean {
  return checkId.startsWith('run.');
}

/** Today's date as a waiver's `expires` is written: `YYYY-MM-DD`, UTC. */
export function utcDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a waiver has expired on `today` (`YYYY-MM-DD`): it holds through its `expires` day. */
export function isExpired(waiver: Waiver, today: string): boolean {
  return waiver.expires !== undefined && waiver.expires < today;
}

/**
 * Compares a run's results with a baseline's waivers on `today` (`YYYY-MM-DD`, UTC). A failure a
 * waiver in force covers is known; one only expired waivers cover, or none, fails the run. A waiver
 * whose executed checks all pass is reported (fixed, or a note when expired) and never fails the
 * run. Skipped checks are neither failures nor passes.
 */
export function compareWithBaseline(checks: readonly BaselineReportCheck[], waivers: readonly Waiver[], today: string): BaselineComparison {
  const entries = waivers.map((waiver) => ({ waiver, matches: idMatcher(waiver.check), expired: isExpired(waiver, today) }));
  const comparison: BaselineComparison = { known: [], new: [], expired: [], fixed: [], expiredPassing: [], unused: [], failsRun: false };
  for (const check of checks) {
    if (check.status !== 'failed') continue;
    const covering = isRunLevel(check.id) ? [] : entries.filter((entry) => entry.matches(check.id));
    const inForce = covering.find((entry) => !entry.expired);
    if (inForce) comparison.known.push({ check: check.id, waiver: inForce.waiver });
    else if (covering[0]) comparison.expired.push({ check: check.id, waiver: covering[0].waiver });
    else comparison.new.push(check.id);
  }
  for (const entry of entries) {
    const executed = checks.filter((check) => check.status !== 'skipped' && !isRunLevel(check.id) && entry.matches(check.id));
    if (executed.length === 0) comparison.unused.push(entry.waiver);
    else if (executed.every((check) => check.status === 'passed')) {
      (entry.expired ? comparison.expiredPassing : comparison.fixed).push({ waiver: entry.waiver, checks: executed.map((check) => check.id) });
    }
  }
  comparison.failsRun = comparison.new.length > 0 || comparison.expired.length > 0;
  return comparison;
}
