import { randomBytes } from 'node:crypto';
import { profileSecrets, type ApiVersion, type RunConfig } from '../checks/index.js';
import { HttpClient, createRedactor } from '../http/index.js';
import { buildReport, writeReports, type CheckResult, type ReportPaths, type RunReport } from '../reports/index.js';
import { ResultCollector } from './collector.js';
import { defaultInclude, defaults, packageRoot, type RunOptions } from './options.js';
import { preflight } from './preflight.js';
import { loadRules } from '../rules/load.js';
import { ruleCoverage } from '../rules/coverage.js';
import { Progress } from './progress.js';
import { assertWritesAllowed } from './safety.js';
import { attributeViolations } from './schema-verdicts.js';
import { runVitest } from './vitest.js';

/** What a run produced: the report, the exit code (CONTRACT §1), where the reports went, and what replays it. */
export interface RunOutcome {
  report: RunReport;
  exitCode: 0 | 1;
  reportPaths?: ReportPaths;
  marker: string;
  seed: number;
  durationMs: number;
  /** HTTP requests the run sent (the preflight and retries included). */
  requests: number;
  /** How many checks `--api` and `--only` selected. */
  selected: number;
}

function deadlineFailure(deadlineMs: number, collector: ResultCollector): CheckResult[] {
  // Checks collected but never reported (the worker was closed under them) are listed too.
  const unfinished = [...collector.pending.values()].map((result) => ({ ...result, message: 'not finished: the run deadline passed' }));
  return [
    {
      id: 'run.deadline',
      title: 'The run finishes within its deadline',
      api: 'v1',
      section: '0',
      status: 'failed',
      message: `The run did not finish within ${Math.round(deadlineMs / 1000)} s; ${collector.cutShort + unfinished.length} check(s) did not finish`,
      requests: [],
    },
    ...unfinished,
  ];
}

/** Runs the selected checks against the profile's target and writes the reports; the programmatic face of `mfc run`. */
export async function runChecks(options: RunOptions): Promise<RunOutcome> {
  const started = Date.now();
  const { profile } = options;
  assertWritesAllowed(profile, options.allowProductionWrites ?? false);
  const api = options.api ?? 'all';
  const requestTimeoutMs = options.requestTimeoutMs ?? defaults.requestTimeoutMs;
  const deadlineMs = options.deadlineMs ?? defaults.deadlineMs;
  const secrets = profileSecrets(profile);
  const redact = createRedactor(secrets);
  // Read before any request: a broken inventory is a packaging error, not a finding about the target.
  const rules = loadRules();

  const probe = new HttpClient({ secrets, requestTimeoutMs, maxRetries: 1 });
  const probeApi: ApiVersion = api === 'v2' ? 'v2' : 'v1';
  let unreachable: CheckResult | undefined;
  try {
    unreachable = await preflight(probe, profile.baseUrl, profile.tokens.primary, probeApi);
  } finally {
    await probe.close();
  }

  const seed = options.seed ?? randomBytes(4).readUInt32BE() % 2 ** 31;
  const config: RunConfig = {
    profile,
    marker: `mfc-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`,
    seed,
    ...(options.runs === undefined ? {} : { runs: options.runs }),
    targetArgs: options.targetArgs ?? '--profile <profile>',
    api,
    ...(options.only === undefined ? {} : { only: options.only }),
    requestTimeoutMs,
    checkTimeoutMs: Math.min(options.checkTimeoutMs ?? defaults.checkTimeoutMs, deadlineMs),
    ...(unreachable ? { unreachable: unreachable.message } : {}),
  };
  const progress = options.progress ? new Progress(options.progress) : undefined;
  const collector = new ResultCollector({ api, only: options.only }, redact, progress);
  const { deadlinePassed } = await runVitest({
    config,
    collector,
    root: options.root ?? packageRoot,
    include: options.include ?? defaultInclude,
    deadlineMs: Math.max(1, deadlineMs - (Date.now() - started)),
  });
  progress?.end();

  const results = [
    ...(unreachable ? [unreachable] : []),
    ...attributeViolations(collector.results, collector.violations, collector.owners),
    ...(deadlinePassed ? deadlineFailure(deadlineMs, collector) : []),
  ];
  const report = buildReport(results, ruleCoverage(rules, results));
  const reportPaths = options.reportDir === undefined ? undefined : await writeReports(options.reportDir, report, { secrets });
  return {
    report,
    exitCode: report.summary.failed > 0 ? 1 : 0,
    ...(reportPaths ? { reportPaths } : {}),
    marker: config.marker,
    seed,
    durationMs: Date.now() - started,
    requests: collector.requestCount + 1,
    selected: collector.selectedCount,
  };
}
