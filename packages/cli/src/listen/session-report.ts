import type { CheckResult, CheckStatus, ReportSummary } from '../reports/index.js';
import { ruleOf } from './report.js';
import type { DeliveryRule } from './report.js';

/** The first calls of a session, reported check by check whatever their verdicts. */
export const LISTED_CALLS = 100;
/** After those, calls with a failed check reported check by check (with their exchange), up to this many. */
export const LISTED_FAILED_CALLS = 100;
// How many failing calls an aggregate check names by number.
const NAMED_FAILURES = 20;
const ruleOrder: DeliveryRule[] = ['accepted', 'signature', 'event-id', 'payload', 'answered-in-time'];

/** Counts of one version and rule over the calls not listed one by one. */
interface RuleTotals {
  api: 'v1' | 'v2';
  rule: DeliveryRule;
  counts: ReportSummary;
  failing: number[];
  firstFailure: string;
}

/** A session's counts over every call, whether or not its checks are listed in the report. */
export interface SessionCounts {
  calls: number;
  /** Calls with at least one failed check. */
  failedCalls: number;
  /** Calls whose checks the report lists one by one. */
  listedCalls: number;
  /** Every call's checks, counted. */
  checks: ReportSummary;
}

/**
 * What `mfc webhooks listen` keeps for its reports, bounded whatever the number of calls: every
 * check of the first `LISTED_CALLS` calls, every check of the next `LISTED_FAILED_CALLS` calls that
 * failed one, and for all other calls one aggregate check per version and rule (`v1.webhooks.payload`…)
 * that counts them and names the first failing ones. Bodies are never kept, only the clipped
 * exchange of a listed failure.
 */
export class SessionReport {
  readonly #listed: CheckResult[] = [];
  readonly #totals = new Map<string, RuleTotals>();
  readonly #counts: SessionCounts = { calls: 0, failedCalls: 0, listedCalls: 0, checks: { passed: 0, failed: 0, skipped: 0 } };
  #listedFailedCalls = 0;

  /** Takes one call's results (`checkDelivery`); returns whether the report lists them one by one. */
  add(seq: number, api: 'v1' | 'v2', results: CheckResult[]): boolean {
    const counts = this.#counts;
    counts.calls += 1;
    for (const result of results) counts.checks[result.status] += 1;
    const failed = results.some((result) => result.status === 'failed');
    if (failed) counts.failedCalls += 1;
    const listed = counts.calls <= LISTED_CALLS || (failed && this.#listedFailedCalls < LISTED_FAILED_CALLS);
    if (listed) {
      if (counts.calls > LISTED_CALLS) this.#listedFailedCalls += 1;
      counts.listedCalls += 1;
      this.#listed.push(...results);
      return true;
    }
    for (const result of results) this.#count(seq, api, result);
    return false;
  }

  /** The counts over every call so far. */
  counts(): SessionCounts {
    return structuredClone(this.#counts);
  }

  /** The report's checks: the listed ones in order of arrival, then the aggregates by version and rule. */
  results(): CheckResult[] {
    const totals = [...this.#totals.values()].sort((a, b) => a.api.localeCompare(b.api) || ruleOrder.indexOf(a.rule) - ruleOrder.indexOf(b.rule));
    return [...this.#listed, ...totals.map(aggregateOf)];
  }

  #count(seq: number, api: 'v1' | 'v2', result: CheckResult): void {
    const rule = result.id.slice(result.id.lastIndexOf('.') + 1) as DeliveryRule;
    const key = `${api}.${rule}`;
    let totals = this.#totals.get(key);
    if (totals === undefined) {
      totals = { api, rule, counts: { passed: 0, failed: 0, skipped: 0 }, failing: [], firstFailure: '' };
      this.#totals.set(key, totals);
    }
    totals.counts[result.status] += 1;
    if (result.status !== 'failed') return;
    if (totals.failing.length < NAMED_FAILURES) totals.failing.push(seq);
    if (totals.firstFailure === '') totals.firstFailure = clip(result.failure?.received ?? result.message, 500);
  }
}

function aggregateOf(totals: RuleTotals): CheckResult {
  const { section, title } = ruleOf(totals.api, totals.rule);
  const { passed, failed, skipped } = totals.counts;
  const calls = passed + failed + skipped;
  const fullTitle = `${title} (${calls} call(s) not listed one by one)`;
  const status: CheckStatus = failed > 0 ? 'failed' : passed > 0 ? 'passed' : 'skipped';
  const tally = `${calls} call(s): ${passed} passed, ${failed} failed, ${skipped} skipped; each call's verdicts are in calls.ndjson`;
  const base = { id: `${totals.api}.webhooks.${totals.rule}`, title: fullTitle, api: totals.api, section, requests: [] };
  if (status !== 'failed') return { ...base, status, message: status === 'skipped' ? tally : '' };
  const named = `#${totals.failing.join(', #')}${failed > totals.failing.length ? ', …' : ''}`;
  const expected = 'every call to pass';
  const received = `${failed} of ${calls} call(s) failed (${named}); the first: ${totals.firstFailure}`;
  return {
    ...base,
    status,
    message: `${fullTitle}\nExpected: ${expected}\nReceived: ${received}\n${tally}`,
    failure: { code: 'MFC_WEBHOOK_DELIVERY', title: fullTitle, expected, received },
  };
}

function clip(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}… [${text.length - limit} more characters]` : text;
}
