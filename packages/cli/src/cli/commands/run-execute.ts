import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isSelected } from '../../checks/selection.js';
import { loadRules } from '../../rules/load.js';
import { UsageError, type Command } from '../command.js';
import { cliName } from '../invocation.js';
import { apiFlag, parseFlags, targetFlags } from '../flags.js';
import { targetArgs, targetProfile, withDefaultProfile } from '../target.js';
import { cliVersion } from '../../version.js';
import { renderNextStep, renderSummary } from '../../reports/index.js';
import { wantsProgress } from '../../runner/progress.js';
import { judgeWithBaseline, readBaseline } from './run-baseline.js';
import { assertWritesAllowed } from '../../runner/safety.js';



function integer(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} expects a non-negative integer, received "${value}"`);
  return Number(value);
}

function seconds(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0) throw new UsageError(`${flag} expects a number of seconds above 0, received "${value}"`);
  return Number(value);
}

/** Fails with a usage error, before any request, when `--only` names no check of the rule inventory under `--api`. */
function assertSelectsSomething(only: string, api: 'v1' | 'v2' | 'all'): void {
  const ids = new Set(loadRules().flatMap((rule) => rule.checks));
  if ([...ids].some((id) => isSelected(id, { api, only }))) return;
  throw new UsageError(`--only "${only}" selects no check${api === 'all' ? '' : ` of ${api}`}. Check ids look like v1.orders.create.duplicate-409; "mfc run --list" lists them.`);
}

/** Fails with a usage error, before any request, when the report directory cannot be created or written. */
async function assertWritableDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    const probe = join(dir, `.mfc-write-test-${process.pid}`);
    await writeFile(probe, '');
    await rm(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOTDIR' || code === 'EEXIST' ? 'a part of the path is a file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EROFS' ? 'read-only file system' : 'it cannot be written';
    throw new UsageError(`--report-dir ${dir}: ${why}${code ? ` (${code})` : ''}; the run would have nowhere to write its reports`);
  }
}

/** SIGINT/SIGTERM abort the run once (it stops and reports); a second signal exits at once with 130. */
function interruptOnSignals(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write(`\nmfc run: ${name}: stopping; the running check cancels what it created, then the reports are written (${name} again quits at once)\n`);
    controller.abort(name);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

function parse(args: string[]) {
  return parseFlags('run', args, {
    ...targetFlags,
    api: { type: 'string', default: 'all' },
    only: { type: 'string' },
    'report-dir': { type: 'string', default: 'reports' },
    seed: { type: 'string' },
    runs: { type: 'string' },
    cases: { type: 'string' },
    'max-wait': { type: 'string' },
    deadline: { type: 'string' },
    'allow-production-writes': { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    baseline: { type: 'string' },
    har: { type: 'string' },
  });
}

/** Fails with a usage error, before any request, when the HAR file cannot be written: its folder is made if missing. */
async function assertWritableFile(file: string): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--har ${file}: it cannot be written${code ? ` (${code})` : ''}`);
  }
}


/** `mfc run`: validates the invocation and the profile, runs the checks, prints the summary, returns the exit code. */
export const execute: Command['run'] = async (args) => {
  const values = withDefaultProfile(parse(args));
  const api = apiFlag(values.api);
  if (values.list) return (await import('./run-list.js')).listChecks(api, values.only);
  const seed = integer(values.seed, '--seed');
  const runs = integer(values.runs, '--runs');
  const cases = integer(values.cases, '--cases');
  if (cases === 0) throw new UsageError('--cases expects at least 1 case per operation, received "0"');
  const maxWait = seconds(values['max-wait'], '--max-wait');
  const deadline = seconds(values.deadline, '--deadline');
  // Before any request: a mistyped --only is a usage error whatever the target does.
  if (values.only !== undefined) assertSelectsSomething(values.only, api);
  const baseline = values.baseline === undefined ? undefined : readBaseline(values.baseline);
  const profile = targetProfile(values);
  assertWritesAllowed(profile, values['allow-production-writes']);
  await assertWritableDir(values['report-dir']);
  if (values.har !== undefined) await assertWritableFile(values.har);
  // vitest loads only once the invocation is known to be right: a usage error answers at once.
  const { runChecks } = await import('../../runner/index.js');
  const { renderPlan } = await import('../../runner/plan.js');
  // How a replay starts this run again, as the person can type it here: never a token.
  const target = targetArgs(values);
  const runCommand = `${cliName()} run ${target}`;
  const interrupt = interruptOnSignals();
  let outcome;
  try {
    outcome = await runChecks({
      profile,
      api,
      ...(values.only === undefined ? {} : { only: values.only }),
      ...(seed === undefined ? {} : { seed }),
      ...(runs === undefined ? {} : { runs }),
      ...(cases === undefined ? {} : { cases }),
      ...(maxWait === undefined ? {} : { maxWaitMs: maxWait * 1000 }),
      ...(deadline === undefined ? {} : { deadlineMs: deadline * 1000 }),
      // The process's own start: the run's wall time (junit.xml's, the last line's) is the command's.
      startedAt: Math.round(performance.timeOrigin),
      reportDir: values['report-dir'],
      runCommand,
      profileName: values.profile ?? '--base-url',
      allowProductionWrites: values['allow-production-writes'],
      ...(wantsProgress(process.stderr) ? { progress: process.stderr } : { progressLines: process.stderr }),
      onPlan: (plan, deadlineMs, selected) => process.stderr.write(`mfc run: ${renderPlan(plan, { deadlineMs, selected }).split('\n').join('\nmfc run: ')}\n`),
      signal: interrupt.signal,
      ...(values.har === undefined ? {} : { har: { file: resolve(values.har), version: cliVersion() } }),
    });
  } finally {
    interrupt.dispose();
  }
  // A check file that failed to load is the likelier cause when there are failures: those exit 1 as usual.
  if (values.only !== undefined && outcome.selected === 0 && outcome.exitCode === 0) {
    throw new UsageError(`--only "${values.only}" selects no check. Check ids look like v1.orders.create.duplicate-409.`);
  }
  process.stdout.write(renderSummary(outcome.report));
  const interrupted = outcome.report.run?.interrupted;
  if (interrupted !== undefined) process.stdout.write(`interrupted: ${interrupted}; the report holds the checks that finished\n`);
  if (outcome.created.length > 0) {
    process.stdout.write(`created ${outcome.created.length} record(s) marked ${outcome.marker}; listed in report.json under run.created\n`);
  }
  process.stdout.write(
    `seed ${outcome.seed} · marker ${outcome.marker} · ${outcome.requests} requests · ${(outcome.durationMs / 1000).toFixed(1)} s · reports in ${values['report-dir']}\n`,
  );
  const exitCode = baseline === undefined ? outcome.exitCode : await judgeWithBaseline(baseline, outcome.report, outcome.exitCode, values['report-dir']);
  // The last line says what to do next: clean up after a cut-short run, else read the report (and replay a failure).
  const next = interrupted !== undefined && outcome.created.length > 0
    ? `next: remove what the run left on the target: ${cliName()} cleanup ${target} --report ${join(values['report-dir'], 'report.json')}`
    : renderNextStep(outcome.report, { reportDir: values['report-dir'], command: runCommand });
  if (next !== undefined) process.stdout.write(`${next}\n`);
  return exitCode;
};
