// §7 for v2: the status of an unknown record and of a body that is not JSON, and the v2 error body
// (errors required; title a string; status the HTTP status) of every error answer the run sees
// (v2.errors.body-shape owns them all: one malformed error body is one failing check).
import { SCHEMA_OWNERS } from '../../src/judgements/index.js';
import { check, type ApiResponse, type CheckContext } from '../../src/checks/index.js';
import { UNKNOWN_ID } from '../support/scope.js';

// Cut off in the middle of an object: not JSON in any reading.
const INVALID_JSON = '{"delivery_option": "courier", "restocking_shipment_items": [';

/** status is optional in the v2 error body; when present it is the HTTP status of the answer (§7). */
function expectStatedStatus(t: CheckContext, res: ApiResponse): void {
  const stated = (res.body as { status?: unknown } | undefined)?.status;
  if (stated !== undefined) t.expect(res, 'The status property of the v2 error body is the HTTP status (§7)', res.status, stated);
}

check({
  id: 'v2.errors.body-shape',
  api: 'v2',
  section: '7',
  title: 'Every error answer of the run has the v2 error body (errors; success, title, status as §7 types them); status is the HTTP status',
  owns: [...SCHEMA_OWNERS['v2.errors.body-shape']],
}, async (t) => {
  // Two refusals every deployment gives (their statuses are v2.errors.unknown-order-404's and
  // v2.auth.missing-token-401's rules); the error answers of every other check are judged here too.
  expectStatedStatus(t, await t.v2.get('/orders/{id}', { path: { id: UNKNOWN_ID } }));
  expectStatedStatus(t, await t.anonymous.v2.get('/restocking_shipments', { query: { limit: 1 } }));
});

check({
  id: 'v2.errors.unknown-restocking-shipment-404',
  api: 'v2',
  section: '7',
  title: 'GET /restocking_shipments/{id} of an id that does not exist answers 404',
}, async (t) => {
  const res = await t.v2.get('/restocking_shipments/{id}', { path: { id: UNKNOWN_ID } });
  t.expectStatus(res, 404, `Restocking shipment ${UNKNOWN_ID} does not exist: 404 (§4.2, §7)`);
});

check({
  id: 'v2.errors.unknown-order-404',
  api: 'v2',
  section: '7',
  title: 'GET /orders/{id} of an id that does not exist answers 404',
}, async (t) => {
  const res = await t.v2.get('/orders/{id}', { path: { id: UNKNOWN_ID } });
  t.expectStatus(res, 404, `Order ${UNKNOWN_ID} does not exist: 404 (§7)`);
});

check({
  id: 'v2.errors.invalid-json-400',
  api: 'v2',
  section: '7',
  title: 'POST /restocking_shipments with a body that is not valid JSON answers 400',
  // A POST, even one that cannot create anything, is not sent where writes are refused.
  writes: true,
}, async (t) => {
  const res = await t.v2.request({ method: 'POST', path: '/restocking_shipments', rawBody: INVALID_JSON });
  t.expectStatus(res, 400, 'A body that is not valid JSON is a malformed request: 400 (§4.2, §7)');
});
