import { safeText } from '../text/terminal.js';
import type { CheckResult, ReportTarget, RunReport } from './model.js';

// XML 1.0 forbids most control characters even as references, and a body can hold them: they are
// written visibly (`\x1b`), as on the terminal, which also keeps them out of a CI log viewer.
function escapeXml(text: string): string {
  return safeText(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? '';
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/**
 * The wall time a group of checks took: from the first one's start to the last one's end. Checks run
 * side by side, so the sum of their times would count the same seconds several times over (a 6 s
 * run read as 7 minutes); checks timed without a start can only be added up.
 */
function span(checks: CheckResult[]): number {
  const timed = checks.filter((result) => result.durationMs !== undefined);
  if (timed.length === 0) return 0;
  if (timed.some((result) => result.startedAt === undefined)) return timed.reduce((sum, result) => sum + result.durationMs!, 0);
  const start = Math.min(...timed.map((result) => result.startedAt!));
  return Math.max(...timed.map((result) => result.startedAt! + result.durationMs!)) - start;
}

// tests, failures, errors, skipped and time: the attributes GitLab, Jenkins and the GitHub test
// reporters read on <testsuites> and on each <testsuite>.
function counts(checks: CheckResult[], timeMs: number): string {
  const failures = checks.filter((result) => result.status === 'failed').length;
  const skipped = checks.filter((result) => result.status === 'skipped').length;
  return `tests="${checks.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(timeMs)}"`;
}

// Jenkins splits a classname at its last dot into package and class: `v1.§4_1` reads as package
// v1, class §4_1, where `v1 §4.1` would read as package "v1 §4", class "1".
function classname(result: CheckResult): string {
  return `${result.api}.§${result.section.replace(/\./g, '_')}`;
}

function testcase(result: CheckResult): string[] {
  const open = `    <testcase name="${escapeXml(result.id)}" classname="${escapeXml(classname(result))}" time="${seconds(result.durationMs ?? 0)}"`;
  if (result.status === 'passed') return [`${open}/>`];
  if (result.status === 'skipped') return [`${open}>`, `      <skipped message="${escapeXml(result.message)}"/>`, '    </testcase>'];
  return [
    `${open}>`,
    `      <failure message="${escapeXml(firstLine(result.message))}" type="${escapeXml(result.failure?.code ?? 'MFC_CHECK_FAILED')}">${escapeXml(result.message)}</failure>`,
    '    </testcase>',
  ];
}

/**
 * The target as `<properties>`, on `<testsuites>` and on each `<testsuite>`: the JUnit schema puts them
 * in a suite, and Jenkins and GitLab read them there; a reader of the root finds them at the top.
 */
function properties(target: ReportTarget | undefined, indent: string): string[] {
  if (target === undefined) return [];
  const entries: Array<[string, string]> = [
    ['mfc.baseUrl', target.baseUrl], ['mfc.environment', target.environment], ['mfc.apis', target.apis.join(',')],
    ['mfc.profile', target.profile], ['mfc.startedAt', target.startedAt], ['mfc.finishedAt', target.finishedAt], ['mfc.version', target.mfcVersion],
  ];
  return [`${indent}<properties>`, ...entries.map(([name, value]) => `${indent}  <property name="${name}" value="${escapeXml(value)}"/>`), `${indent}</properties>`];
}

/** The checks grouped by the § they enforce, sections in specification order (4.1 before 4.10), checks in report order. */
function bySection(report: RunReport): Array<[section: string, checks: CheckResult[]]> {
  const groups = new Map<string, CheckResult[]>();
  for (const result of report.checks) groups.set(result.section, [...(groups.get(result.section) ?? []), result]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
}

/**
 * The text of `junit.xml`: one `<testsuite name="§4.1">` per section across both versions, one
 * `<testcase name="<check id>" classname="v1.§4_1">` per check (docs/REPORTS.md), counts and time on
 * every suite and on the root. Times are wall times: a testcase's is its check's own, a testsuite's
 * spans its checks, the root's is the run's (`run.durationMs`), else the span of every check. The
 * target (base URL, environment, versions, profile, start and end, mfc version) is in `<properties>`.
 * Written from our own result model, not by vitest's junit reporter: vitest 4 writes `<skipped/>`
 * without the reason, and docs/REPORTS.md promises `<skipped message="…"/>`.
 */
export function renderJunit(report: RunReport, name = 'mfc run'): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="${escapeXml(name)}" ${counts(report.checks, report.run?.durationMs ?? span(report.checks))}>`,
    ...properties(report.target, '  '),
  ];
  const timestamp = report.target === undefined ? '' : ` timestamp="${escapeXml(report.target.startedAt)}"`;
  for (const [section, checks] of bySection(report)) {
    lines.push(`  <testsuite name="${escapeXml(`§${section}`)}" ${counts(checks, span(checks))}${timestamp}>`, ...properties(report.target, '    '), ...checks.flatMap(testcase), '  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
