// The §7 409 for a duplicate merchant_order_id, shared by v1 and v2: the error carries the existing
// order's id. §7 (and §4.1 rule 1) words it as "{base_url} holding the existing order's id", which is
// garbled; what it owes is the id in the error, so the id is looked for anywhere in the body.
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';

/** Fails the check unless the duplicate's error body holds `existingId` as a whole number. */
export function expectExistingOrderId(t: CheckContext, duplicate: ApiResponse, existingId: unknown, title: string): void {
  const id = String(existingId);
  if (!new RegExp(`(^|[^0-9])${id}([^0-9]|$)`).test(duplicate.text)) {
    t.fail({ title, expected: `the error body to contain ${id}`, received: duplicate.text.slice(0, 300), response: duplicate });
  }
}
