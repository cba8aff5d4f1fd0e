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

/** One check's result as every report shows it (CONTRACT §3). */
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
}

/** Counts per status. */
export interface ReportSummary {
  passed: number;
  failed: number;
  skipped: number;
}

/** The content of `report.json` (CONTRACT §3). */
export interface RunReport {
  summary: ReportSummary;
  checks: CheckResult[];
}

/** Builds the report of a list of results: the summary counts and the checks in order. */
export function buildReport(checks: CheckResult[]): RunReport {
  const summary: ReportSummary = { passed: 0, failed: 0, skipped: 0 };
  for (const result of checks) summary[result.status] += 1;
  return { summary, checks };
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
