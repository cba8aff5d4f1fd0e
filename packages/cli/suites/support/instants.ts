import { dateTimeInstant, dateTimeLike } from '@mfc-conformance/api/internal';
import type { ApiVersion, CheckContext } from '../../src/checks/index.js';

// Times a service reports (§2: ISO 8601 date-times). A service may write them to the second or to the
// millisecond, in any offset or none, and keep them finer than it writes them; its clock may be far
// from the client's. So times are compared as instants, never as text, and only the client's durations
// are trusted, never its clock against the service's.

/** The epoch milliseconds of a reported date-time (one without an offset read as UTC), or NaN when it is not one. */
export const instantOf = dateTimeInstant;

/** A time to send the service, derived from one it wrote (`sample`): in the sample's form, so one without an offset stays without. */
export const timeLike = dateTimeLike;

/**
 * The step of the date-times a service writes, judged from one of them: 10^-n s for n fraction digits
 * that are not all zero, else a whole second (a missing or zero fraction may be all the service keeps).
 */
export function writtenStepMs(dateTime: unknown): number {
  const fraction = typeof dateTime === 'string' ? /[Tt ]\d{2}:\d{2}:\d{2}[.,](\d+)/.exec(dateTime)?.[1] : undefined;
  if (fraction === undefined || /^0+$/.test(fraction)) return 1000;
  return Math.max(1, 1000 / 10 ** fraction.length);
}

/**
 * Resolves once a request sent now is received by the service at least `stepMs` after one whose
 * answer arrived at `answeredAt` (the client's performance clock). That request was received before
 * its answer left, and the next is received after it is sent, so waiting `stepMs` on the client's
 * clock is enough whatever the service's clock reads: the two receipts then lie a written step apart.
 */
export async function awaitNextStep(answeredAt: number, stepMs: number): Promise<void> {
  // A tenth more: clocks are slewed by a little while they are synchronised.
  const remaining = answeredAt + stepMs * 1.1 - performance.now();
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}

/**
 * Whether a created_at filter `op` at `boundary` lists a record whose reported time is `reported`,
 * both on the grid the service writes: 'either' for a record reported exactly at the boundary under
 * [gt] or [lte], since it may have been received a moment after the time written.
 */
export function filterAdmits(op: 'gt' | 'gte' | 'lt' | 'lte', boundary: number, reported: number): boolean | 'either' {
  if (reported < boundary) return op === 'lt' || op === 'lte';
  if (reported > boundary) return op === 'gt' || op === 'gte';
  return op === 'gte' ? true : op === 'lt' ? false : 'either';
}

/**
 * The created_at an order created without one reports, which stands for the time it was received
 * (§2.1: created_at defaults to the current time). One that is not a date-time skips the check: the
 * check only works with it, and its type is the `api`'s schema check's rule (one defect, one failing check).
 */
export function defaultedCreatedAt(t: CheckContext, api: ApiVersion, reported: unknown): string {
  if (typeof reported === 'string' && !Number.isNaN(instantOf(reported))) return reported;
  return t.skip(`an order created without created_at reports created_at ${JSON.stringify(reported) ?? 'nothing'}, not a date-time, so the time it was received cannot be read from it: ${api}.schema.order's finding (§2.1: created_at defaults to the current time)`);
}
