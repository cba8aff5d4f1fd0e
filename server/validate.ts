import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Problem } from './http/errors.js';
import { ApiError } from './http/errors.js';

/** A JSON Schema for a request body, written beside the route that reads it. */
export type BodySchema = Record<string, unknown>;

// v1 reads numeric strings as numbers and numbers as text (§4.1 v1 body rules): Ajv's coercion
// does exactly that, in place. v2 states no such rule, so its bodies are checked as they are.
const strict = addFormats.default(new Ajv({ allErrors: true, strict: false }));
const coercing = addFormats.default(new Ajv({ allErrors: true, strict: false, coerceTypes: true }));
const compiled = new WeakMap<BodySchema, ValidateFunction>();

/**
 * Checks a request body against a schema, answering 422 (§7 "invalid data") with one problem per
 * violation. With `coerce`, numeric strings and numbers for string properties are converted in place.
 */
export function validateBody<T>(schema: BodySchema, body: unknown, coerce: boolean): T {
  let validate = compiled.get(schema);
  if (!validate) {
    // Compiled on first use so that startup stays fast.
    validate = (coerce ? coercing : strict).compile(schema);
    compiled.set(schema, validate);
  }
  if (body === undefined) throw new ApiError(422, 'a JSON object body is required');
  if (!validate(body)) throw new ApiError(422, (validate.errors ?? []).map(problemOf));
  return body as T;
}

function problemOf(error: ErrorObject): Problem {
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty: string }).additionalProperty);
    return { field: field ? `${field}.${extra}` : extra, message: 'is not a known property' };
  }
  return field ? { field, message: error.message ?? 'is invalid' } : { message: `body ${error.message ?? 'is invalid'}` };
}
