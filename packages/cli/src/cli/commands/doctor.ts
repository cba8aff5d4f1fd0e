import { safeText } from '../../text/terminal.js';
import type { Command } from '../command.js';
import { UsageError } from '../command.js';
import { apiFlag, parseFlags, targetFlags } from '../flags.js';
import { targetArgs, targetProfile, withDefaultProfile } from '../target.js';
import { connectionFlags, connectionFlagsHelp, connectionFromFlags, withConnectionFlags } from '../connection-flags.js';

const help = `Usage: mfc doctor [--profile FILE] [--api v1|v2|all] [--only PATTERN] [--verbose] [connection flags]
       mfc doctor --base-url URL --token-env VAR [flags]

Checks a profile against its target without writing anything: validates the profile, reaches the
target once per version with the primary token (the same GETs mfc run sends before any check, plus
one per version for each token standing for another client), shows the rate-limit headers each
answer carried (X-Rate-Limit-Used, X-Rate-Limit-Max, Retry-After), and counts the checks that would
run and those that would skip, per reason. No check runs. When the target cannot be reached, it says
which obstacle stopped it (a host only a proxy knows, a proxy refusing the tunnel or wanting
credentials, an untrusted certificate, a gateway wanting a client certificate or its own header, a
base URL without its path) and which setting fixes it; the connection flags try a setting before it
goes into the profile.

Flags:
  --profile FILE              the target profile (JSON or YAML; docs/PROFILE.md); default
                              mfc-profile.yaml in this folder (what mfc init writes)
  --base-url URL --token-env VAR
                              instead of a profile: only these two (VAR holds the token;
                              --token T is accepted too, but puts the token on the command line)
  --api v1|v2|all             which version is reached and which checks are counted (default all)
  --only PATTERN              count only the checks this glob over ids selects (as mfc run --only)
  --verbose                   list each check under "would run" or its skip reason

${connectionFlagsHelp}
  Each replaces the profile's own setting (headers are added), for this doctor only.

Exit codes: 0 the target answers and the primary token works; 1 it does not (unreachable, not the
API, the token refused, the rate limit); 2 wrong invocation, unreadable or invalid profile.`;

function parse(args: string[]) {
  return parseFlags('doctor', args, {
    ...targetFlags,
    ...connectionFlags,
    api: { type: 'string', default: 'all' },
    only: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  });
}


/** `mfc doctor`: validates the profile, reaches the target with GETs only, and says what a run would run and skip. */
export const command: Command = {
  summary: 'check a profile against its target without writing: reachability, rate-limit headers, what would run or skip',
  help,
  async run(args) {
    const values = withDefaultProfile(parse(args));
    const api = apiFlag(values.api);
    const profile = withConnectionFlags(targetProfile(values), connectionFromFlags(values, process.env), process.env);
    const { registeredChecks } = await import('../../rules/index.js');
    const checks = await registeredChecks();
    const { isSelected } = await import('../../checks/selection.js');
    if (values.only !== undefined && !checks.some((check) => isSelected(check.id, { api, only: values.only }))) {
      throw new UsageError(`--only "${values.only}" selects no check. Check ids look like v1.orders.create.duplicate-409; "mfc run --list" lists them.`);
    }
    const { diagnose, renderDiagnosis } = await import('../../setup/index.js');
    const diagnosis = await diagnose(profile, { api, ...(values.only === undefined ? {} : { only: values.only }), checks });
    const profileName = values.profile ?? '(from --base-url and the token)';
    const { cliName } = await import('../invocation.js');
    const target = targetArgs(values);
    // The STOP line is part of the report, once: a problem found is exit 1, as a failed check is for mfc run.
    process.stdout.write(safeText(renderDiagnosis(profile, diagnosis, { profileName, verbose: values.verbose, run: `${cliName()} run ${target}` })));
    return diagnosis.preflight.stop === undefined ? 0 : 1;
  },
};
