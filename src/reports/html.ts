import { toCurl, type RecordedExchange } from '../http/index.js';
import { safeText } from '../text/terminal.js';
import { coverageLine, failuresBySection, type CheckResult, type RuleCoverage, type RunReport } from './model.js';

// Control and bidi characters from a target show escaped (`\x1b`, `\u202e`), as on the terminal.
function escapeHtml(text: string): string {
  return safeText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

// Inline only: the page must open from a CI artifact with no network (CONTRACT §3).
const style = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #d0d7de}
.summary span{display:inline-block;margin-right:1rem;padding:.2rem .6rem;border-radius:4px}
.passed{background:#dafbe1}.failed{background:#ffebe9}.skipped{background:#fff8c5}
article{border:1px solid #d0d7de;border-radius:6px;padding:.6rem 1rem;margin:.8rem 0}
article.failed{border-left:4px solid #cf222e}
code,pre{font:12px/1.4 ui-monospace,monospace}pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
dt{font-weight:600}dd{margin:0 0 .4rem 0}table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:.2rem .5rem;border-bottom:1px solid #eaeef2;vertical-align:top}
`;

function headers(record: Record<string, string>): string {
  return Object.entries(record).map(([name, value]) => `${name}: ${value}`).join('\n');
}

function exchangeHtml(exchange: RecordedExchange): string {
  const answer = exchange.status === null
    ? `no answer: ${exchange.error ?? 'unknown'}`
    : `${exchange.status}\n${headers(exchange.responseHeaders)}\n\n${exchange.responseBody ?? ''}`;
  return `<details open><summary><code>${escapeHtml(`${exchange.method} ${exchange.url}`)}</code> → ${escapeHtml(String(exchange.status ?? 'no answer'))}</summary>
<dl><dt>Request</dt><dd><pre>${escapeHtml(`${headers(exchange.requestHeaders)}\n\n${exchange.requestBody ?? ''}`)}</pre></dd>
<dt>Answer</dt><dd><pre>${escapeHtml(answer)}</pre></dd>
<dt>Reproduce with</dt><dd><pre>${escapeHtml(toCurl(exchange))}</pre></dd></dl></details>`;
}

function failureHtml(result: CheckResult): string {
  const parts = result.failure
    ? `<dl><dt>Expected</dt><dd><pre>${escapeHtml(result.failure.expected)}</pre></dd><dt>Received</dt><dd><pre>${escapeHtml(result.failure.received)}</pre></dd></dl>`
    : `<pre>${escapeHtml(result.message)}</pre>`;
  return `<article class="failed" id="${escapeHtml(result.id)}"><h3><code>${escapeHtml(result.id)}</code> ${escapeHtml(result.title)}</h3>
${result.failure ? `<p>${escapeHtml(result.failure.title)}</p>` : ''}${parts}
${result.requests.map(exchangeHtml).join('\n')}</article>`;
}

function listHtml(results: CheckResult[], withMessage: boolean): string {
  const rows = results.map((result) =>
    `<tr><td><code>${escapeHtml(result.id)}</code></td><td>§${escapeHtml(result.section)}</td><td>${escapeHtml(result.title)}</td>${withMessage ? `<td>${escapeHtml(result.message)}</td>` : ''}</tr>`);
  return `<table><tbody>${rows.join('\n')}</tbody></table>`;
}

const coverageColumns = ['rules', 'checked', 'passed', 'failed', 'skipped', 'unobservable', 'withoutCheck'] as const;

function coverageHtml(coverage: RuleCoverage): string {
  const head = `<tr><th>§</th>${coverageColumns.map((column) => `<th>${column === 'withoutCheck' ? 'without a check' : column}</th>`).join('')}</tr>`;
  const rows = [...coverage.sections, { section: 'all', ...coverage.total }].map((row) =>
    `<tr${row.failed > 0 ? ' class="failed"' : ''}><td>${row.section === 'all' ? '<strong>all</strong>' : `§${escapeHtml(row.section)}`}</td>${coverageColumns.map((column) => `<td>${row[column]}</td>`).join('')}</tr>`);
  return `<h2>Rule coverage</h2><p>${escapeHtml(coverageLine(coverage.total))}</p>
<table><thead>${head}</thead><tbody>${rows.join('\n')}</tbody></table>`;
}

/** The text of `report.html`: one self-contained page, failures first grouped by section, the rule coverage per §, then skipped and passed checks. */
export function renderHtml(report: RunReport, title = 'mfc run report'): string {
  const { passed, failed, skipped } = report.summary;
  const sections = failuresBySection(report).map(([section, failures]) =>
    `<h2>§${escapeHtml(section)}: ${failures.length} failed</h2>\n${failures.map(failureHtml).join('\n')}`);
  const skippedChecks = report.checks.filter((result) => result.status === 'skipped');
  const passedChecks = report.checks.filter((result) => result.status === 'passed');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${style}</style></head>
<body><h1>${escapeHtml(title)}</h1>
<p class="summary"><span class="passed">${passed} passed</span><span class="failed">${failed} failed</span><span class="skipped">${skipped} skipped</span></p>
${failed === 0 ? '<p>No check failed.</p>' : sections.join('\n')}
${report.coverage ? coverageHtml(report.coverage) : ''}
<h2>Skipped (${skippedChecks.length})</h2>${listHtml(skippedChecks, true)}
<h2>Passed (${passedChecks.length})</h2>${listHtml(passedChecks, false)}
</body></html>
`;
}
