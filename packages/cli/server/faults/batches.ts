import type { FaultDefinition } from './types.js';

/** Deviations of the v2 inventory batch rules: block_reason (§2.4) and the nullable create fields (§4.2). */
export const faults = [
  { name: 'v2-batches-block-reason-without-block', section: '2.4', description: 'a batch created with a passed expiry date shows block_reason expiry_date_reached but blocked false' },
  { name: 'v2-batches-date-reached-in-window', section: '2.4', description: 'a batch created with an expiry date within the expiry window (not passed) is blocked with expiry_date_reached instead of expiry_window' },
  { name: 'v2-batches-block-reason-without-expiry-handling', section: '2.4', description: 'a batch created with a passed expiry date gets block_reason expiry_date_reached although the merchant is not enrolled in expiry handling (null until it is)' },
  { name: 'v2-batches-expired-reason-expiry-window', section: '2.4', description: 'v2 POST /skus/{sku_id}/inventory_batches: a batch whose expiry date has passed gets block_reason expiry_window instead of expiry_date_reached' },
  { name: 'v2-batches-create-null-dates-refused', section: '4.2', description: 'v2 POST /skus/{sku_id}/inventory_batches answers 422 to production_date or expiry_date sent as null' },
] as const satisfies readonly FaultDefinition[];
