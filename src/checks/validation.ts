import type { RecordedExchange } from '../http/index.js';
import { findOperation, validateResponse, validateSchema, type SchemaError } from '../openapi/index.js';
import type { FailureInput } from './failure.js';
import type { ApiVersion } from './types.js';

// A long list of schema errors buries the first one; the report's exchange shows the body anyway.
const MAX_LISTED_ERRORS = 8;

/** Checks an answer against the generated validator of its operation and status; returns the failure, if any. */
export function responseFailure(
  api: ApiVersion,
  method: string,
  path: string,
  status: number,
  body: unknown,
  exchange: RecordedExchange,
): FailureInput | undefined {
  const operation = findOperation(api, method, path);
  // A path the specification does not describe has no contract to hold the answer to.
  if (!operation) return undefined;
  const result = validateResponse(api, operation.key, status, body);
  if (!result.statusAllowed) {
    return {
      kind: 'status-not-allowed',
      title: `${api} ${operation.key} answered a status the specification does not allow for it (§${operation.section})`,
      expected: `one of ${[...operation.statuses, ...operation.statusRanges].join(', ')}`,
      received: String(status),
      exchange,
    };
  }
  if (!result.ok) {
    return {
      kind: 'schema',
      title: `${api} ${operation.key} ${status}: the body does not match the specification's schema (§${operation.section})`,
      expected: `a body valid for ${operation.key} ${status}`,
      received: listErrors(result.errors),
      exchange,
    };
  }
  return undefined;
}

function listErrors(errors: SchemaError[]): string {
  const listed = errors.slice(0, MAX_LISTED_ERRORS).map((error) => error.message);
  const more = errors.length - listed.length;
  return `${listed.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/** Checks a body against a named component schema (e.g. `Error`); returns the failure, if any. */
export function schemaFailure(api: ApiVersion, schemaName: string, body: unknown, exchange: RecordedExchange, title?: string): FailureInput | undefined {
  const result = validateSchema(api, schemaName, body);
  if (result.ok) return undefined;
  return {
    kind: 'schema',
    title: title ?? `${api}: the body is not a valid ${schemaName}`,
    expected: `a body valid as ${api} ${schemaName}`,
    received: listErrors(result.errors),
    exchange,
  };
}
