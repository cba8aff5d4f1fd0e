import { parseArgs } from 'node:util';
import type { Command } from '../command.js';
import { UsageError } from '../command.js';
import { loadProfile, profileFromFlags, ProfileError, type TargetProfile } from '../../profile/index.js';
import { renderSummary } from '../../reports/index.js';
import { wantsProgress } from '../../runner/progress.js';
import { assertWritesAllowed, RunRefusedError } from '../../runner/safety.js';

const help = `Usage: mfc run --profile FILE [flags]
       mfc run --base-url URL --token T [flags]
       mfc run --list [--api v1|v2|all] [--only PATTERN]

Runs the conformance suites and the property checks against the target the profile names and
writes junit.xml, report.json and report.html.

Flags:
  --profile FILE              the target profile (JSON or YAML; CONTRACT §2)
  --base-url URL --token T    instead of a profile: a read-only run with only these two
  --api v1|v2|all             which version's checks run (default all)
  --only PATTERN              a glob over check ids (v1.orders.*, *duplicate*) or a full id;
                              several, separated by commas
  --report-dir DIR            where the reports go (default reports/)
  --seed N                    seed for generated inputs (printed by every run, to replay it)
  --runs N                    runs per property check
  --allow-production-writes   allow write checks against environment: production
  --list                      print the checks --api and --only select (id, §, rules, writes,
                              needs) and exit; needs no profile and sends no request

Exit codes: 0 every executed check passed; 1 a check failed or the target is unreachable;
2 wrong invocation, unreadable or invalid profile, writes refused by the production rule, or an
--only pattern that selects no check.`;

function integer(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} expects a non-negative integer, received "${value}"`);
  return Number(value);
}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        profile: { type: 'string' },
        'base-url': { type: 'string' },
        token: { type: 'string' },
        api: { type: 'string', default: 'all' },
        only: { type: 'string' },
        'report-dir': { type: 'string', default: 'reports' },
        seed: { type: 'string' },
        runs: { type: 'string' },
        'allow-production-writes': { type: 'boolean', default: false },
        list: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    // parseArgs quotes the offending argument; an argument may be a token, so only the flag name is kept.
    const flag = /'(--?[\w-]+)/.exec((error as Error).message)?.[1];
    throw new UsageError(flag ? `unknown or malformed flag ${flag}. Run "mfc run --help".` : 'wrong arguments. Run "mfc run --help".');
  }
}

function targetProfile(values: ReturnType<typeof parse>): TargetProfile {
  const fromFlags = values['base-url'] !== undefined || values.token !== undefined;
  if (values.profile !== undefined && fromFlags) throw new UsageError('give either --profile or --base-url with --token, not both');
  if (values.profile !== undefined) return loadProfile(values.profile);
  if (values['base-url'] === undefined || values.token === undefined) {
    throw new UsageError('needs --profile FILE, or both --base-url URL and --token T');
  }
  return profileFromFlags(values['base-url'], values.token);
}

/** `mfc run`: validates the invocation and the profile, runs the checks, prints the summary, returns the exit code. */
export const command: Command = {
  summary: 'run the conformance suites and property checks against a target; write reports',
  help,
  async run(args) {
    const values = parse(args);
    const api = values.api;
    if (api !== 'v1' && api !== 'v2' && api !== 'all') throw new UsageError(`--api expects v1, v2 or all, received "${api}"`);
    if (values.list) return (await import('./run-list.js')).listChecks(api, values.only);
    const seed = integer(values.seed, '--seed');
    const runs = integer(values.runs, '--runs');
    try {
      const profile = targetProfile(values);
      assertWritesAllowed(profile, values['allow-production-writes']);
      // vitest loads only once the invocation is known to be right: a usage error answers at once.
      const { runChecks } = await import('../../runner/index.js');
      const outcome = await runChecks({
        profile,
        api,
        ...(values.only === undefined ? {} : { only: values.only }),
        ...(seed === undefined ? {} : { seed }),
        ...(runs === undefined ? {} : { runs }),
        reportDir: values['report-dir'],
        targetArgs: values.profile === undefined ? `--base-url ${values['base-url']} --token "$MFC_TOKEN"` : `--profile ${values.profile}`,
        allowProductionWrites: values['allow-production-writes'],
        ...(wantsProgress(process.stderr) ? { progress: process.stderr } : {}),
      });
      // A mistyped --only must not turn into a green run that checked nothing. (A check file that
      // failed to load is the likelier cause when there are failures: those exit 1 as usual.)
      if (values.only !== undefined && outcome.selected === 0 && outcome.exitCode === 0) {
        throw new UsageError(`--only "${values.only}" selects no check. Check ids look like v1.orders.create.duplicate-409.`);
      }
      process.stdout.write(renderSummary(outcome.report));
      process.stdout.write(
        `seed ${outcome.seed} · marker ${outcome.marker} · ${outcome.requests} requests · ${(outcome.durationMs / 1000).toFixed(1)} s · reports in ${values['report-dir']}\n`,
      );
      return outcome.exitCode;
    } catch (error) {
      if (error instanceof ProfileError || error instanceof RunRefusedError) throw new UsageError(error.message);
      throw error;
    }
  },
};
