// The §7 409 for a duplicate merchant_order_id, shared by v1 and v2: the error carries the existing
// order's id (the judgement: src/judgements/orders.ts, which mfc proxy calls too).
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';
import { existingIdProblem } from '../../src/judgements/index.js';

/** Fails the check unless the duplicate's error body holds `existingId` as a whole number. */
export function expectExistingOrderId(t: CheckContext, duplicate: ApiResponse, existingId: unknown, title: string): void {
  const problem = existingIdProblem(duplicate.text, existingId, title);
  if (problem !== undefined) t.fail({ ...problem, response: duplicate });
}
