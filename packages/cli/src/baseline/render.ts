import { safeLine } from '../text/terminal.js';
import type { Baseline, BaselineComparison, Waiver } from './types.js';

function waiverName(waiver: Waiver, withExpiry = true): string {
  const until = withExpiry && waiver.expires !== undefined ? `, until ${waiver.expires}` : '';
  return `waiver "${safeLine(waiver.check)}" (${safeLine(waiver.reason)}${until})`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The lines `mfc run --baseline` prints after the summary: a head line with the counts, one line per
 * known, new, expired and fixed entry, and the verdict, which says whether the baseline fails the run.
 */
export function renderComparison(baseline: Baseline, comparison: BaselineComparison): string {
  const fromReport = baseline.kind === 'report';
  const { known, expired, fixed, expiredPassing } = comparison;
  const lines = [
    `baseline ${safeLine(baseline.path)} (${fromReport ? 'a previous report' : 'waivers'}): ${known.length} known, ${comparison.new.length} new, ${expired.length} expired, ${fixed.length} fixed`,
  ];
  for (const { check, waiver } of known) {
    lines.push(`  known    ${safeLine(check)}: ${fromReport ? `failed in the baseline report too` : `${waiverName(waiver)}`}`);
  }
  for (const check of comparison.new) lines.push(`  new      ${safeLine(check)}: fails, and the baseline does not list it`);
  for (const { check, waiver } of expired) {
    lines.push(`  expired  ${safeLine(check)}: ${waiverName(waiver, false)} expired after ${waiver.expires ?? ''} and the check still fails`);
  }
  for (const { waiver, checks } of fixed) {
    const which = checks.map(safeLine).join(', ');
    lines.push(fromReport
      ? `  fixed    ${which}: passes now, failed in the baseline report — take a newer report as the baseline`
      : `  fixed    ${which}: passes now, still under ${waiverName(waiver)} — remove it from the baseline`);
  }
  for (const { waiver, checks } of expiredPassing) {
    lines.push(`  note     ${waiverName(waiver, false)} expired after ${waiver.expires ?? ''}; ${checks.map(safeLine).join(', ')} pass${checks.length === 1 ? 'es' : ''} now — remove it from the baseline`);
  }
  if (comparison.failsRun) {
    const why = [
      ...(comparison.new.length > 0 ? [plural(comparison.new.length, 'new failure')] : []),
      ...(expired.length > 0 ? [`${plural(expired.length, 'failure')} under an expired waiver`] : []),
    ];
    lines.push(`baseline: the run fails: ${why.join(', ')}`);
  } else {
    lines.push(`baseline: the run passes: ${known.length === 0 ? 'no check failed' : `every failure is known (${known.length})`}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The content of `baseline-result.json`: which baseline, on which day, every entry of the comparison, and whether it failed the run. */
export function renderComparisonJson(baseline: Baseline, comparison: BaselineComparison, today: string): string {
  const { failsRun, known, expired, fixed, expiredPassing, unused } = comparison;
  return `${JSON.stringify({
    baseline: { path: baseline.path, kind: baseline.kind },
    date: today,
    failsRun,
    counts: { known: known.length, new: comparison.new.length, expired: expired.length, fixed: fixed.length, expiredPassing: expiredPassing.length, unused: unused.length },
    known,
    new: comparison.new.map((check) => ({ check })),
    expired,
    fixed,
    expiredPassing,
    unused,
  }, null, 2)}\n`;
}
