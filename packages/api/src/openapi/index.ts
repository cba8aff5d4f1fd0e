import { createRequire } from 'node:module';
import * as v1Index from '../../generated/v1/operations.js';
import * as v2Index from '../../generated/v2/operations.js';
import { createLookup, type ValidatorModule } from './lookup.js';

export type { ApiVersion, OperationInfo, SchemaError, Validation } from './types.js';
export { createLookup } from './lookup.js';
export { fillTemplate } from './match.js';
export type { OpenApiLookup, ValidateFunction, ValidatorModule, VersionSources } from './lookup.js';

const require = createRequire(import.meta.url);

// The generated standalone validators (no schema compilation at run time), loaded when the first
// value of their version is validated: with ajv's run-time helpers they cost ~90 ms, which a client
// without `validate` or a webhook receiver that only checks signatures never pays. Synchronous
// `require` of an ES module (Node 20.19, 22.12), so every validate function stays synchronous.
const lookup = createLookup({
  v1: { ...v1Index, validators: () => require('../../generated/v1/validators.js') as ValidatorModule },
  v2: { ...v2Index, validators: () => require('../../generated/v2/validators.js') as ValidatorModule },
});

/** The operation a request addresses: `path` may hold concrete ids, a query and the version base. */
export const findOperation = lookup.findOperation;

/**
 * Validates a response body as the given status of an operation ('GET /orders/{id}').
 * `statusAllowed` is false (and `ok` false, with no errors) when the document names no such status.
 */
export const validateResponse = lookup.validateResponse;

/** Validates a request body against the operation's request schema (read-only fields not required). */
export const validateRequestBody = lookup.validateRequestBody;

/** Validates a value against a component schema by name, e.g. 'Order'. */
export const validateSchema = lookup.validateSchema;

/** Validates a webhook body: v1 the bare resource ('restocking_shipment_status_updated'), v2 the envelope ('restocking_shipment.status_updated'). */
export const validateWebhook = lookup.validateWebhook;
