import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { isRunLevel, loadReportChecks, renderWaiverFile, utcDate } from '../../baseline/index.js';
import type { Command } from '../command.js';
import { UsageError } from '../command.js';
import { parseFlags } from '../flags.js';
import { cliName } from '../invocation.js';
import { safeLine } from '../../text/terminal.js';
import { fileProblem } from '../../text/file-problem.js';

const help = `Usage: mfc baseline --report FILE [--out FILE] [--reason TEXT] [--expires YYYY-MM-DD] [--force]

Writes a waiver file (YAML, with a comment header explaining the format) that lists the failed
checks of a report.json, so a team can adopt mfc on a target with known deviations and gate
every later run with "mfc run --baseline FILE": those failures are then reported as known and
do not fail the run; any new failure does.

Flags:
  --report FILE        the report.json of a run (docs/REPORTS.md)
  --out FILE           where the waiver file goes (default: standard output); an existing file
                       is replaced only with --force
  --reason TEXT        the reason written on every waiver (default: "failed in FILE on DATE");
                       a ticket reference helps whoever removes it later
  --expires DATE       YYYY-MM-DD, today or later: the last day (UTC) the waivers hold; from the
                       next day a failure they cover fails the run again
  --force              replace --out when it exists

Run-level failures (run.*, such as an unreachable target) are never waived and are left out.

Exit codes: 0 the file was written; 1 it could not be written; 2 wrong invocation, or a report
that cannot be read or is not a report.json.`;

function parse(args: string[]) {
  return parseFlags('baseline', args, {
    report: { type: 'string' },
    out: { type: 'string' },
    reason: { type: 'string' },
    expires: { type: 'string' },
    force: { type: 'boolean', default: false },
  });
}

/** `--expires`: a real calendar date, not before today (a waiver that starts expired waives nothing). */
function expiryDate(value: string | undefined, today: string): string | undefined {
  if (value === undefined) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime()) || utcDate(date) !== value) {
    throw new UsageError(`--expires expected a date YYYY-MM-DD, received "${value}"`);
  }
  if (value < today) throw new UsageError(`--expires ${value} is in the past (today is ${today} UTC): the waivers would already be expired`);
  return value;
}

/** `mfc baseline`: writes a waiver file from a report's failed checks. */
export const command: Command = {
  summary: 'write a waiver file listing the failed checks of a report.json, for mfc run --baseline',
  help,
  async run(args) {
    const values = parse(args);
    if (values.report === undefined) throw new UsageError('needs --report FILE (the report.json of a run)');
    if (values.reason !== undefined && values.reason.trim() === '') throw new UsageError('--reason expected some text, received an empty one');
    const today = utcDate();
    const expires = expiryDate(values.expires, today);
    if (values.out !== undefined && !values.force && existsSync(values.out)) {
      throw new UsageError(`--out ${values.out} exists; pass --force to replace it (its hand-written waivers would be lost)`);
    }
    const checks = loadReportChecks(values.report);
    const failed = checks.filter((check) => check.status === 'failed');
    const waived = failed.filter((check) => !isRunLevel(check.id));
    const text = renderWaiverFile(waived, {
      source: values.report,
      date: today,
      reason: values.reason ?? `failed in ${values.report} on ${today}`,
      ...(expires === undefined ? {} : { expires }),
    });
    const left = failed.length - waived.length;
    const note = left > 0 ? `; left out ${left} run-level failure(s) (${failed.filter((check) => isRunLevel(check.id)).map((check) => safeLine(check.id)).join(', ')}), which are never waived` : '';
    if (values.out === undefined) {
      process.stdout.write(text);
    } else {
      try {
        await writeFile(values.out, text);
      } catch (error) {
        process.stderr.write(`mfc baseline: cannot write ${values.out}: ${fileProblem(error, 'write')}\n`);
        return 1;
      }
    }
    process.stderr.write(`mfc baseline: ${waived.length} waiver(s) from ${values.report}${values.out === undefined ? '' : ` written to ${values.out}`}${note}\n`);
    // The next step: the run that only fails on what the waivers do not cover.
    process.stderr.write(`next: ${cliName()} run --profile FILE --baseline ${values.out ?? 'WAIVER-FILE'} (in CI: only a new failure fails it)\n`);
    return 0;
  },
};
