import { join } from 'node:path';
import { safeLine, safeText } from '../text/terminal.js';
import { coverageOutcome, failuresBySection, type RunReport } from './model.js';
import { firstReplayable, replayCommand } from './replay.js';

/** What the next step names: where the reports are, and how the run was invoked. */
export interface SummaryOptions {
  /** Where the reports were written: the summary points at `report.html` there. */
  reportDir?: string;
  /** The `mfc run` command line without `--only` and `--seed` (default `report.run.command`): the summary shows how to replay the first failed check. */
  command?: string;
}

/**
 * What to do after a run, as `mfc run`'s last line: open the report, and on a failing run replay the
 * first failed check (`next: open reports/report.html · replay: mfc run --profile p.json --only
 * v1.orders.x --seed 123`); undefined when it knows neither the report's folder nor a failure to replay.
 */
export function renderNextStep(report: RunReport, options: SummaryOptions = {}): string | undefined {
  const command = options.command ?? report.run?.command;
  const parts: string[] = [];
  if (options.reportDir !== undefined) parts.push(`open ${join(options.reportDir, 'report.html')}`);
  const first = report.summary.failed > 0 ? firstReplayable(report) : undefined;
  if (command !== undefined && first !== undefined) parts.push(`replay: ${replayCommand(report, first.id, command)}`);
  return parts.length === 0 ? undefined : `next: ${safeLine(parts.join(' · '))}`;
}

/**
 * How the skips divide, in the plan's words (`mfc run: plan: 211 of 216 selected checks to run`): those
 * the plan already left out, and those that found as they ran that the target cannot give what they need.
 */
function skippedWhy(report: RunReport, skipped: number): string {
  const planned = report.run?.plan?.checks;
  if (planned === undefined || skipped === 0) return '';
  const before = Math.min(skipped, Math.max(0, report.checks.length - planned));
  const during = skipped - before;
  if (during === 0) return ' (as planned)';
  return before === 0 ? ` (${during} while running)` : ` (${before} as planned, ${during} while running)`;
}

/**
 * The terminal summary: each failure under its section with its message, then the counts and the rule
 * coverage line. A target's control characters show escaped. The next step (`renderNextStep`) comes
 * last, after whatever the command prints besides.
 */
export function renderSummary(report: RunReport): string {
  const { passed, failed, skipped } = report.summary;
  const lines: string[] = [];
  for (const [section, failures] of failuresBySection(report)) {
    lines.push(`§${safeLine(section)}`);
    for (const result of failures) {
      lines.push(`  ✗ ${safeLine(result.id)}: ${safeLine(result.title)}`);
      for (const line of result.message.split('\n')) lines.push(`      ${safeText(line)}`);
    }
    lines.push('');
  }
  // Checks an interrupt or the deadline kept from running are not skipped by the target: counted apart.
  const notRun = report.checks.filter((result) => result.status === 'skipped' && /^not (run|finished):/.test(result.message)).length;
  lines.push(`${passed} passed, ${failed} failed, ${skipped - notRun} skipped${skippedWhy(report, skipped - notRun)}${notRun === 0 ? '' : `, ${notRun} not run`}`);
  if (report.coverage) lines.push(coverageOutcome(report.coverage.total));
  return `${lines.join('\n')}\n`;
}
