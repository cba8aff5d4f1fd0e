// §7 for v1: the status of an unknown record and of a body that is not JSON, and the v1 error body
// {success: false, errors: [strings]} of every error answer the run sees (v1.errors.body-shape owns
// them all: one malformed error body is one failing check). 404/405 for unknown paths are not specified.
import { SCHEMA_OWNERS } from '../../src/judgements/index.js';
import { check } from '../../src/checks/index.js';
import { UNKNOWN_ID } from '../support/scope.js';

// Cut off in the middle of an object: not JSON in any reading.
const INVALID_JSON = '{"merchant_order_id": "mfc-invalid-json", "items": [';

check({
  id: 'v1.errors.body-shape',
  api: 'v1',
  section: '7',
  title: 'Every error answer of the run has the v1 error body {success: false, errors: [strings]}',
  owns: [...SCHEMA_OWNERS['v1.errors.body-shape']],
}, async (t) => {
  // Two refusals every deployment gives (their statuses are v1.errors.unknown-order-404's and
  // v1.auth.missing-token-401's rules); the error answers of every other check are judged here too.
  await t.v1.get('/orders/{id}', { path: { id: UNKNOWN_ID } });
  await t.anonymous.v1.get('/orders', { query: { limit: 1 } });
});

check({
  id: 'v1.errors.unknown-order-404',
  api: 'v1',
  section: '7',
  title: 'GET /orders/{id} of an id that does not exist answers 404',
}, async (t) => {
  const res = await t.v1.get('/orders/{id}', { path: { id: UNKNOWN_ID } });
  t.expectStatus(res, 404, `Order ${UNKNOWN_ID} does not exist: 404 (§4.1, §7)`);
});

check({
  id: 'v1.errors.unknown-restocking-shipment-404',
  api: 'v1',
  section: '7',
  title: 'GET /restocking_shipments/{id} of an id that does not exist answers 404',
}, async (t) => {
  const res = await t.v1.get('/restocking_shipments/{id}', { path: { id: UNKNOWN_ID } });
  t.expectStatus(res, 404, `Restocking shipment ${UNKNOWN_ID} does not exist: 404 (§7)`);
});

check({
  id: 'v1.errors.invalid-json-400',
  api: 'v1',
  section: '7',
  title: 'POST /orders with a body that is not valid JSON answers 400',
  // A POST, even one that cannot create anything, is not sent where writes are refused.
  writes: true,
}, async (t) => {
  const res = await t.v1.request({ method: 'POST', path: '/orders', rawBody: INVALID_JSON });
  t.expectStatus(res, 400, 'A body that is not valid JSON is a malformed request: 400 (§7)');
});
