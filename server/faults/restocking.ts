import type { FaultDefinition } from './types.js';

/** Deviations of the restocking shipment rules (§3.1, §4.1, §4.2). */
export const faults = [
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
] as const satisfies readonly FaultDefinition[];
