// §7 for v2: the status of an unknown record and of a body that is not JSON, each with the v2 error
// body (errors required; title a string; status the HTTP status). Every other error answer of the
// run is held to that shape by the automatic validation; unknown paths are not specified.
import { check, type ApiResponse, type CheckContext } from '../../src/checks/index.js';
import { UNKNOWN_ID } from '../support/scope.js';

// Cut off in the middle of an object: not JSON in any reading.
const INVALID_JSON = '{"delivery_option": "courier", "restocking_shipment_items": [';

function expectV2Error(t: CheckContext, res: ApiResponse, status: number, why: string): void {
  t.expectStatus(res, status, why);
  t.expectSchema(res, 'Error', `The ${status} body has the v2 error shape: errors, and optional success, title, status (§7)`);
  const stated = (res.body as { status?: unknown }).status;
  // status is optional; when present it is the HTTP status of the answer.
  if (stated !== undefined) t.expect(res, 'The status property of the v2 error body is the HTTP status (§7)', status, stated);
}

check({
  id: 'v2.errors.unknown-restocking-shipment-404',
  api: 'v2',
  section: '7',
  title: 'GET /restocking_shipments/{id} of an id that does not exist answers 404 with the v2 error body',
}, async (t) => {
  const res = await t.v2.get(`/restocking_shipments/${UNKNOWN_ID}`);
  expectV2Error(t, res, 404, `Restocking shipment ${UNKNOWN_ID} does not exist: 404 (§4.2, §7)`);
});

check({
  id: 'v2.errors.unknown-order-404',
  api: 'v2',
  section: '7',
  title: 'GET /orders/{id} of an id that does not exist answers 404 with the v2 error body',
}, async (t) => {
  const res = await t.v2.get(`/orders/${UNKNOWN_ID}`);
  expectV2Error(t, res, 404, `Order ${UNKNOWN_ID} does not exist: 404 (§7)`);
});

check({
  id: 'v2.errors.invalid-json-400',
  api: 'v2',
  section: '7',
  title: 'POST /restocking_shipments with a body that is not valid JSON answers 400 with the v2 error body',
  // A POST, even one that cannot create anything, is not sent where writes are refused.
  writes: true,
}, async (t) => {
  const res = await t.v2.request({ method: 'POST', path: '/restocking_shipments', rawBody: INVALID_JSON });
  expectV2Error(t, res, 400, 'A body that is not valid JSON is a malformed request: 400 (§4.2, §7)');
});
