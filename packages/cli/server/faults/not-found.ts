import type { FaultDefinition } from './types.js';

/** Deviations of §7 404 "record does not exist" on operations other than the reads: an unknown id answers another error. */
export const faults = [
  { name: 'v1-not-found-order-update-422', section: '7', description: 'v1 PATCH/PUT /orders/{id}: an id no order has answers 422 instead of 404' },
  { name: 'v2-not-found-restocking-cancel-422', section: '7', description: 'v2 PUT /restocking_shipments/{id}/cancel: an id no restocking shipment has answers 422 (cannot be cancelled) instead of 404' },
  { name: 'v2-not-found-unknown-sku-422', section: '7', description: 'v2 inventory batch create and batch-settings PUT: a sku_id no SKU has answers 422 instead of 404' },
] as const satisfies readonly FaultDefinition[];
