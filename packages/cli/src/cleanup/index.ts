// `mfc cleanup`: finds the records a run's marker names and cancels those the API can cancel.
import { cancel, decide, deleteSku } from './cancel.js';
import type { CleanupClients } from './clients.js';
import { defaultBounds, markedLists, readReported, reportedKind, walkList, type WalkBounds } from './find.js';
import type { ReportedRun } from './report.js';
import type { CleanupAction, CleanupOutcome, CleanupResult, FoundRecord } from './types.js';

export type { CleanupAction, CleanupOutcome, CleanupResult, FoundRecord, ListWalk } from './types.js';
export { defaultBounds, type WalkBounds } from './find.js';
export { decide } from './cancel.js';
export { cleanupClients, type CleanupClients, type CleanupTarget, type SkuAnswer } from './clients.js';
export { carriesMarker, markerProblem } from './marker.js';
export { readReportedRun, ReportError, type ReportedRun } from './report.js';
export { cleanupExitCode, renderResult, renderSummary } from './render.js';

/** What one cleanup looks for and whether it may write. */
export interface CleanupOptions {
  marker: string;
  /** `run.created` of a report.json: records named by id, besides those the lists show with the marker. */
  reported?: ReportedRun['created'];
  /** Whose records: `otherMerchant` when the clients carry `tokens.otherMerchant` (absent: the primary's); only those of `reported` are taken. */
  merchant?: 'otherMerchant';
  /** List what would be cancelled or deleted, reading each record's state as a real cleanup does, without sending a cancel or delete. */
  dryRun: boolean;
  bounds?: WalkBounds;
  /** Each result as soon as it is known (the command prints it then). */
  onResult?: (result: CleanupResult) => void;
}

const key = (record: { kind: string; id: string }): string => `${record.kind} ${record.id}`;

/**
 * Walks the v2 order and restocking-shipment lists for records carrying the marker, reads the
 * reported records the walk did not meet (a SKU's status too), cancels each one that can be cancelled
 * and deletes the SKUs the run created that do not already read deleted (one request at a time, paced
 * by the clients). A dry run reads the same and decides the same, and writes nothing.
 */
export async function cleanUp(clients: CleanupClients, options: CleanupOptions): Promise<CleanupOutcome> {
  const client = clients.v2;
  const outcome: CleanupOutcome = { marker: options.marker, dryRun: options.dryRun, walks: [], results: [] };
  const settle = (result: CleanupResult): void => {
    outcome.results.push(result);
    options.onResult?.(result);
  };
  const found: FoundRecord[] = [];
  for (const list of markedLists) {
    const walked = await walkList(client, list, options.marker, options.bounds ?? defaultBounds);
    outcome.walks.push(walked.walk);
    found.push(...walked.found);
  }
  const seen = new Set(found.map(key));
  for (const entry of (options.reported ?? []).filter((record) => record.token === options.merchant)) {
    const named = key({ kind: reportedKind(entry.kind), id: entry.id });
    if (seen.has(named)) continue;
    seen.add(named);
    const read = await readReported(clients, entry);
    if ('action' in read) settle(read);
    else found.push(read);
  }
  for (const record of found) {
    const decision = decide(record);
    if (decision.action === 'delete') {
      const deleted: CleanupAction = options.dryRun ? { action: 'would-delete' } : await deleteSku(clients.v1, record);
      settle({ ...record, ...deleted });
    } else if (decision.action !== 'cancel') {
      settle({ ...record, ...decision });
    } else if (options.dryRun) {
      settle({ ...record, action: 'would-cancel' });
    } else {
      settle({ ...record, ...(await cancel(client, record)) });
    }
  }
  return outcome;
}
