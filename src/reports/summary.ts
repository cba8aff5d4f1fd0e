import { coverageLine, failuresBySection, type RunReport } from './model.js';

/** The terminal summary: each failure under its section with its message, then the counts and the rule coverage line. */
export function renderSummary(report: RunReport): string {
  const { passed, failed, skipped } = report.summary;
  const lines: string[] = [];
  for (const [section, failures] of failuresBySection(report)) {
    lines.push(`§${section}`);
    for (const result of failures) {
      lines.push(`  ✗ ${result.id}: ${result.title}`);
      for (const line of result.message.split('\n')) lines.push(`      ${line}`);
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
