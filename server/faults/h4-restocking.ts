import type { FaultDefinition } from './types.js';

/** Deviations of the v2 restocking item and create rules (§2.3, §4.2). */
export const faults = [
  { name: 'v2-restocking-create-sku-code-wins', section: '2.3', description: 'v2 POST /restocking_shipments: an item sending both sku_id and sku_code gets the SKU of sku_code instead of sku_id' },
  { name: 'v2-restocking-create-sku-code-refused', section: '2.3', description: 'v2 POST /restocking_shipments: an item naming its SKU by sku_code alone answers 422' },
  { name: 'v2-restocking-create-arrival-date-optional', section: '4.2', description: 'v2 POST /restocking_shipments without the required estimated_arrival_date answers 201' },
  { name: 'v2-restocking-negative-quantity-accepted', section: '2.3', description: 'v2 restocking create and update accept an announced_quantity below 0' },
  { name: 'v2-restocking-update-items-merged', section: '4.2', description: 'v2 PUT /restocking_shipments/{id}: the items sent are merged into the stored list instead of replacing it' },
  { name: 'v2-schema-restocking-item-missing-quantities', section: '2.3', description: 'v2 restocking shipment items leave out the required arrived_quantity, damaged_quantity and missing_quantity' },
] as const satisfies readonly FaultDefinition[];
