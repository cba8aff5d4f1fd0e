import type { VariantDefinition } from './types.js';

/** Other cancel behaviours: the success body (and so 204 without one), the code of a repeated cancel and the states permitting it are not shown (§3.1, §3.2, §4.2). */
export const variants = [
  { name: 'cancel-empty-body', section: '4.2', description: 'v2 PUT /orders/{id}/cancel and PUT /restocking_shipments/{id}/cancel answer 200 with an empty body instead of the resource', group: 'cancel-body' },
  { name: 'cancel-204', section: '4.2', description: 'v2 PUT /orders/{id}/cancel and PUT /restocking_shipments/{id}/cancel answer 204 with no body instead of 200 with the resource', group: 'cancel-body' },
  { name: 'cancel-idempotent', section: '3.1', description: 'cancelling an order or restocking shipment that is already cancelled answers 200 (nothing changes, no event) instead of 422' },
  { name: 'restocking-cancel-created-only', section: '3.1', description: 'a restocking shipment can be cancelled only in status created; shipped (where API-created shipments start) answers 422' },
  { name: 'orders-cancel-not-waiting-for-picking', section: '3.2', description: 'v2 orders in waiting_for_picking (where new orders start) cannot be cancelled (422); processing, on_hold and payment_pending still can' },
] as const satisfies readonly VariantDefinition[];
