// §7 for v1: the status of an unknown record and of a body that is not JSON, each with the v1 error
// body {success: false, errors: [strings]}. Every other error answer of the run is held to that
// shape by the automatic validation; 404/405 for unknown paths are not specified and not asserted.
import { check, type ApiResponse, type CheckContext } from '../../src/checks/index.js';
import { UNKNOWN_ID } from '../support/scope.js';

// Cut off in the middle of an object: not JSON in any reading.
const INVALID_JSON = '{"merchant_order_id": "mfc-invalid-json", "items": [';

function expectV1Error(t: CheckContext, res: ApiResponse, status: number, why: string): void {
  t.expectStatus(res, status, why);
  t.expectSchema(res, 'Error', `The ${status} body has the v1 error shape {success: false, errors: [strings]} (§7)`);
}

check({
  id: 'v1.errors.unknown-order-404',
  api: 'v1',
  section: '7',
  title: 'GET /orders/{id} of an id that does not exist answers 404 with the v1 error body',
}, async (t) => {
  const res = await t.v1.get(`/orders/${UNKNOWN_ID}`);
  expectV1Error(t, res, 404, `Order ${UNKNOWN_ID} does not exist: 404 (§4.1, §7)`);
});

check({
  id: 'v1.errors.unknown-restocking-shipment-404',
  api: 'v1',
  section: '7',
  title: 'GET /restocking_shipments/{id} of an id that does not exist answers 404 with the v1 error body',
}, async (t) => {
  const res = await t.v1.get(`/restocking_shipments/${UNKNOWN_ID}`);
  expectV1Error(t, res, 404, `Restocking shipment ${UNKNOWN_ID} does not exist: 404 (§7)`);
});

check({
  id: 'v1.errors.invalid-json-400',
  api: 'v1',
  section: '7',
  title: 'POST /orders with a body that is not valid JSON answers 400 with the v1 error body',
  // A POST, even one that cannot create anything, is not sent where writes are refused.
  writes: true,
}, async (t) => {
  const res = await t.v1.request({ method: 'POST', path: '/orders', rawBody: INVALID_JSON });
  expectV1Error(t, res, 400, 'A body that is not valid JSON is a malformed request: 400 (§7)');
});
