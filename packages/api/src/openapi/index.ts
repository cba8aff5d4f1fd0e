import * as v1Index from '../../generated/v1/operations.js';
import * as v1Validators from '../../generated/v1/validators.js';
import * as v2Index from '../../generated/v2/operations.js';
import * as v2Validators from '../../generated/v2/validators.js';
import { createLookup } from './lookup.js';

export type { ApiVersion, OperationInfo, SchemaError, Validation } from './types.js';
export { createLookup } from './lookup.js';
export { fillTemplate } from './match.js';
export type { OpenApiLookup, ValidateFunction, VersionSources } from './lookup.js';

// The generated standalone validators: no schema compilation at run time.
const lookup = createLookup({
  v1: { ...v1Index, validators: v1Validators },
  v2: { ...v2Index, validators: v2Validators },
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
