// `mfc/validators`: validate a body as a component schema, an operation's request or response, or a
// webhook, with the generated standalone validators (no schema compilation at run time) and errors a
// person can read (`/currency: expected to match ^[A-Z]{3}$, received "eur"`).
export { findOperation, validateRequestBody, validateResponse, validateSchema, validateWebhook } from '../openapi/index.js';
export type { ApiVersion, OperationInfo, SchemaError, Validation } from '../openapi/index.js';
