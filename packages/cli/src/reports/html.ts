import { coverageLine, coverageOutcome, failuresBySection, targetLine, type CheckResult, type CheckStatus, type RuleCoverage, type RunDetails, type RunReport } from './model.js';
import { curlHtml, exchangeHtml } from './exchange-html.js';
import { REPORT_CSP, REPORT_SCRIPT, REPORT_STYLE } from './html-assets.js';
import { escapeHtml } from './html-escape.js';
import { firstReplayable, replayCommand } from './replay.js';

const statuses: CheckStatus[] = ['failed', 'passed', 'skipped'];

function bySection<T extends { section: string }>(items: T[]): string[] {
  return [...new Set(items.map((item) => item.section))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

// The curl line of a failure without a recorded exchange, as its message quotes it.
function reproduceLine(message: string): string | undefined {
  const lines = message.split('\n');
  const at = lines.indexOf('Reproduce with:');
  return at < 0 ? undefined : lines[at + 1]?.trim() || undefined;
}

function bar(counts: Record<CheckStatus, number>): string {
  const total = counts.passed + counts.failed + counts.skipped;
  if (total === 0) return '';
  const part = (status: CheckStatus, letter: string) =>
    counts[status] === 0 ? '' : `<span class="${letter}" style="width:${((counts[status] / total) * 100).toFixed(2)}%"></span>`;
  return `<div class="bar" aria-hidden="true">${part('passed', 'p')}${part('failed', 'f')}${part('skipped', 's')}</div>`;
}

function countsOf(results: CheckResult[]): Record<CheckStatus, number> {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const result of results) counts[result.status] += 1;
  return counts;
}

function summaryHtml(report: RunReport): string {
  const { passed, failed, skipped } = report.summary;
  const total = passed + failed + skipped;
  const verdict = failed > 0 ? `<p class="verdict failed">${failed} of ${total} checks failed</p>` : `<p class="verdict passed">No check failed (${total} checks)</p>`;
  const counts = statuses.map((status) =>
    `<a class="count ${status}" href="#status=${status}"><b>${report.summary[status]}</b>${status}</a>`).join('');
  const coverage = report.coverage
    ? `<p class="meta">${escapeHtml(coverageOutcome(report.coverage.total))}</p>`
    : '';
  return `${verdict}<div class="counts">${counts}</div>${bar(report.summary)}${coverage}${report.run ? runLineHtml(report, report.run) : ''}`;
}

function runLineHtml(report: RunReport, run: RunDetails): string {
  const first = firstReplayable(report);
  const replay = first === undefined ? '' : `<div class="curl"><pre id="replay">${escapeHtml(replayCommand(report, first.id))}</pre><button type="button" class="copy" data-copy="replay" hidden>Copy</button></div>`;
  return `<p class="meta">run marker <code>${escapeHtml(run.marker)}</code> · seed <code>${run.seed}</code> · ${run.created.length} record${run.created.length === 1 ? '' : 's'} created${first === undefined ? '' : ` · replay the first failed check:`}</p>${replay}`;
}

function sectionTableHtml(report: RunReport): string {
  const sections = bySection([...report.checks, ...(report.coverage?.sections ?? [])]);
  const rules = new Map((report.coverage?.sections ?? []).map((row) => [row.section, row]));
  const ruleHead = report.coverage ? '<th class="n">rules</th><th class="n">checked</th><th class="n">rules failed</th>' : '';
  const rows = sections.map((section) => {
    const counts = countsOf(report.checks.filter((result) => result.section === section));
    const total = counts.passed + counts.failed + counts.skipped;
    const coverage = rules.get(section);
    const ruleCells = report.coverage ? `<td class="n">${coverage?.rules ?? 0}</td><td class="n">${coverage?.checked ?? 0}</td><td class="n">${coverage?.failed ?? 0}</td>` : '';
    const name = total === 0 ? `§${escapeHtml(section)}` : `<a href="#section=${encodeURIComponent(section)}">§${escapeHtml(section)}</a>`;
    return `<tr${counts.failed > 0 ? ' class="failed"' : ''}><td>${name}</td><td class="n">${total}</td><td class="n">${counts.passed}</td><td class="n">${counts.failed}</td><td class="n">${counts.skipped}</td>${ruleCells}<td>${bar(counts)}</td></tr>`;
  });
  return `<h2>By §</h2><table class="by-section"><thead><tr><th>§</th><th class="n">checks</th><th class="n">passed</th><th class="n">failed</th><th class="n">skipped</th>${ruleHead}<th></th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}

function failureHtml(result: CheckResult, index: number): string {
  // A check's failure often says what its title says; the line is left out then.
  const failureTitle = result.failure && result.failure.title !== result.title ? `<p class="title">${escapeHtml(result.failure.title)}</p>` : '';
  const parts = result.failure
    ? `${failureTitle}<dl class="compare"><dt>Expected</dt><dd><pre>${escapeHtml(result.failure.expected)}</pre></dd><dt>Received</dt><dd><pre>${escapeHtml(result.failure.received)}</pre></dd></dl>`
    : `<pre>${escapeHtml(result.message)}</pre>`;
  const reproduce = result.requests.length === 0 ? reproduceLine(result.message) : undefined;
  const notes = (result.notes ?? []).map((note) => `<p class="note">${escapeHtml(note)}</p>`).join('');
  return `<article class="failure" id="check-${escapeHtml(result.id)}"><h4><code>${escapeHtml(result.id)}</code> ${escapeHtml(result.title)}</h4>
${parts}${notes}
${result.requests.map((exchange, at) => exchangeHtml(exchange, `curl-${index}-${at}`)).join('\n')}${reproduce === undefined ? '' : curlHtml(reproduce, `curl-${index}`)}</article>`;
}

function failuresHtml(report: RunReport): string {
  let index = 0;
  const sections = failuresBySection(report).map(([section, failures]) =>
    `<h3>§${escapeHtml(section)}: ${failures.length} failed</h3>\n${failures.map((result) => failureHtml(result, index++)).join('\n')}`);
  return `<h2>Failures (${report.summary.failed})</h2>\n${sections.length === 0 ? '<p>No check failed.</p>' : sections.join('\n')}`;
}

const REASON_LIMIT = 160;

// Why a check ended as it did, in one line: expected and received, the message's first line, the skip
// reason; for a passed check what it noted (a wait for a list), if anything.
function reason(result: CheckResult): string {
  if (result.status === 'passed') return (result.notes ?? []).join('; ');
  const text = result.failure ? `expected ${result.failure.expected}; received ${result.failure.received}` : result.message.split('\n', 1)[0] ?? '';
  const chars = [...text];
  return chars.length <= REASON_LIMIT ? text : `${chars.slice(0, REASON_LIMIT - 1).join('')}…`;
}

function checksTableHtml(report: RunReport): string {
  const sections = bySection(report.checks);
  const radios = ['all', ...statuses].map((status) => {
    const count = status === 'all' ? report.checks.length : report.summary[status as CheckStatus];
    return `<label><input type="radio" name="status" value="${status}"${status === 'all' ? ' checked' : ''}> ${status} (${count})</label>`;
  }).join(' ');
  const options = ['<option value="all">all</option>', ...sections.map((section) =>
    `<option value="${escapeHtml(section)}">§${escapeHtml(section)}</option>`)].join('');
  const rows = report.checks.map((result) => {
    const id = result.status === 'failed' ? `<a href="#check-${escapeHtml(result.id)}"><code>${escapeHtml(result.id)}</code></a>` : `<code>${escapeHtml(result.id)}</code>`;
    return `<tr data-status="${result.status}" data-section="${escapeHtml(result.section)}" data-id="${escapeHtml(result.id)}"><td><span class="badge ${result.status}">${result.status}</span></td><td>§${escapeHtml(result.section)}</td><td>${id}</td><td>${escapeHtml(result.title)}</td><td>${escapeHtml(reason(result))}</td></tr>`;
  });
  return `<section id="checks"><h2>All checks (${report.checks.length})</h2>
<form class="filters" hidden><fieldset><legend>Status</legend>${radios}</fieldset>
<label>§ <select name="section">${options}</select></label>
<label>id <input type="search" name="q" placeholder="v1.orders"></label><span id="shown" aria-live="polite"></span></form>
<table id="check-table"><thead><tr><th>status</th><th>§</th><th>check</th><th>title</th><th>reason</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></section>`;
}

const coverageColumns = ['rules', 'checked', 'passed', 'failed', 'skipped', 'unobservable', 'withoutCheck'] as const;

function coverageHtml(coverage: RuleCoverage): string {
  const head = `<tr><th>§</th>${coverageColumns.map((column) => `<th>${column === 'withoutCheck' ? 'without a check' : column}</th>`).join('')}</tr>`;
  const rows = [...coverage.sections, { section: 'all', ...coverage.total }].map((row) =>
    `<tr${row.failed > 0 ? ' class="failed"' : ''}><td>${row.section === 'all' ? '<strong>all</strong>' : `§${escapeHtml(row.section)}`}</td>${coverageColumns.map((column) => `<td>${row[column]}</td>`).join('')}</tr>`);
  return `<h2>Rule coverage</h2><p>${escapeHtml(coverageLine(coverage.total))}</p>
<table><thead>${head}</thead><tbody>${rows.join('\n')}</tbody></table>`;
}

function runHtml(run: RunDetails): string {
  const traffic = run.traffic && run.traffic.length > 0
    ? `<h3>Requests per minute${run.peakShare === undefined ? '' : ` (peak ${Math.round(run.peakShare * 100)}% of the limit${run.share === undefined ? '' : `, allowed ${Math.round(run.share * 100)}%`})`}</h3>
<p>One row per minute and rate-limit window: v1 counts each sales channel's token apart, v2 each merchant (§8).</p>
<table><thead><tr><th>minute (UTC)</th><th>api</th><th>window</th><th class="n">requests</th><th class="n">limit</th></tr></thead><tbody>${run.traffic.map((minute) =>
    `<tr><td>${escapeHtml(minute.minute)}</td><td>${minute.api}</td><td>${escapeHtml(minute.window ?? '')}</td><td class="n">${minute.requests}</td><td class="n">${minute.limit ?? ''}</td></tr>`).join('\n')}</tbody></table>`
    : '';
  const created = run.created.length === 0
    ? '<p>The run created no record.</p>'
    : `<table><thead><tr><th>api</th><th>kind</th><th>id</th><th>created by</th></tr></thead><tbody>${run.created.map((record) =>
      `<tr><td>${record.api}</td><td>${escapeHtml(record.kind)}</td><td><code>${escapeHtml(record.id)}</code></td><td><code>${escapeHtml(record.checkId)}</code>${record.token === undefined ? '' : ` (as tokens.${record.token})`}</td></tr>`).join('\n')}</tbody></table>`;
  return `<h2>Run</h2><p>marker <code>${escapeHtml(run.marker)}</code> · seed <code>${run.seed}</code>${run.command === undefined ? '' : ` · <code>${escapeHtml(run.command)}</code>`}</p>
<h3>Records created (${run.created.length})</h3>${created}${traffic}`;
}

/**
 * The text of `report.html`: one self-contained page (inline style and script, a CSP that forbids any
 * fetch): the counts, a table per §, the failures with expected/received and their exchanges one click
 * away, every check in a table filtered by status, § and id, the rule coverage, and the run's marker,
 * seed and created records; a banner when the run was interrupted.
 */
export function renderHtml(report: RunReport, title = 'mfc run report'): string {
  const { target } = report;
  const interrupted = report.run?.interrupted === undefined
    ? ''
    : `<div class="banner" role="alert">Interrupted (${escapeHtml(report.run.interrupted)}): this report holds only the checks that finished.</div>\n`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(target === undefined ? title : `${title}: ${target.baseUrl} (${target.environment})`)}</title><style>${REPORT_STYLE}</style></head>
<body>${interrupted}<h1>${escapeHtml(title)}${target === undefined ? '' : ` of <code>${escapeHtml(target.baseUrl)}</code> (${escapeHtml(target.environment)})`}</h1>
${target === undefined ? '' : `<p class="meta target">${escapeHtml(targetLine(target))}</p>`}
${summaryHtml(report)}
${sectionTableHtml(report)}
${failuresHtml(report)}
${checksTableHtml(report)}
${report.coverage ? coverageHtml(report.coverage) : ''}
${report.run ? runHtml(report.run) : ''}
<script>${REPORT_SCRIPT}</script>
</body></html>
`;
}
