// §4.1 rule 1 and §7: the 409 for a duplicate merchant_order_id carries the existing order's id. §7
// words it as "{base_url} holding the existing order's id", which is garbled; what it owes is the
// id in the error, so the id is looked for anywhere in the body.
import type { Verdict } from './verdict.js';

/** What fails a duplicate's error body that does not hold `existingId` as a whole number, or undefined. */
export function existingIdProblem(errorText: string, existingId: unknown, title: string): Verdict | undefined {
  const id = String(existingId);
  if (new RegExp(`(^|[^0-9])${id}([^0-9]|$)`).test(errorText)) return undefined;
  return { title, expected: `the error body to contain ${id}`, received: errorText.slice(0, 300) };
}
