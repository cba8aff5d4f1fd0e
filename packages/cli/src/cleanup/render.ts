import { safeLine } from '../text/terminal.js';
import type { CleanupOutcome, CleanupResult, ListWalk } from './types.js';

function actionText(result: CleanupResult): string {
  const was = result.status === undefined ? '' : ` (was ${result.status})`;
  // A SKU is deleted whatever its status reads, or when it could not be read: the line says which.
  const read = result.statusUnread === undefined ? was : ` (status not read: ${result.statusUnread})`;
  switch (result.action) {
    case 'cancelled': return `cancelled${was}`;
    case 'would-cancel': return `would cancel${was}`;
    case 'already-cancelled': return 'already cancelled';
    case 'already-deleted': return 'already deleted (status deleted, §2.6)';
    case 'deleted': return `deleted (DELETE /skus/{id}: status deleted, §2.6)${read}`;
    case 'would-delete': return `would delete (DELETE /skus/{id})${read}`;
    case 'left': return `left: ${result.reason}`;
    case 'failed': return result.reason;
  }
}

/** One line per record: kind, id, the field carrying the marker, and what cleanup did. Target text shows escaped. */
export function renderResult(result: CleanupResult): string {
  const markedBy = result.markedBy ? `${result.markedBy.field}=${result.markedBy.value}` : result.source === 'report' ? '(named by the report)' : '-';
  return safeLine(`${result.kind.padEnd(20)} ${result.id.padStart(6)}  ${markedBy}  ${actionText(result)}`);
}

function walkNote(walk: ListWalk): string | undefined {
  if (walk.failure !== undefined) return `could not walk v2 GET ${walk.path} to its end (after ${walk.pages} page(s)): ${walk.failure}`;
  if (walk.stopped) {
    return `stopped walking v2 GET ${walk.path} at its bound (${walk.pages} pages, ${walk.records} records) while the list goes on: records further on were not looked at; --report names the run's records by id`;
  }
  return undefined;
}

/** The closing lines: the counts, and a note for each list walk that did not reach its end. */
export function renderSummary(outcome: CleanupOutcome): string {
  const count = (action: CleanupResult['action']): number => outcome.results.filter((result) => result.action === action).length;
  const walked = outcome.walks.map((walk) => `${walk.records} ${walk.path.slice(1).replace(/_/g, ' ')}`).join(', ');
  const notes = outcome.walks.map(walkNote).filter((note): note is string => note !== undefined);
  const cancellable = count('cancelled') + count('would-cancel') + count('deleted') + count('would-delete') + count('failed');
  const deleted = count('deleted') + count('would-delete');
  const head = outcome.results.length === 0
    ? `nothing to cancel: no record carries marker ${outcome.marker} (looked through ${walked})`
    : [
        `${outcome.results.length} record(s) of marker ${outcome.marker}:`,
        outcome.dryRun ? `${count('would-cancel')} would be cancelled,` : `${count('cancelled')} cancelled,`,
        deleted === 0 ? '' : outcome.dryRun ? `${deleted} would be deleted,` : `${deleted} deleted,`,
        `${count('already-cancelled')} already cancelled,`,
        count('already-deleted') === 0 ? '' : `${count('already-deleted')} already deleted,`,
        `${count('left')} left, ${count('failed')} failed`,
        cancellable === 0 ? '— nothing to cancel' : '',
        outcome.dryRun ? '(dry run: nothing was written)' : '',
      ].filter((part) => part !== '').join(' ');
  return [...notes, head].map(safeLine).map((line) => `${line}\n`).join('');
}

/** 0 when everything cancellable was cancelled (or nothing was found); 1 when a cancel or read failed, or a walk did not reach its end. */
export function cleanupExitCode(outcome: CleanupOutcome): 0 | 1 {
  const incomplete = outcome.walks.some((walk) => walk.stopped || walk.failure !== undefined);
  return incomplete || outcome.results.some((result) => result.action === 'failed') ? 1 : 0;
}
