// §8 for v1 writes and error answers, and the announced maximum (suites/support/rate-limit-answers.ts).
import { INVALID_JSON, rateAnswerChecks } from '../support/rate-limit-answers.js';
import { UNKNOWN_ID } from '../support/scope.js';

// Only the headers are judged: validation is off, so an answer's other traits do not fail this check.
const raw = { validate: false } as const;

rateAnswerChecks('v1', [
  // An empty update keeps every property (§4.1): a write that changes nothing.
  { what: 'a 200 to PATCH /skus/{id}', send: (t) => t.v1.patch('/skus/{id}', { path: { id: t.fixtures.sku!.id }, body: {}, ...raw }) },
  { what: 'a 422 to POST /orders with an unknown property', send: (t) => t.v1.post('/orders', { body: { mfc_unknown_property: t.marker }, ...raw }) },
  { what: 'a 400 to POST /orders with a body that is not JSON', send: (t) => t.v1.request({ method: 'POST', path: '/orders', rawBody: INVALID_JSON, ...raw }) },
  { what: 'a 404 to PATCH /orders/{id} of an unknown id', send: (t) => t.v1.patch('/orders/{id}', { path: { id: UNKNOWN_ID }, body: { shipping_address: { city: 'Berlin' } }, ...raw }) },
  { what: 'a 401 to POST /orders without a token', send: (t) => t.anonymous.v1.post('/orders', { body: {}, ...raw }) },
], (t) => t.v1.get('/orders', { query: { limit: 1 } }), ['fixtures.sku']);
