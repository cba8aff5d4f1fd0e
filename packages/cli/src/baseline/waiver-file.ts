import { safeLine } from '../text/terminal.js';
import type { BaselineReportCheck } from './types.js';

/** What `mfc baseline` puts beside each failed check of a report. */
export interface WaiverFileOptions {
  /** The report the waivers come from, named in the header. */
  source: string;
  /** The day the file is written (`YYYY-MM-DD`), named in the header. */
  date: string;
  reason: string;
  expires?: string;
}

const header = `# mfc waiver file: failures this target is known to have, accepted for now.
# Use it as \`mfc run --baseline FILE\`: a failing check a waiver in force covers is reported as
# "known" and does not fail the run; any other failure does (exit 1).
#
# Each waiver:
#   check:   a check id (v1.orders.create.duplicate-409) or a glob over ids (v1.auth.*, *-409)
#   reason:  why it is accepted: a ticket, a sentence (required)
#   expires: optional, YYYY-MM-DD: the last day (UTC) it holds; from the next day a failure it
#            covers fails the run again, naming the waiver
# A waiver whose checks all pass is reported as fixed: remove it. "mfc run --list" lists the ids.
`;

/** JSON strings are YAML double-quoted scalars: every value is written quoted, whatever it holds. */
const quoted = (text: string) => JSON.stringify(text);

/** A waiver file (YAML, with a comment header explaining the format) listing a report's failed checks. */
export function renderWaiverFile(failed: readonly BaselineReportCheck[], options: WaiverFileOptions): string {
  const lines = [header, `# Written by mfc baseline from ${safeLine(options.source)} on ${options.date}.`];
  if (failed.length === 0) return `${lines.join('\n')}\nwaivers: []\n`;
  lines.push('waivers:');
  for (const check of failed) {
    const about = [check.section === undefined ? undefined : `§${check.section}`, check.title].filter((part) => part !== undefined);
    if (about.length > 0) lines.push(`  # ${safeLine(about.join(' '))}`);
    lines.push(`  - check: ${quoted(check.id)}`, `    reason: ${quoted(options.reason)}`);
    if (options.expires !== undefined) lines.push(`    expires: ${quoted(options.expires)}`);
  }
  return `${lines.join('\n')}\n`;
}
