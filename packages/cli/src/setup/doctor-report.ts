import { DEFAULT_MAX_ANSWER_BYTES } from '@mfc-conformance/api/client';
import { proxyFor, shownBytes, shownProxy } from '@mfc-conformance/api/internal';
import type { TargetProfile, WebhookSettings } from '../profile/index.js';
import { defaults } from '../runner/options.js';
import { renderPlan } from '../runner/plan.js';
import { inDoctorWords } from '../runner/preflight.js';
import { safeLine } from '../text/terminal.js';
import type { Diagnosis, ProbeSeen } from './doctor.js';

// skipReason's words for a write check under allowWrites: false (src/checks/selection.ts).
const WRITES_REASON = 'needs allowWrites: true in the profile';

// The library names the connection setting that fixes a missing answer; the doctor adds the flag
// that tries it before it goes into the profile (docs/CLI.md, connection flags).
const SETTING_FLAGS: Array<[setting: string, flag: string]> = [
  ['connection.proxy', 'mfc doctor --proxy URL'],
  ['connection.ca', 'mfc doctor --ca FILE'],
  ['connection.clientCertificate', 'mfc doctor --client-cert FILE --client-key FILE'],
];

/** `text` with the doctor flag after the first connection setting it names. */
function withSettingFlag(text: string): string {
  for (const [setting, flag] of SETTING_FLAGS) {
    const at = text.search(new RegExp(`${setting.replace('.', '\\.')}(?![A-Za-z])`));
    if (at >= 0) return `${text.slice(0, at + setting.length)} (${flag})${text.slice(at + setting.length)}`;
  }
  return text;
}

/** `200 · X-Rate-Limit-Used 3 · X-Rate-Limit-Max 100`, or why no answer came. */
function probeLine(probe: ProbeSeen): string {
  const who = probe.token === undefined ? '' : ` (tokens.${probe.token})`;
  if (probe.status === undefined) return `${probe.request}${who}: no answer: ${withSettingFlag(probe.error ?? 'not sent')}`;
  const headers = [
    probe.rateLimitUsed === undefined ? 'no X-Rate-Limit-Used' : `X-Rate-Limit-Used ${probe.rateLimitUsed}`,
    probe.rateLimitMax === undefined ? 'no X-Rate-Limit-Max' : `X-Rate-Limit-Max ${probe.rateLimitMax}`,
    ...(probe.retryAfter === undefined ? [] : [`Retry-After ${probe.retryAfter}`]),
  ];
  const missing = probe.rateLimitUsed === undefined || probe.rateLimitMax === undefined ? ' (§8: every response carries both)' : '';
  return `${probe.request}${who}: ${probe.status} · ${headers.join(' · ')}${missing}`;
}

// What a webhook check waits for a delivery when the profile names no wait (suites/support/webhooks.ts).
const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * What the webhook checks that would run cost in waiting, and where that wait is set. A check that
 * waits for a retry, or watches that none comes, waits about `retryWithinMs`; they run side by side
 * with the others, up to the run's concurrency at a time, so each batch of them adds that much.
 */
function webhookWaitLines(profile: TargetProfile, diagnosis: Diagnosis): string[] {
  const webhookChecks = diagnosis.runs.filter((check) => check.needs.some((key) => key === 'webhooks' || key.startsWith('webhooks.')));
  if (webhookChecks.length === 0) return [];
  const retries = webhookChecks.filter((check) => check.needs.includes('webhooks.retryWithinMs')).length;
  const retryWithinMs = profile.webhooks?.retryWithinMs ?? 0;
  const batches = Math.ceil(retries / defaults.concurrency);
  const lines = [`  webhook checks: ${webhookChecks.length}; each waits up to webhooks.timeoutMs (${seconds(profile.webhooks?.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS)}) for its delivery, which usually comes sooner`];
  if (retries === 0) return lines;
  return [
    ...lines,
    `    ${retries} of them wait about webhooks.retryWithinMs (${seconds(retryWithinMs)}) each, for a retry or to see that none comes;`,
    `    with ${defaults.concurrency} checks running at a time, they add about ${batches === 1 ? '' : `${batches} × `}${seconds(retryWithinMs)} to the run.`,
    "    retryWithinMs is the deployment's first retry wait plus a margin (§6.3 point 4): longer only makes them slower",
  ];
}

/** What giving `fixtures.otherMerchant` would save, when the profile names the other merchant's token without it. */
function spreadLines(diagnosis: Diagnosis): string[] {
  if (diagnosis.spread === undefined) return [];
  const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
  return [
    `  fixtures.otherMerchant is not set: with it, ${diagnosis.spread.checks} write checks would run as tokens.otherMerchant, in that merchant's own`,
    `    rate-limit windows, and the run would take about ${minutes(diagnosis.spread.expectedMs)} instead of ${minutes(diagnosis.plan.expectedMs)}; mfc init fills it (docs/PROFILE.md)`,
  ];
}

/** Where the deployment must send its webhook calls and where the run receives them (§6), and how signatures will be judged. */
function webhookSetupLines(settings: WebhookSettings): string[] {
  const local = `http://${settings.host}:${settings.port}`;
  const register = (api: 'v1' | 'v2', where: string, publicUrl: string | undefined, path: string): string => {
    if (publicUrl === undefined) return `  register for ${api} (${where}): ${local}${path} (no publicV${api.slice(1)}Url: the deployment must reach this address)`;
    const rewrite = new URL(publicUrl).pathname === path ? '' : `; the proxy forwards it to ${path}`;
    return `  register for ${api} (${where}): ${publicUrl} (publicV${api.slice(1)}Url${rewrite})`;
  };
  return [
    '',
    `webhooks (§6): the run's receiver listens on ${local}, v1 calls at ${settings.v1Path}, v2 calls at ${settings.v2Path}`,
    register('v1', 'through the account manager', settings.publicV1Url, settings.v1Path),
    register('v2', 'in the merchant dashboard', settings.publicV2Url, settings.v2Path),
    settings.signingToken === undefined
      ? "  webhooks.signingToken not set: a call keyed with none of the profile's tokens skips the signature checks; set it to the channel's oldest valid token (§6.3 point 1)"
      : '  webhooks.signingToken set: a call keyed with another token fails the signature checks',
  ];
}

// skipReason's words for a key the profile lacks (src/checks/selection.ts): `needs fixtures.sku in the profile`.
const MISSING_KEY = /^needs \S+ in the profile$/;

/** The last line: what to do next, given what the doctor found; `run` is the `mfc run` command line for this target. */
function nextStep(diagnosis: Diagnosis, run: string): string {
  if (diagnosis.preflight.stop !== undefined) return 'next: fix what STOP names above, then run mfc doctor again';
  if (diagnosis.refusal !== undefined) return `next: ${run} --allow-production-writes, to let its checks write to production; or set allowWrites: false`;
  const lacking = diagnosis.skips.filter((skip) => MISSING_KEY.test(skip.reason)).reduce((sum, skip) => sum + skip.checks.length, 0);
  return `next: ${run}${lacking === 0 ? '' : `; ${lacking} checks skip for keys the profile lacks (the skip lines name them; docs/PROFILE.md says what each holds)`}`;
}

/** How the requests reach the target: the proxy and where it was set, the trust, the client certificate, the gateway headers (secrets by their variable), the answer bound. */
function connectionLine(profile: TargetProfile): string {
  const settings = profile.connection?.settings ?? {};
  const proxy = proxyFor(profile.connection?.options, new URL(profile.baseUrl).origin);
  const parts = [
    proxy === undefined ? `direct (${settings.proxy === 'none' ? 'connection.proxy: none' : 'no proxy set: HTTPS_PROXY, connection.proxy'})` : `through the proxy ${shownProxy(proxy.url)} (${proxy.source}; NO_PROXY honoured)`,
    ...(settings.ca === undefined ? [] : [`trusting ${settings.ca} besides Node's certificate authorities`]),
    ...(settings.clientCertificate === undefined ? [] : [`client certificate ${settings.clientCertificate.cert}`]),
    ...(settings.headers === undefined ? [] : [`headers ${Object.entries(settings.headers).map(([name, value]) => (typeof value === 'string' ? name : `${name} (from $${value.env})`)).join(', ')}`]),
    `answers up to ${shownBytes(profile.connection?.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES)}`,
  ];
  return `connection: ${parts.join(' · ')}`;
}

/**
 * The doctor's report: the profile, each request with the §8 headers its answer carried, the tokens
 * the preflight could not use, what `mfc run` would refuse, and the selected checks that would run or
 * skip, counted per reason (each check listed with `verbose`). Text from the target shows escaped.
 */
export function renderDiagnosis(profile: TargetProfile, diagnosis: Diagnosis, options: { profileName: string; verbose: boolean; run: string }): string {
  const lines = [
    `profile ${options.profileName}: valid · ${profile.baseUrl} · environment ${profile.environment} · allowWrites ${profile.allowWrites ?? false}`,
    safeLine(connectionLine(profile)),
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
    lines.push(safeLine(`  STOP: ${withSettingFlag(failure ? `${inDoctorWords(failure.title)}: ${failure.received}` : preflight.stop)}`));
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
  if (diagnosis.runs.length > 0) lines.push('', renderPlan(diagnosis.plan, { deadlineMs: diagnosis.deadlineMs, selected: diagnosis.selected.length, mood: 'doctor' }), ...spreadLines(diagnosis), ...webhookWaitLines(profile, diagnosis));
  if (profile.webhooks) lines.push(...webhookSetupLines(profile.webhooks).map(safeLine));
  if (options.verbose) {
    lines.push('', `would run:${diagnosis.runs.length === 0 ? ' none' : ''}`, ...diagnosis.runs.map((check) => `  ${check.id}  §${check.section}`));
    for (const skip of diagnosis.skips) {
      lines.push('', safeLine(`would skip: ${skip.reason}`), ...skip.checks.map((check) => `  ${check.id}  §${check.section}`));
    }
  } else if (diagnosis.selected.length > 0) {
    lines.push('  (--verbose lists each check under its reason)');
  }
  lines.push('', nextStep(diagnosis, options.run));
  return `${lines.join('\n')}\n`;
}
