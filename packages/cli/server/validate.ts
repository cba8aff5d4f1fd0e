import { createRequire } from 'node:module';
import { ISO_DATE_TIME } from '@mfc-conformance/api/internal';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { Problem } from './http/errors.js';
import { ApiError } from './http/errors.js';

/** A JSON Schema for a request body, written beside the route that reads it. */
export type BodySchema = Record<string, unknown>;

const require = createRequire(import.meta.url);
const compiled = new WeakMap<BodySchema, ValidateFunction>();
let validators: { strict: Ajv; coercing: Ajv } | undefined;

// Ajv loads on the first request body, not at start-up: `mfc serve` must be ready in well under 0.5 s.
// v1 reads numeric strings as numbers and numbers as text (§4.1 v1 body rules): Ajv's coercion
// does exactly that, in place. v2 states no such rule, so its bodies are checked as they are.
function ajv(coerce: boolean): Ajv {
  if (!validators) {
    const { Ajv: AjvClass } = require('ajv') as typeof import('ajv');
    const addFormats = require('ajv-formats') as (instance: Ajv) => Ajv;
    // §2 date-times are ISO 8601, read as every side of this project reads them (an offset optional,
    // minutes enough, a comma before the fraction), not only RFC 3339's profile that ajv-formats checks.
    const withFormats = (instance: Ajv) => addFormats(instance).addFormat('date-time', ISO_DATE_TIME);
    validators = {
      strict: withFormats(new AjvClass({ allErrors: true, strict: false })),
      coercing: withFormats(new AjvClass({ allErrors: true, strict: false, coerceTypes: true })),
    };
  }
  return coerce ? validators.coercing : validators.strict;
}

/**
 * Checks a request body against a schema, answering 422 (§7 "invalid data") with one problem per
 * violation. With `coerce`, numeric strings and numbers for string properties are converted in place.
 */
export function validateBody<T>(schema: BodySchema, body: unknown, coerce: boolean): T {
  let validate = compiled.get(schema);
  if (!validate) {
    // Compiled on first use so that startup stays fast.
    validate = ajv(coerce).compile(schema);
    compiled.set(schema, validate);
  }
  if (body === undefined) throw new ApiError(422, 'a JSON object body is required');
  if (!validate(body)) throw new ApiError(422, reported((validate.errors ?? []).map(problemOf)));
  return body as T;
}

/** The most violations one error body lists; a hostile body can hold thousands. */
const maxProblems = 50;

function reported(problems: Problem[]): Problem[] {
  if (problems.length <= maxProblems) return problems;
  return [...problems.slice(0, maxProblems), { message: `and ${problems.length - maxProblems} more problems` }];
}

function problemOf(error: ErrorObject): Problem {
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty: string }).additionalProperty);
    return { field: field ? `${field}.${extra}` : extra, message: 'is not a known property' };
  }
  return field ? { field, message: error.message ?? 'is invalid' } : { message: `body ${error.message ?? 'is invalid'}` };
}
