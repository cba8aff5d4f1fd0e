import type { RecordedExchange } from '../http/index.js';

/** How one check ended. */
export type CheckStatus = 'passed' | 'failed' | 'skipped';

/** The parts of a failure the HTML report lays out one by one (the message holds them all as text). */
export interface FailureParts {
  code: string;
  title: string;
  expected: string;
  received: string;
}

/** One check's result as every report shows it (docs/REPORTS.md). */
export interface CheckResult {
  id: string;
  title: string;
  api: 'v1' | 'v2';
  /** The specification section the check enforces. */
  section: string;
  status: CheckStatus;
  /** Failed: the failure message; skipped: the reason; passed: empty. */
  message: string;
  /** The exchanges behind a failure, tokens redacted. */
  requests: RecordedExchange[];
  /** The structured failure, when the check failed with one. */
  failure?: FailureParts;
  /** When the check started (epoch ms), when the runner timed it: a junit.xml testsuite's time spans its checks. */
  startedAt?: number;
  /** How long the check itself ran, from its start to the end of its cleanups (junit.xml's testcase `time`). */
  durationMs?: number;
  /** How many requests the check sent (429 retries included), when it ran. */
  requestCount?: number;
  /** Its requests per rate-limit window (`v1 primary`, `v2 merchant`, …), when it sent any. */
  windows?: Record<string, number>;
  /** What the check noted beside its verdict (how long it waited for a list to show its writes), when anything. */
  notes?: string[];
}

/** Counts per status. */
export interface ReportSummary {
  passed: number;
  failed: number;
  skipped: number;
}

/** How the rules of the inventory (spec/rules/) fared in a run, for one § or for all of them. */
export interface RuleCounts {
  /** Rules of the inventory. */
  rules: number;
  /** Rules at least one check covers. */
  checked: number;
  /** Checked rules whose checks that ran all passed. */
  passed: number;
  /** Checked rules with a failed check. */
  failed: number;
  /** Checked rules none of whose checks ran (skipped or not selected). */
  skipped: number;
  /** Rules a client cannot observe from outside. */
  unobservable: number;
  /** Observable rules no check covers yet. */
  withoutCheck: number;
}

/** The rule counts of one § of the specification. */
export interface SectionCoverage extends RuleCounts {
  section: string;
}

/** Rule coverage of a run: per §, in specification order, and in total. */
export interface RuleCoverage {
  total: RuleCounts;
  sections: SectionCoverage[];
}

/** A record the run created on the target. */
export interface CreatedRecordEntry {
  api: 'v1' | 'v2';
  kind: string;
  id: string;
  checkId: string;
  /** `otherMerchant` when a check that ran as the other merchant made it. */
  token?: 'otherMerchant';
}

/** What identifies a run of `mfc run`: the marker its records carry, the seed, what it created, and whether it was interrupted. */
export interface RunDetails {
  marker: string;
  seed: number;
  created: CreatedRecordEntry[];
  /** Set when the run was interrupted (SIGINT, SIGTERM): the report holds only what finished. */
  interrupted?: string;
  /** The share of each minute's rate limit the run allowed itself (`rateLimit.share`). */
  share?: number;
  /** Requests per rate-limit window and calendar minute, with the limit the answers named. */
  traffic?: Array<{ api: 'v1' | 'v2'; window?: string; minute: string; requests: number; limit?: number }>;
  /** The largest share of a minute's limit the run used in one window. */
  peakShare?: number;
  /** Each rate-limit window over the run: its requests, its limit and the largest share of it used in a minute. */
  windows?: Array<{ api: 'v1' | 'v2'; window: string; requests: number; limit?: number; peakShare?: number }>;
  /** What the run planned before its first check: requests per window, the minutes they take at the share, the waits. */
  plan?: RunPlanDetails;
  /** The run's deadline in ms (from the plan, or `--deadline`). */
  deadlineMs?: number;
  /** The run's wall time in ms, from its start (the `mfc run` process's) to its report: junit.xml's `<testsuites>` time. */
  durationMs?: number;
  /**
   * The `mfc run` command line that reaches the same target, without `--only` and `--seed`
   * (`mfc run --profile p.json`): one check replays as `<command> --only <id> --seed <seed>`.
   */
  command?: string;
}

/** The run's plan as the report gives it (src/runner/plan.ts). */
export interface RunPlanDetails {
  checks: number;
  requests: number;
  windows: Array<{ window: string; requests: number; limit?: number; perMinute?: number; minutes?: number }>;
  requestMinutes: number;
  waitMs: number;
  expectedMs: number;
  /** The checks that ran as `tokens.otherMerchant`, in its windows. */
  asOtherMerchant?: string[];
}

/**
 * Which deployment a run judged, and when (docs/REPORTS.md `target`): so a report kept as a CI
 * artifact tells staging from production. The base URL is written without user information.
 */
export interface ReportTarget {
  baseUrl: string;
  environment: 'local' | 'staging' | 'production';
  /** The API versions the run selected. */
  apis: Array<'v1' | 'v2'>;
  /** The profile file, or how the target was given instead (`--base-url`). */
  profile: string;
  /** When the run started and ended (ISO 8601, UTC). */
  startedAt: string;
  finishedAt: string;
  /** The version of `@mfc-conformance/cli` that ran the checks. */
  mfcVersion: string;
}

/** A base URL as a report shows it: no user name or password, no query or fragment. */
export function shownBaseUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.href.replace(/\/$/, '');
  } catch {
    return baseUrl;
  }
}

/** `http://127.0.0.1:8080 · local · v1, v2 · profile mfc-profile.yaml · 2026-11-29 10:00:00–10:03:12 UTC · mfc 0.1.0`: the target in one line. */
export function targetLine(target: ReportTarget): string {
  const day = target.startedAt.slice(0, 10);
  const time = (iso: string) => iso.slice(11, 19);
  const end = target.finishedAt.slice(0, 10) === day ? time(target.finishedAt) : `${target.finishedAt.slice(0, 10)} ${time(target.finishedAt)}`;
  return `${target.baseUrl} · ${target.environment} · ${target.apis.join(', ')} · profile ${target.profile} · ${day} ${time(target.startedAt)}–${end} UTC · mfc ${target.mfcVersion}`;
}

/** The content of `report.json` (docs/REPORTS.md), with the rule coverage when the run knows the inventory. */
export interface RunReport {
  /** The deployment the run judged (a report of `mfc run`; absent from a webhook listener's). */
  target?: ReportTarget;
  summary: ReportSummary;
  checks: CheckResult[];
  coverage?: RuleCoverage;
  run?: RunDetails;
}

/** Builds the report of a list of results: the summary counts, the checks in order, and the rule coverage, run details and target when given. */
export function buildReport(checks: CheckResult[], coverage?: RuleCoverage, run?: RunDetails, target?: ReportTarget): RunReport {
  const summary: ReportSummary = { passed: 0, failed: 0, skipped: 0 };
  for (const result of checks) summary[result.status] += 1;
  return { ...(target ? { target } : {}), summary, checks, ...(coverage ? { coverage } : {}), ...(run ? { run } : {}) };
}

/** The one-line coverage statement: `rules: 198 with a check, 12 unobservable, 0 without a check`. */
export function coverageLine(counts: RuleCounts): string {
  return `rules: ${counts.checked} with a check, ${counts.unobservable} unobservable, ${counts.withoutCheck} without a check`;
}

/**
 * The coverage statement of a run, with how the rules that have a check fared: a rule none of whose
 * checks ran is "not run", never counted as checked (`… (of the 198 with a check: 61 passed, 0 failed, 137 not run)`).
 */
export function coverageOutcome(counts: RuleCounts): string {
  return `${coverageLine(counts)} (of the ${counts.checked} with a check: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} not run)`;
}

/** Failed checks grouped by section, sections in specification order (4.1 before 4.10). */
export function failuresBySection(report: RunReport): Array<[section: string, failures: CheckResult[]]> {
  const groups = new Map<string, CheckResult[]>();
  for (const result of report.checks) {
    if (result.status !== 'failed') continue;
    groups.set(result.section, [...(groups.get(result.section) ?? []), result]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
}
