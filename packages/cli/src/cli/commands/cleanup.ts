import { rateShare, type TargetProfile } from '../../profile/index.js';
import { assertWritesAllowed } from '../../runner/safety.js';
import { safeLine } from '../../text/terminal.js';
import type { Command } from '../command.js';
import { UsageError } from '../command.js';
import { parseFlags, targetFlags } from '../flags.js';
import { targetProfile } from '../target.js';

const help = `Usage: mfc cleanup --profile FILE --marker M [--report FILE] [--dry-run] [--allow-production-writes]
       mfc cleanup --profile FILE --report FILE [flags]
       mfc cleanup --base-url URL --token-env VAR --marker M --dry-run

Cancels what a run left behind, for instance one cut short before its checks could cancel their
records. Every record "mfc run" creates carries the run's marker (mfc-<runid>, printed by the run
and written to report.json as run.marker): cleanup walks the v2 order list and the v2 restocking
shipment list for records whose merchant_order_id, or po_number, supplier_name or tracking_code,
is the marker or starts with "<marker>-", and cancels each one that can still be cancelled:
  - an order (PUT /orders/{id}/cancel) unless it is cancelled, shipped or ignored (§3.2);
  - a restocking shipment (PUT /restocking_shipments/{id}/cancel) in status created or shipped
    (§3.1); in any later status it is left, with the reason.
SKUs the run created are deleted through v1 DELETE /skus/{id} (§2.6: status deleted) unless they
already read deleted (v2 GET /skus/{id}, a read the specification does not show: where the target
lacks it, each SKU is deleted); records the API has no cancel or delete operation for (inventory
batches) are listed as left. --dry-run reads every record the same way and says what it would do:
"would cancel", "would delete", "already cancelled", "already deleted", "left: <reason>". When the profile
names tokens.otherMerchant, the same is done with that token after the primary's, under the line
"records made as tokens.otherMerchant:" (a run makes some records as that merchant, docs/PROFILE.md).

Flags:
  --profile FILE              the target profile (JSON or YAML; docs/PROFILE.md); needs allowWrites: true
  --base-url URL --token-env VAR
                              instead of a profile: only these two (no writes: only with --dry-run)
  --marker M                  the run's marker, mfc-<runid>
  --report FILE               the run's report.json: the records it lists under run.created are
                              taken by id too; its run.marker stands in for a missing --marker
  --dry-run                   read each record's state and say what would be done; send no cancel or delete
  --allow-production-writes   allow the cancels against environment: production

It prints one line per record (kind, id, the field carrying the marker, what was done) and a
summary line. Each list walk stops at 100 pages or 5,000 records and says so. Requests are paced
like a run's: at most half of each minute's rate limit off environment: local (rateLimit.share).

Exit codes: 0 everything that could be cancelled was (or nothing was found); 1 a cancel failed or
was refused (422: "could not be cancelled: <reason>"), a record or list could not be read, or a
list walk stopped at its bound before the end; 2 wrong invocation, unreadable or invalid profile
or report, writes not allowed (allowWrites is not true, or production without
--allow-production-writes).`;

function parse(args: string[]) {
  return parseFlags('cleanup', args, {
    ...targetFlags,
    marker: { type: 'string' },
    report: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    'allow-production-writes': { type: 'boolean', default: false },
  });
}


/** Writes are cancels here: refused (exit 2, before any request) as `mfc run` refuses its write checks. */
function assertCancelsAllowed(profile: TargetProfile, values: ReturnType<typeof parse>): void {
  if (values['dry-run']) return;
  if (profile.allowWrites !== true) {
    const where = values.profile === undefined ? 'a --base-url/--token target is read-only' : `the profile ${values.profile} does not set allowWrites: true`;
    throw new UsageError(`${where}, and cleanup cancels records; set allowWrites: true in the profile, or pass --dry-run to only list them`);
  }
  assertWritesAllowed(profile, values['allow-production-writes']);
}

/** The base URL without user information, for the header line. */
function shownTarget(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/$/, '')}`;
}

/** `mfc cleanup`: finds the records a run's marker names and cancels what can be cancelled. */
export const command: Command = {
  summary: 'cancel the records a cut-short run left behind, found by its marker (or its report.json)',
  help,
  async run(args) {
    const values = parse(args);
    const cleanup = await import('../../cleanup/index.js');
    const reported = values.report === undefined ? undefined : cleanup.readReportedRun(values.report);
    const marker = values.marker ?? reported?.marker;
    if (marker === undefined) throw new UsageError('needs --marker M (the run\'s marker, mfc-<runid>) or --report FILE (a report.json naming it)');
    if (reported && reported.marker !== marker) {
      throw new UsageError(`--marker ${marker} is not the marker of --report ${values.report} (${reported.marker}): give the report of that run, or leave --marker out`);
    }
    const problem = cleanup.markerProblem(marker);
    if (problem) throw new UsageError(problem);
    const profile = targetProfile(values);
    assertCancelsAllowed(profile, values);
    // The merchant's own integration keeps the rest of each minute (§8), as in mfc run.
    const share = rateShare(profile);
    const dryRun = values['dry-run'];
    process.stdout.write(`${safeLine(`mfc cleanup: marker ${marker} on ${shownTarget(profile.baseUrl)} (${profile.environment})${dryRun ? ', dry run' : ''}`)}\n`);
    // A run makes records as the primary and, for the checks its plan moves there, as the other merchant (docs/PROFILE.md).
    const merchants = profile.tokens.otherMerchant === undefined ? [undefined] : [undefined, 'otherMerchant' as const];
    let exitCode: 0 | 1 = 0;
    for (const merchant of merchants) {
      const clients = cleanup.cleanupClients({
        baseUrl: profile.baseUrl,
        token: merchant === undefined ? profile.tokens.primary : profile.tokens[merchant]!,
        ...(share === undefined ? {} : { share }),
        ...(profile.rateLimit?.perMinute === undefined ? {} : { perMinute: profile.rateLimit.perMinute }),
        ...(profile.connection === undefined ? {} : { connection: profile.connection.options }),
      });
      if (merchant !== undefined) process.stdout.write(`records made as tokens.${merchant}:\n`);
      try {
        const outcome = await cleanup.cleanUp(clients, {
          marker,
          dryRun,
          ...(merchant === undefined ? {} : { merchant }),
          ...(reported ? { reported: reported.created } : {}),
          onResult: (result) => process.stdout.write(`${cleanup.renderResult(result)}\n`),
        });
        process.stdout.write(cleanup.renderSummary(outcome));
        exitCode = Math.max(exitCode, cleanup.cleanupExitCode(outcome)) as 0 | 1;
      } finally {
        await clients.close();
      }
    }
    return exitCode;
  },
};
