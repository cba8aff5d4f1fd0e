import type { TargetProfile } from '../profile/index.js';
import { safeLine } from '../text/terminal.js';
import type { Diagnosis, ProbeSeen } from './doctor.js';

// skipReason's words for a write check under allowWrites: false (src/checks/selection.ts).
const WRITES_REASON = 'needs allowWrites: true in the profile';

/** `200 · X-Rate-Limit-Used 3 · X-Rate-Limit-Max 100`, or why no answer came. */
function probeLine(probe: ProbeSeen): string {
  const who = probe.token === undefined ? '' : ` (tokens.${probe.token})`;
  if (probe.status === undefined) return `${probe.request}${who}: no answer: ${probe.error ?? 'not sent'}`;
  const headers = [
    probe.rateLimitUsed === undefined ? 'no X-Rate-Limit-Used' : `X-Rate-Limit-Used ${probe.rateLimitUsed}`,
    probe.rateLimitMax === undefined ? 'no X-Rate-Limit-Max' : `X-Rate-Limit-Max ${probe.rateLimitMax}`,
    ...(probe.retryAfter === undefined ? [] : [`Retry-After ${probe.retryAfter}`]),
  ];
  const missing = probe.rateLimitUsed === undefined || probe.rateLimitMax === undefined ? ' (§8: every response carries both)' : '';
  return `${probe.request}${who}: ${probe.status} · ${headers.join(' · ')}${missing}`;
}

/**
 * The doctor's report: the profile, each request with the §8 headers its answer carried, the tokens
 * the preflight could not use, what `mfc run` would refuse, and the selected checks that would run or
 * skip, counted per reason (each check listed with `verbose`). Text from the target shows escaped.
 */
export function renderDiagnosis(profile: TargetProfile, diagnosis: Diagnosis, options: { profileName: string; verbose: boolean }): string {
  const lines = [
    `profile ${options.profileName}: valid · ${profile.baseUrl} · environment ${profile.environment} · allowWrites ${profile.allowWrites ?? false}`,
    '',
    'target (GET only, nothing written):',
    ...diagnosis.probes.map((probe) => `  ${probe.api}  ${safeLine(probeLine(probe))}`),
  ];
  const { preflight } = diagnosis;
  if (preflight.stop === undefined) {
    const versions = [...new Set(diagnosis.probes.filter((probe) => probe.token === 'primary').map((probe) => probe.api))];
    lines.push(`  tokens.primary works on ${versions.join(' and ')}`);
  } else {
    const failure = preflight.failures[0]?.failure;
    lines.push(safeLine(`  STOP: ${failure ? `${failure.title}: ${failure.received}` : preflight.stop}`));
  }
  for (const [key, reason] of Object.entries(preflight.unusableTokens)) lines.push(safeLine(`  tokens.${key}: ${reason}; its checks skip`));
  if (diagnosis.refusal) lines.push(`  mfc run would exit 2: ${diagnosis.refusal}`);
  lines.push('', `checks: ${diagnosis.selected.length} selected · ${diagnosis.runs.length} would run · ${diagnosis.selected.length - diagnosis.runs.length} would skip`);
  const width = String(Math.max(diagnosis.runs.length, ...diagnosis.skips.map((skip) => skip.checks.length))).length;
  lines.push(`  ${String(diagnosis.runs.length).padStart(width)}  run`);
  for (const skip of diagnosis.skips) {
    lines.push(safeLine(`  ${String(skip.checks.length).padStart(width)}  skip: ${skip.reason}`));
    if (skip.reason !== WRITES_REASON) continue;
    for (const then of diagnosis.afterWrites) {
      lines.push(safeLine(`  ${' '.repeat(width)}    of which ${then.checks.length} would still skip with allowWrites: true: ${then.reason}`));
    }
  }
  if (options.verbose) {
    lines.push('', `would run:${diagnosis.runs.length === 0 ? ' none' : ''}`, ...diagnosis.runs.map((check) => `  ${check.id}  §${check.section}`));
    for (const skip of diagnosis.skips) {
      lines.push('', safeLine(`would skip: ${skip.reason}`), ...skip.checks.map((check) => `  ${check.id}  §${check.section}`));
    }
  } else if (diagnosis.selected.length > 0) {
    lines.push('  (--verbose lists each check under its reason)');
  }
  return `${lines.join('\n')}\n`;
}
