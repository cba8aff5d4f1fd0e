import { safeLine } from '../text/terminal.js';
import { coverageOutcome, failuresBySection, targetLine, type CheckResult, type RunReport } from './model.js';
import { firstReplayable, replayCommand } from './replay.js';

/** The most failures `report.md` lists one by one; the rest are counted (a PR comment holds 65,536 characters). */
export const MARKDOWN_FAILURE_LIMIT = 50;
/** The most skip reasons `report.md` lists, the most frequent first. */
export const MARKDOWN_SKIP_REASON_LIMIT = 10;
const FIELD_LIMIT = 80;

function shorten(text: string, limit = FIELD_LIMIT): string {
  const chars = [...text];
  return chars.length <= limit ? text : `${chars.slice(0, limit - 1).join('')}…`;
}

/**
 * A target's text as plain Markdown inside a line: controls written visibly, the characters that
 * mean something mid-line (emphasis, code, links, a table's `|`) escaped, HTML's `<`, `>` and `&` as
 * references, and `@` and `#` followed by a zero-width space so a PR comment neither mentions
 * anyone nor links an issue.
 */
export function escapeMarkdown(text: string): string {
  return safeLine(text)
    .replace(/[\\`*_[\]|~]/g, (char) => `\\${char}`)
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/[@#]/g, (char) => `${char}\u200b`);
}

/** A target's text as an inline code span (a mention or a tag inside one stays text); a table's `|` escaped. */
export function codeSpan(text: string): string {
  const line = safeLine(text).replace(/\|/g, '\\|');
  const fence = '`'.repeat(Math.max(0, ...[...line.matchAll(/`+/g)].map((run) => run[0].length)) + 1);
  const pad = line.startsWith('`') || line.endsWith('`') || line === '' ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

// One line: the failure's title, then expected and received, each cut short.
function reason(result: CheckResult): string {
  if (!result.failure) return escapeMarkdown(shorten(result.message.split('\n', 1)[0] ?? ''));
  const { title, expected, received } = result.failure;
  return `${escapeMarkdown(shorten(title))}: expected ${codeSpan(shorten(expected))}, received ${codeSpan(shorten(received))}`;
}

function failuresTable(report: RunReport): string[] {
  const failures = failuresBySection(report).flatMap(([, results]) => results);
  const rows = failures.slice(0, MARKDOWN_FAILURE_LIMIT).map((result) =>
    `| §${escapeMarkdown(result.section)} | ${codeSpan(result.id)} | ${reason(result)} |`);
  const more = failures.length - rows.length;
  return [
    '### Failures', '',
    '| § | check | reason |', '|---|---|---|',
    ...rows,
    ...(more > 0 ? ['', `…and ${more} more failed checks: see report.html.`] : []),
  ];
}

// Skip reasons repeat (one missing profile key skips many checks): counted, the most frequent first.
function skipReasons(report: RunReport): string[] {
  const counts = new Map<string, number>();
  for (const result of report.checks) if (result.status === 'skipped') counts.set(result.message, (counts.get(result.message) ?? 0) + 1);
  if (counts.size === 0) return [];
  const sorted = [...counts.entries()].sort(([, a], [, b]) => b - a);
  const listed = sorted.slice(0, MARKDOWN_SKIP_REASON_LIMIT).map(([message, count]) => `- ${count} × ${escapeMarkdown(shorten(message, 160))}`);
  const more = sorted.length - listed.length;
  return [
    '<details><summary>Why checks were skipped</summary>', '',
    ...listed,
    ...(more > 0 ? [`- …and ${more} more reasons: see report.html.`] : []),
    '', '</details>',
  ];
}

function runLine(report: RunReport): string[] {
  const run = report.run;
  if (!run) return [];
  const created = run.created.length === 0 ? '' : ` · ${run.created.length} record(s) created`;
  return [`Run ${codeSpan(run.marker)} · seed ${codeSpan(String(run.seed))}${created}`];
}

// A fence longer than any run of backticks in the line, so nothing in it closes the block.
function codeBlock(line: string): string[] {
  const fence = '`'.repeat(Math.max(2, ...[...line.matchAll(/`+/g)].map((run) => run[0].length)) + 1);
  return [`${fence}sh`, line, fence];
}

function replay(report: RunReport): string[] {
  const first = firstReplayable(report);
  if (!report.run || !first) return [];
  return [`Replay ${codeSpan(first.id)} alone:`, '', ...codeBlock(safeLine(replayCommand(report, first.id)))];
}

/** Puts a blank line between blocks that have something in them. */
function blocks(...parts: string[][]): string {
  return parts.filter((part) => part.length > 0).map((part) => part.join('\n')).join('\n\n');
}

/**
 * The text of `report.md`: a GitHub-flavoured Markdown summary for `$GITHUB_STEP_SUMMARY` and PR
 * comments: the counts, the failures with their § and a one-line reason (at most
 * `MARKDOWN_FAILURE_LIMIT`), the skip reasons, the rule coverage line, the run's marker and seed
 * and how to replay one failed check.
 */
export function renderMarkdown(report: RunReport, title = 'mfc run report'): string {
  const { passed, failed, skipped } = report.summary;
  const verdict = failed > 0 ? '❌' : '✅';
  const interrupted = report.run?.interrupted === undefined
    ? []
    : [`> ⚠️ **Interrupted** (${escapeMarkdown(report.run.interrupted)}): the report holds only the checks that finished.`];
  const coverage = report.coverage
    ? [escapeMarkdown(coverageOutcome(report.coverage.total))]
    : [];
  const target = report.target;
  // The heading names the deployment (a CI artifact must tell staging from production); the line under it the rest.
  const heading = target === undefined
    ? [`## ${verdict} ${escapeMarkdown(title)}: ${passed} passed, ${failed} failed, ${skipped} skipped`]
    : [`## ${verdict} ${escapeMarkdown(title)} of ${codeSpan(target.baseUrl)} (${target.environment}): ${passed} passed, ${failed} failed, ${skipped} skipped`, '', escapeMarkdown(targetLine(target))];
  return `${blocks(
    heading,
    interrupted,
    coverage,
    runLine(report),
    failed > 0 ? failuresTable(report) : [],
    replay(report),
    skipReasons(report),
  )}\n`;
}
