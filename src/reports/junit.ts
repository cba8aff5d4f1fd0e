import { safeText } from '../text/terminal.js';
import type { RunReport } from './model.js';

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

/**
 * The text of `junit.xml`: one `<testcase name="<check id>">` per check, suites per api.
 * Written from our own result model, not by vitest's junit reporter: vitest 4 writes `<skipped/>`
 * without the reason, and CONTRACT §3 wants `<skipped message="…"/>`.
 */
export function renderJunit(report: RunReport, name = 'mfc run'): string {
  const suites = new Map<string, RunReport['checks']>();
  for (const result of report.checks) suites.set(result.api, [...(suites.get(result.api) ?? []), result]);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(name)}" tests="${report.checks.length}" failures="${report.summary.failed}" skipped="${report.summary.skipped}" errors="0">`,
  ];
  for (const [api, checks] of suites) {
    const failures = checks.filter((c) => c.status === 'failed').length;
    const skipped = checks.filter((c) => c.status === 'skipped').length;
    lines.push(`  <testsuite name="${api}" tests="${checks.length}" failures="${failures}" skipped="${skipped}" errors="0">`);
    for (const result of checks) {
      const open = `    <testcase name="${escapeXml(result.id)}" classname="${escapeXml(`${result.api} §${result.section}`)}"`;
      if (result.status === 'passed') {
        lines.push(`${open}/>`);
      } else if (result.status === 'skipped') {
        lines.push(`${open}>`, `      <skipped message="${escapeXml(result.message)}"/>`, '    </testcase>');
      } else {
        lines.push(
          `${open}>`,
          `      <failure message="${escapeXml(firstLine(result.message))}" type="${escapeXml(result.failure?.code ?? 'MFC_CHECK_FAILED')}">${escapeXml(result.message)}</failure>`,
          '    </testcase>',
        );
      }
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
