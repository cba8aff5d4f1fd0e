import type { RecordedExchange } from '../http/index.js';
import { findOperation, validateResponse, validateSchema, type SchemaError } from '@mfc-conformance/api/validators';
import type { FailureInput } from './failure.js';
import type { ApiVersion, SchemaViolation } from './types.js';

// A long list of schema errors buries the first one; the report's exchange shows the body anyway.
const MAX_LISTED_ERRORS = 8;

/** Stands for an answer whose text is not JSON. */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/** The pointer of a violation that is about an answer's status, not its body. */
export const STATUS_POINTER = '(status)';

/** What the validation of one answer found: a status the operation does not allow, or schema violations. */
export type ResponseJudgement =
  | { kind: 'ok' }
  | { kind: 'status-not-allowed'; failure: FailureInput; violation: SchemaViolation }
  | { kind: 'violations'; violations: SchemaViolation[] };

/**
 * Checks an answer against the generated validator of its operation and status. A status the
 * operation does not allow is the asking check's finding (it expected something else); a body
 * that breaks its schema is reported once, by the owning schema check (`SchemaViolation`s).
 * `body` is `NOT_JSON` when the answer had text that is not JSON.
 */
export function judgeResponse(
  api: ApiVersion,
  method: string,
  path: string,
  status: number,
  body: unknown,
  exchange: RecordedExchange,
): ResponseJudgement {
  const operation = findOperation(api, method, path);
  // A path the specification does not describe has no contract to hold the answer to.
  if (!operation) return { kind: 'ok' };
  const violation = (pointer: string, message: string): SchemaViolation => ({
    api, operation: operation.key, section: operation.section, status, pointer, message, exchange,
  });
  const result = validateResponse(api, operation.key, status, body === NOT_JSON ? undefined : body);
  if (!result.statusAllowed) {
    return {
      kind: 'status-not-allowed',
      failure: {
        kind: 'status-not-allowed',
        title: `${api} ${operation.key} answered a status the specification does not allow for it (§${operation.section})`,
        expected: `one of ${[...operation.statuses, ...operation.statusRanges].join(', ')}`,
        received: String(status),
        exchange,
      },
      violation: violation(STATUS_POINTER, `(status): expected one of ${[...operation.statuses, ...operation.statusRanges].join(', ')}, received ${status}`),
    };
  }
  if (body === NOT_JSON) return { kind: 'violations', violations: [violation('', '(root): expected a JSON body, received text that is not JSON')] };
  if (result.ok) return { kind: 'ok' };
  return { kind: 'violations', violations: result.errors.map((error) => violation(error.pointer, error.message)) };
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
