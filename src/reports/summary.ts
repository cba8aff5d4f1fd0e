import { safeLine, safeText } from '../text/terminal.js';
import { coverageLine, failuresBySection, type RunReport } from './model.js';

/** The terminal summary: each failure under its section with its message, then the counts and the rule coverage line; a target's control characters show escaped. */
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
  lines.push(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  if (report.coverage) {
    const { passed: rulesPassed, failed: rulesFailed, skipped: rulesSkipped } = report.coverage.total;
    lines.push(`${coverageLine(report.coverage.total)} (${rulesPassed} passed, ${rulesFailed} failed, ${rulesSkipped} skipped)`);
  }
  return `${lines.join('\n')}\n`;
}
