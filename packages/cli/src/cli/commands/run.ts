import type { Command } from '../command.js';

// The help and summary load alone: `mfc run --help` should not pay for the profile schema, the
// reports or the rule inventory, which `run-execute.ts` loads when a run starts.
const help = `Usage: mfc run [--profile FILE] [flags]
       mfc run --base-url URL --token-env VAR [flags]
       mfc run --list [--api v1|v2|all] [--only PATTERN]

Runs the conformance suites and the property checks against the target the profile names and
writes report.json, junit.xml, report.html and report.md.

Flags:
  --profile FILE              the target profile (JSON or YAML; docs/PROFILE.md); default
                              mfc-profile.yaml in this folder (what mfc init writes)
  --base-url URL --token-env VAR
                              instead of a profile: a read-only run with only these two (VAR
                              holds the token; --token T is accepted too, but puts the token
                              on the command line)
  --api v1|v2|all             which version's checks run (default all)
  --only PATTERN              a glob over check ids (v1.orders.*, *duplicate*) or a full id;
                              several, separated by commas
  --report-dir DIR            where the reports go (default reports/)
  --seed N                    seed for generated inputs (printed by every run, to replay it)
  --runs N                    runs per property check
  --cases N                   cases per operation of the generated-input checks (valid,
                              boundary, past the open limits, invalid; default --runs when
                              given, else the profile's generatedInputs.casesPerOperation,
                              else 8)
  --deadline SECONDS          the longest the whole run may take; checks still running then are
                              reported unfinished (default: twice the time the run's plan
                              expects, plus 2 minutes)
  --max-wait SECONDS          the longest one request may wait for the rate limit (a
                              Retry-After, a persistent 429) before the run stops with one
                              failure (default rateLimit.maxWaitSeconds, else 120)
  --allow-production-writes   allow write checks against environment: production
  --baseline FILE             a waiver file or a previous report.json: failures it lists are
                              reported as known and do not fail the run (see "CI gate with a
                              baseline" below)
  --har FILE                  also write the checks' exchanges as HAR 1.2 (tokens and every
                              secret redacted, bodies clipped at 4,000 characters)
  --list                      print the checks --api and --only select (id, §, rules, writes,
                              needs) and exit; needs no profile and sends no request

Before any check, the run proves its inputs: the report directory can be written, the base URL
leads to the API and the primary token authenticates on each selected version (else the run
stops with one failure), and each token standing for another client (sameMerchantOtherChannel,
otherMerchant) is accepted and is not the primary's (else its checks are skipped, with one
failure naming the key). Progress goes to stderr: a live line on a terminal, else a line every
few seconds and one whenever the run waits for the rate limit.

On SIGINT (Ctrl-C) or SIGTERM the run starts no further check, lets the running one cancel what
it created, writes the reports marked as interrupted (with the records created) and exits 130;
a second signal quits at once.

CI gate with a baseline: --baseline FILE is read before any request (an unreadable or invalid
file is exit 2, naming the problem). FILE is a previous report.json (its failed checks are the
known ones) or a waiver file, YAML or JSON, as "mfc baseline" writes it:
  waivers:
    - check: v1.orders.create.duplicate-409   # a check id, or a glob: v1.auth.*
      reason: TICKET-123                      # required
      expires: 2027-01-31                     # optional: the last day (UTC) it holds
After the run each failure is "known" (a waiver in force covers it: it does not fail the run),
"new" (fails the run) or "expired" (only an expired waiver covers it: fails the run, naming the
waiver and its expiry). A waiver whose checks all pass now is "fixed — remove it from the
baseline" (a note when expired); it does not fail the run. Skipped checks never fail it, and
run-level failures (run.*: target unreachable, deadline) are never known. The lines are printed
after the summary and written to baseline-result.json in the report directory.

Exit codes: 0 every executed check passed (with --baseline: every failure is known); 1 a check
failed, the target is unreachable, or the run stopped at its rate-limit bound (with --baseline:
a new failure or one under an expired waiver); 2 wrong invocation, unreadable or invalid
profile or baseline, a report directory that cannot be written, writes refused by the
production rule, or an --only pattern that selects no check; 130 interrupted.`;

/** `mfc run`: validates the invocation and the profile, runs the checks, prints the summary, returns the exit code. */
export const command: Command = {
  summary: 'run the conformance suites and property checks against a target; write reports',
  help,
  run: async (args) => (await import('./run-execute.js')).execute(args),
};
