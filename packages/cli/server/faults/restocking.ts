import type { FaultDefinition } from './types.js';

/** Deviations of the restocking shipment rules, v1 and v2: status, create, update, items and cancel (§2.3, §3.1, §4.1, §4.2). */
export const faults = [
  { name: 'v1-restocking-text-double-encoded', section: '2', description: 'v1 restocking shipment creates and updates store text beyond ASCII double-encoded (its UTF-8 bytes read as Latin-1: "Søn" reads back as "SÃ¸n")' },
  { name: 'v2-restocking-text-double-encoded', section: '2', description: 'v2 restocking shipment creates and updates store text beyond ASCII double-encoded (its UTF-8 bytes read as Latin-1: "Søn" reads back as "SÃ¸n")' },
  { name: 'v1-restocking-create-status-created', section: '3.1', description: 'v1 POST /restocking_shipments: the new shipment is in status created instead of shipped' },
  { name: 'v2-restocking-create-status-created', section: '3.1', description: 'v2 POST /restocking_shipments: the new shipment is in status created instead of shipped' },
  { name: 'v1-restocking-create-200', section: '4.1', description: 'v1 POST /restocking_shipments answers 200 instead of 201' },
  { name: 'v1-restocking-update-any-status', section: '3.1', description: 'v1 PUT /restocking_shipments/{id} updates shipments in any status instead of answering 422 outside created and shipped' },
  { name: 'v2-restocking-update-any-status', section: '3.1', description: 'v2 PUT /restocking_shipments/{id} updates shipments in any status instead of answering 422 outside created and shipped' },
  { name: 'v1-restocking-update-omitted-items-kept', section: '4.1', description: 'v1 PUT /restocking_shipments/{id}: leaving out restocking_shipment_items keeps the items instead of removing them all' },
  { name: 'v1-restocking-update-omitted-cleared', section: '4.1', description: 'v1 PUT /restocking_shipments/{id}: properties left out (tracking_code, po_number, …) are cleared instead of kept' },
  { name: 'v1-restocking-warehouse-digit-string-rejected', section: '4.1', description: 'v1 restocking create/update: warehouse_id as a string of digits answers 422' },
  { name: 'v1-restocking-arrival-date-time-rejected', section: '4.1', description: 'v1 restocking create/update: a date-time estimated_arrival_date answers 422 instead of its date being used' },
  { name: 'v2-restocking-cancel-not-cancelled', section: '3.1', description: 'v2 PUT /restocking_shipments/{id}/cancel answers 200 but the status stays unchanged' },
  { name: 'v2-restocking-create-sku-code-wins', section: '2.3', description: 'v2 POST /restocking_shipments: an item sending both sku_id and sku_code gets the SKU of sku_code instead of sku_id' },
  { name: 'v2-restocking-create-sku-code-refused', section: '2.3', description: 'v2 POST /restocking_shipments: an item naming its SKU by sku_code alone answers 422' },
  { name: 'v2-restocking-create-arrival-date-optional', section: '4.2', description: 'v2 POST /restocking_shipments without the required estimated_arrival_date answers 201' },
  { name: 'v2-restocking-negative-quantity-accepted', section: '2.3', description: 'v2 restocking create and update accept an announced_quantity below 0' },
  { name: 'v2-restocking-update-items-merged', section: '4.2', description: 'v2 PUT /restocking_shipments/{id}: the items sent are merged into the stored list instead of replacing it' },
  { name: 'v2-restocking-priority-missing', section: '2.3', description: 'v2 restocking create and update answers leave out the boolean priority' },
  { name: 'v2-restocking-create-announced-quantity-optional', section: '2.3', description: 'v2 POST /restocking_shipments: an item without announced_quantity is created with announced_quantity 0 instead of being refused' },
  { name: 'v2-restocking-create-item-without-sku-accepted', section: '2.3', description: 'v2 POST /restocking_shipments: an item with neither sku_id nor sku_code gets the merchant\'s first SKU instead of answering 422' },
  { name: 'v1-restocking-update-batches-listed', section: '2.3', description: 'v1 PUT /restocking_shipments/{id}: the answer lists an entry in each item\'s inventory_batches instead of none' },
  { name: 'v1-restocking-create-foreign-warehouse-accepted', section: '4.1', description: 'v1 POST /restocking_shipments accepts a warehouse_id of another merchant\'s warehouse instead of answering 422' },
  { name: 'v1-restocking-create-unknown-delivery-option-accepted', section: '4.1', description: 'v1 POST /restocking_shipments accepts a delivery_option outside postal, courier, dropoff, hive_freight (stored as courier)' },
  { name: 'v1-restocking-update-extra-property-422', section: '4.1', description: 'v1 PUT /restocking_shipments/{id} answers 422 to an unknown extra property instead of allowing it' },
] as const satisfies readonly FaultDefinition[];
