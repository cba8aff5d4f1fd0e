import { parseArgs } from 'node:util';
import { loadProfile, profileFromFlags, ProfileError, type TargetProfile } from '../../profile/index.js';
import { safeText } from '../../text/terminal.js';
import type { Command } from '../command.js';
import { UsageError } from '../command.js';

const help = `Usage: mfc doctor --profile FILE [--api v1|v2|all] [--only PATTERN] [--verbose]
       mfc doctor --base-url URL --token T [flags]

Checks a profile against its target without writing anything: validates the profile, reaches the
target once per version with the primary token (the same GETs mfc run sends before any check, plus
one per version for each token standing for another client), shows the rate-limit headers each
answer carried (X-Rate-Limit-Used, X-Rate-Limit-Max, Retry-After), and counts the checks that would
run and those that would skip, per reason. No check runs.

Flags:
  --profile FILE              the target profile (JSON or YAML; CONTRACT §2)
  --base-url URL --token T    instead of a profile: only these two
  --api v1|v2|all             which version is reached and which checks are counted (default all)
  --only PATTERN              count only the checks this glob over ids selects (as mfc run --only)
  --verbose                   list each check under "would run" or its skip reason

Exit codes: 0 the target answers and the primary token works; 1 it does not (unreachable, not the
API, the token refused, the rate limit); 2 wrong invocation, unreadable or invalid profile.`;

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
        verbose: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    // parseArgs quotes the offending argument, which may be a token: only the flag name is kept.
    const flag = /'(--?[\w-]+)/.exec((error as Error).message)?.[1];
    throw new UsageError(flag ? `unknown or malformed flag ${flag}. Run "mfc doctor --help".` : 'wrong arguments. Run "mfc doctor --help".');
  }
}

function targetProfile(values: ReturnType<typeof parse>): TargetProfile {
  const fromFlags = values['base-url'] !== undefined || values.token !== undefined;
  if (values.profile !== undefined && fromFlags) throw new UsageError('give either --profile or --base-url with --token, not both');
  try {
    if (values.profile !== undefined) return loadProfile(values.profile);
    if (values['base-url'] === undefined || values.token === undefined) throw new UsageError('needs --profile FILE, or both --base-url URL and --token T');
    return profileFromFlags(values['base-url'], values.token);
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(error.message);
    throw error;
  }
}

/** `mfc doctor`: validates the profile, reaches the target with GETs only, and says what a run would run and skip. */
export const command: Command = {
  summary: 'check a profile against its target without writing: reachability, rate-limit headers, what would run or skip',
  help,
  async run(args) {
    const values = parse(args);
    const api = values.api;
    if (api !== 'v1' && api !== 'v2' && api !== 'all') throw new UsageError(`--api expects v1, v2 or all, received "${api}"`);
    const profile = targetProfile(values);
    const { registryOrReport } = await import('./rules.js');
    const checks = await registryOrReport('doctor');
    if (!checks) return 1;
    const { isSelected } = await import('../../checks/selection.js');
    if (values.only !== undefined && !checks.some((check) => isSelected(check.id, { api, only: values.only }))) {
      throw new UsageError(`--only "${values.only}" selects no check. Check ids look like v1.orders.create.duplicate-409; "mfc run --list" lists them.`);
    }
    const { diagnose, renderDiagnosis } = await import('../../setup/index.js');
    const diagnosis = await diagnose(profile, { api, ...(values.only === undefined ? {} : { only: values.only }), checks });
    const profileName = values.profile ?? '(from --base-url and --token)';
    process.stdout.write(safeText(renderDiagnosis(profile, diagnosis, { profileName, verbose: values.verbose })));
    if (diagnosis.preflight.stop !== undefined) {
      const failure = diagnosis.preflight.failures[0]?.failure;
      process.stderr.write(`mfc doctor: ${safeText(failure ? `${failure.title}: ${failure.received}` : diagnosis.preflight.stop)}\n`);
      return 1;
    }
    return 0;
  },
};
