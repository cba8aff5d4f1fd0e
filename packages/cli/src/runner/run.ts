import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_MAX_WAIT_MS, isSelected, loadDispatcherFactory, openRunChannel, profileClientOptions, profileSecrets, type ApiVersion, type CreatedRecord, type RunConfig } from '../checks/index.js';
import { HttpClient, createRedactor, peakShare, redactDeep, trafficPerWindow } from '../http/index.js';
import { rateShare } from '../profile/index.js';
import { buildReport, shownBaseUrl, writeReports, type CheckResult, type ReportPaths, type RunReport } from '../reports/index.js';
import { cliVersion } from '../version.js';
import { ResultCollector } from './collector.js';
import { deadlineFailure } from './deadline.js';
import { codeRoot, defaultInclude } from '../layout.js';
import { defaults, type RunOptions } from './options.js';
import { loadCosts, type RunPlan } from './plan.js';
import { planChecks, selectedChecks } from './planned-checks.js';
import { boundedWaitFailure, preflight, type PreflightOutcome } from './preflight.js';
import { loadRules } from '../rules/load.js';
import type { Rule } from '../rules/index.js';
import { ruleCoverage } from '../rules/coverage.js';
import { Progress } from './progress.js';
import { ProgressLines } from './progress-lines.js';
import { assertWritesAllowed } from './safety.js';
import { attributeViolations } from './schema-verdicts.js';
import { runVitest } from './vitest.js';

/** What a run produced: the report, the exit code (docs/CLI.md), where the reports went, and what replays it. */
export interface RunOutcome {
  report: RunReport;
  /** 130 when the run was interrupted (SIGINT, SIGTERM). */
  exitCode: 0 | 1 | 130;
  reportPaths?: ReportPaths;
  marker: string;
  seed: number;
  durationMs: number;
  /** HTTP requests the run sent (the preflight and retries included). */
  requests: number;
  /** How many checks `--api` and `--only` selected. */
  selected: number;
  /** Records the checks created on the target. */
  created: CreatedRecord[];
  /** What the run planned before its first check. */
  plan: RunPlan;
}

// How long the runner waits, after vitest ended, for the worker's last message to cross threads.
const FINISHED_GRACE_MS = 2_000;

/** Runs the selected checks against the profile's target and writes the reports; the programmatic face of `mfc run`. */
export async function runChecks(options: RunOptions): Promise<RunOutcome> {
  const started = options.startedAt ?? Date.now();
  const { profile } = options;
  assertWritesAllowed(profile, options.allowProductionWrites ?? false);
  const api = options.api ?? 'all';
  const selection = { api, only: options.only };
  const root = options.root ?? codeRoot;
  const requestTimeoutMs = options.requestTimeoutMs ?? defaults.requestTimeoutMs;
  const maxWaitMs = options.maxWaitMs ?? (profile.rateLimit?.maxWaitSeconds === undefined ? DEFAULT_MAX_WAIT_MS : profile.rateLimit.maxWaitSeconds * 1000);
  const share = rateShare(profile);
  const secrets = profileSecrets(profile);
  const redact = createRedactor(secrets);
  // Read before any request: a broken inventory is a packaging error, not a finding about the target.
  const rules = loadRules();
  const { checks, files, declared } = await selectedChecks(root, options.include ?? defaultInclude, selection);
  const progress = options.progress ? new Progress(options.progress) : options.progressLines ? new ProgressLines(options.progressLines) : undefined;

  // One stop for the whole run: an interrupt from outside, or the rate-limit bound from inside.
  const stop = new AbortController();
  const stopRun = (reason: string) => {
    if (!stop.signal.aborted) stop.abort(reason);
  };
  const onInterrupt = () => stopRun(`interrupted (${String(options.signal?.reason ?? 'signal')})`);
  if (options.signal?.aborted) onInterrupt();
  else options.signal?.addEventListener('abort', onInterrupt, { once: true });

  let preflightStop: string | undefined;
  const dispatcher = options.dispatcherModule === undefined ? undefined : (await loadDispatcherFactory(options.dispatcherModule))(profile.baseUrl);
  const probe = new HttpClient({
    ...profileClientOptions(profile),
    ...(dispatcher === undefined ? {} : { dispatcher }),
    requestTimeoutMs, maxRetries: 1, maxWaitMs,
    ...(share === undefined ? {} : { share }),
    ...(profile.rateLimit?.perMinute === undefined ? {} : { perMinute: profile.rateLimit.perMinute }),
    onWait: (waitMs, reason) => progress?.wait(waitMs, reason),
    onGiveUp: (reason) => {
      preflightStop ??= reason;
    },
  });
  const apis: ApiVersion[] = api === 'all' ? ['v1', 'v2'] : [api];
  let inputs: PreflightOutcome;
  const haltProbe = () => probe.halt(String(stop.signal.reason));
  stop.signal.addEventListener('abort', haltProbe, { once: true });
  const preflightStarted = performance.now();
  try {
    inputs = await preflight({ http: probe, rateLimitStop: () => preflightStop }, profile, apis);
  } finally {
    stop.signal.removeEventListener('abort', haltProbe);
    await probe.close();
    await dispatcher?.close();
  }
  const interruptedEarly = stop.signal.aborted;
  const latencyMs = (performance.now() - preflightStarted) / Math.max(1, probe.requestCount);

  const seed = options.seed ?? randomBytes(4).readUInt32BE() % 2 ** 31;
  const config: RunConfig = {
    profile,
    marker: `mfc-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`,
    seed,
    ...(options.runs === undefined ? {} : { runs: options.runs }),
    ...(options.cases === undefined ? {} : { cases: options.cases }),
    runCommand: options.runCommand ?? 'mfc run --profile <profile>',
    api,
    ...(options.only === undefined ? {} : { only: options.only }),
    requestTimeoutMs,
    checkTimeoutMs: options.checkTimeoutMs ?? defaults.checkTimeoutMs,
    maxWaitMs,
    ...(share === undefined ? {} : { share }),
    pacedBefore: probe.pacer.handover(),
    ...(inputs.stop !== undefined ? { stop: inputs.stop } : interruptedEarly ? { stop: `not run: ${String(stop.signal.reason)}` } : {}),
    ...(Object.keys(inputs.unusableTokens).length > 0 ? { unusableTokens: inputs.unusableTokens } : {}),
    deadlineMs: 0,
    concurrency: options.concurrency ?? defaults.concurrency,
    files: files.map((file) => join(root, file)),
    root,
    ...(options.dispatcherModule === undefined ? {} : { dispatcherModule: options.dispatcherModule }),
    ...(options.har === undefined ? {} : { har: options.har }),
  };
  const plan = planChecks(checks, config, probe, loadCosts(root), { everyCheck: declared, latencyMs });
  config.costs = Object.fromEntries(Object.entries(plan.costs).map(([id, cost]) => [id, cost.requests]));
  if (plan.asOtherMerchant.length > 0) config.asOtherMerchant = plan.asOtherMerchant;
  // The deadline follows the work: the plan's time with room for other clients and slow answers, or --deadline.
  config.deadlineMs = options.deadlineMs ?? plan.deadlineMs;
  config.checkTimeoutMs = Math.min(config.checkTimeoutMs, config.deadlineMs);
  options.onPlan?.(plan.plan, config.deadlineMs, checks.length);

  const collector = new ResultCollector(selection, redact, progress);
  // The checks run in vitest's worker thread; this channel carries their starts, waits and the bound's verdict here, and the halt there.
  let rateLimitStop: string | undefined;
  let finished!: () => void;
  // The worker tells of its end (the run-end requests and the traffic) once every check is done.
  const workerFinished = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const channel = openRunChannel(config.marker, (message) => {
    if (message.kind === 'started') progress?.start(message.id);
    if (message.kind === 'wait') progress?.wait(message.waitMs, message.reason);
    if (message.kind === 'created') collector.addCreated(message.record);
    if (message.kind === 'finished') {
      collector.requestCount += message.requests;
      collector.traffic = message.traffic;
      finished();
    }
    if (message.kind === 'give-up') {
      rateLimitStop ??= message.reason;
      stopRun(`the rate limit: ${message.reason}`);
    }
  });
  const haltChecks = () => channel.post({ kind: 'halt', reason: String(stop.signal.reason) });
  stop.signal.addEventListener('abort', haltChecks, { once: true });
  let deadlinePassed = false;
  try {
    const deadlineMs = Math.max(1, config.deadlineMs - (Date.now() - started));
    ({ deadlinePassed } = options.batch
      ? await options.batch.join({ config, collector }, deadlineMs)
      : await runVitest({ runs: [{ config, collector }], root, deadlineMs, stop: stop.signal }));
    // The message crosses threads; a worker closed by the deadline never sends it.
    if (!deadlinePassed) await Promise.race([workerFinished, new Promise((resolve) => setTimeout(resolve, FINISHED_GRACE_MS).unref())]);
  } finally {
    stop.signal.removeEventListener('abort', haltChecks);
    options.signal?.removeEventListener('abort', onInterrupt);
    channel.close();
    progress?.end();
  }

  const interrupted = options.signal?.aborted ? String(stop.signal.reason) : undefined;
  // The preflight's failures quote the target's answers and never passed through the collector.
  const results = [
    ...inputs.failures.map((failure) => redactDeep(failure, redact)),
    ...(rateLimitStop === undefined ? [] : [boundedWaitFailure(rateLimitStop.includes('/merchant_api/v2') ? 'v2' : 'v1', rateLimitStop)]),
    ...attributeViolations(collector.results, collector.violations, collector.owners),
    ...(deadlinePassed ? deadlineFailure(config, collector, checks, plan.costOf) : stop.signal.aborted ? notRun(collector, rules, selection, String(stop.signal.reason)) : []),
  ];
  // The checks' pacer took over the preflight's counts, so both are in (while their minute lasted).
  const peak = peakShare(collector.traffic);
  const report = buildReport(results, ruleCoverage(rules, results), {
    marker: config.marker,
    seed,
    command: config.runCommand,
    created: collector.created,
    ...(interrupted === undefined ? {} : { interrupted }),
    ...(share === undefined ? {} : { share }),
    plan: plan.plan,
    deadlineMs: config.deadlineMs,
    durationMs: Date.now() - started,
    windows: trafficPerWindow(collector.traffic),
    traffic: collector.traffic,
    ...(peak === undefined ? {} : { peakShare: Math.round(peak * 1000) / 1000 }),
  }, {
    baseUrl: shownBaseUrl(profile.baseUrl),
    environment: profile.environment,
    apis,
    profile: options.profileName ?? 'given in process',
    startedAt: new Date(started).toISOString(),
    finishedAt: new Date().toISOString(),
    mfcVersion: cliVersion(),
  });
  const reportPaths = options.reportDir === undefined ? undefined : await writeReports(options.reportDir, report, { secrets });
  return {
    report,
    exitCode: interrupted !== undefined ? 130 : report.summary.failed > 0 ? 1 : 0,
    ...(reportPaths ? { reportPaths } : {}),
    marker: config.marker,
    seed,
    durationMs: Date.now() - started,
    requests: collector.requestCount + probe.requestCount,
    selected: checks.length,
    created: collector.created,
    plan: plan.plan,
  };
}

/**
 * The selected checks a stopped run never started: those collected but not run, and those of files
 * vitest never reached, found in the rule inventory, so the report still lists every selected check.
 */
function notRun(collector: ResultCollector, rules: Rule[], selection: { api: ApiVersion | 'all'; only?: string | undefined }, reason: string): CheckResult[] {
  const message = `not run: ${reason}`;
  const listed = [...collector.pending.values()].map((result) => ({ ...result, message }));
  const seen = new Set([...collector.results, ...listed].map((result) => result.id));
  const unseen = new Map<string, CheckResult>();
  for (const rule of rules) {
    for (const id of rule.checks) {
      if (seen.has(id) || unseen.has(id) || !isSelected(id, selection)) continue;
      unseen.set(id, { id, title: id, api: id.startsWith('v2.') ? 'v2' : 'v1', section: rule.section, status: 'skipped', message, requests: [] });
    }
  }
  return [...listed, ...unseen.values()];
}
