// §8 for v2 writes and error answers, and the announced maximum (suites/support/rate-limit-answers.ts).
import type { CheckContext } from '../../src/checks/index.js';
import { INVALID_JSON, rateAnswerChecks } from '../support/rate-limit-answers.js';
import { listRecords, recordId, UNKNOWN_ID } from '../support/scope.js';

// Only the headers are judged: validation is off, so an answer's other traits do not fail this check.
const raw = { validate: false } as const;

/** PATCH of one of the merchant's orders with nothing in it: only provided fields change (§4.2), so nothing does. */
async function emptyPatch(t: CheckContext) {
  const id = recordId(listRecords((await t.v2.get('/orders', raw)).body)?.[0]);
  if (id === undefined) return t.skip('the merchant lists no v2 order to send an empty PATCH to');
  return t.v2.patch('/orders/{id}', { path: { id }, body: {}, ...raw });
}

rateAnswerChecks('v2', [
  { what: 'the answer to an empty PATCH /orders/{id}', send: emptyPatch },
  { what: 'a 422 to POST /restocking_shipments without its required properties', send: (t) => t.v2.post('/restocking_shipments', { body: {}, ...raw }) },
  { what: 'a 400 to POST /restocking_shipments with a body that is not JSON', send: (t) => t.v2.request({ method: 'POST', path: '/restocking_shipments', rawBody: INVALID_JSON, ...raw }) },
  { what: 'a 404 to PUT /restocking_shipments/{id}/cancel of an unknown id', send: (t) => t.v2.put('/restocking_shipments/{id}/cancel', { path: { id: UNKNOWN_ID }, ...raw }) },
  { what: 'a 401 to PATCH /orders/{id} without a token', send: (t) => t.anonymous.v2.patch('/orders/{id}', { path: { id: UNKNOWN_ID }, body: {}, ...raw }) },
], (t) => t.v2.get('/restocking_shipments', { query: { limit: 1 } }));
