// §7 404 on the v2 operations that name a record by id (GET /restocking_shipments/{id} is in
// errors.check.ts, with the error body).
import { unknownRecordChecks } from '../support/not-found.js';

unknownRecordChecks('v2', [
  { name: 'order-get', method: 'GET', path: '/orders/{id}', section: '4.2' },
  { name: 'order-patch', method: 'PATCH', path: '/orders/{id}', section: '4.2', body: (marker) => ({ tags: [marker] }) },
  { name: 'order-cancel', method: 'PUT', path: '/orders/{id}/cancel', section: '4.2' },
  { name: 'restocking-shipment-put', method: 'PUT', path: '/restocking_shipments/{id}', section: '4.2', body: (marker) => ({ po_number: marker }) },
  { name: 'restocking-shipment-cancel', method: 'PUT', path: '/restocking_shipments/{id}/cancel', section: '4.2' },
  { name: 'inventory-batch-create', method: 'POST', path: '/skus/{sku_id}/inventory_batches', section: '4.2', body: (marker) => ({ lot_number: marker, production_date: null, expiry_date: null }) },
  { name: 'batch-settings-put', method: 'PUT', path: '/skus/{sku_id}/inventory_batch_settings', section: '4.2', body: () => ({ batch_priority: 'first_expired_first_out' }) },
]);
