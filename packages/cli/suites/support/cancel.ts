// Cancelling what a check created when the check ends (§4.2: PUT /orders/{id}/cancel, PUT
// /restocking_shipments/{id}/cancel; v1 has no order cancel, and restocking shipments are
// merchant-scoped in both versions, so v2 reaches what v1 created). Once per record: one the check
// itself cancelled (a 2xx to its cancel) costs no second request, which would only answer 422.
import type { ApiClient, CheckContext } from '../../src/checks/index.js';

/** The v2 records a run cancels. */
type Cancellable = 'orders' | 'restocking_shipments';

/** Whether the check already had a 2xx answer to cancelling the `kind` record `id`. */
function cancelledByCheck(t: CheckContext, kind: Cancellable, id: string): boolean {
  const path = `/merchant_api/v2/${kind}/${id}/cancel`;
  return t.exchanges.some((exchange) => exchange.method === 'PUT' && exchange.status !== null && exchange.status >= 200 && exchange.status < 300
    && new URL(exchange.url).pathname.endsWith(path));
}

/**
 * Registers the cancellation of the `kind` record `id` for when the check ends, pass or fail, with
 * `v2` (the check's own client unless the record belongs to another token). Its answer is not judged:
 * the check is over, and which states permit a cancel is not shown.
 */
export function cancelAtEnd(t: CheckContext, kind: Cancellable, id: number | string, v2: ApiClient<'v2'> = t.v2): void {
  t.cleanup(async () => {
    if (cancelledByCheck(t, kind, String(id))) return;
    if (kind === 'orders') await v2.put('/orders/{id}/cancel', { path: { id }, validate: false });
    else await v2.put('/restocking_shipments/{id}/cancel', { path: { id }, validate: false });
  });
}
