// §7 404 on the v1 operations that name a record by id (GET /orders/{id} and GET
// /restocking_shipments/{id} are in errors.check.ts, with the error body).
import { unknownRecordChecks } from '../support/not-found.js';

const address = () => ({ shipping_address: { city: 'Berlin' } });

unknownRecordChecks('v1', [
  { name: 'order-patch', method: 'PATCH', path: '/orders/{id}', section: '4.1', body: address },
  { name: 'order-put', method: 'PUT', path: '/orders/{id}', section: '4.1', body: address },
  { name: 'restocking-shipment-put', method: 'PUT', path: '/restocking_shipments/{id}', section: '4.1', body: (marker) => ({ po_number: marker }) },
  { name: 'sku-patch', method: 'PATCH', path: '/skus/{id}', section: '4.1', body: (marker) => ({ name: `${marker} unknown` }) },
  { name: 'sku-put', method: 'PUT', path: '/skus/{id}', section: '4.1', body: (marker) => ({ name: `${marker} unknown` }) },
  { name: 'sku-delete', method: 'DELETE', path: '/skus/{id}', section: '7' },
  { name: 'return-get', method: 'GET', path: '/returns/{id}', section: '7' },
]);
