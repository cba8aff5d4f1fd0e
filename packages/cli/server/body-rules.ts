import type { Faults } from './faults/index.js';
import { ApiError } from './http/errors.js';
import type { BodySchema } from './validate.js';
import { validateBody } from './validate.js';

type Mismatch = 'numeric-string' | 'number-for-string' | 'not-a-numeral';

/**
 * Validates a v1 body with the §4.1 body rules: numeric strings accepted for numeric properties,
 * numbers for string properties stored as their text. The faults turn either rule into a 422, and
 * `unknownAccepted` drops unknown top-level properties instead of rejecting them (§4.1 rule 5 faults).
 */
export function validateV1Body<T>(schema: BodySchema, body: unknown, faults: Faults, unknownAccepted = false): T {
  if (unknownAccepted && isObject(body)) {
    const known = Object.keys((schema.properties ?? {}) as object);
    for (const key of Object.keys(body)) if (!known.includes(key)) delete body[key];
  }
  for (const [fault, kind] of [['v1-body-numeric-string-rejected', 'numeric-string'], ['v1-body-number-for-string-rejected', 'number-for-string']] as const) {
    const at = faults.has(fault) ? findMismatch(schema, body, kind, '') : undefined;
    if (at !== undefined) throw new ApiError(422, [{ field: at || 'body', message: kind === 'numeric-string' ? 'must be a number' : 'must be a string' }]);
  }
  // A numeric string is a decimal numeral (§4.1): Ajv's coercion would also read " " as 0 and "0x10" as 16.
  const blank = findMismatch(schema, body, 'not-a-numeral', '');
  if (blank !== undefined) throw new ApiError(422, [{ field: blank || 'body', message: 'must be a number or a numeric string' }]);
  return validateBody<T>(schema, body, true);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(schema: BodySchema): string[] {
  return [schema.type ?? []].flat() as string[];
}

function findMismatch(schema: BodySchema, value: unknown, kind: Mismatch, path: string): string | undefined {
  const types = typesOf(schema);
  if (kind === 'numeric-string' && typeof value === 'string' && (types.includes('integer') || types.includes('number')) && !types.includes('string')) return path;
  if (kind === 'not-a-numeral' && typeof value === 'string' && (types.includes('integer') || types.includes('number')) && !types.includes('string') && !/^-?[0-9]+(\.[0-9]+)?$/.test(value)) return path;
  if (kind === 'number-for-string' && typeof value === 'number' && types.includes('string') && !types.includes('number') && !types.includes('integer')) return path;
  for (const branch of (schema.anyOf ?? []) as BodySchema[]) {
    const found = findMismatch(branch, value, kind, path);
    if (found !== undefined) return found;
  }
  if (isObject(value) && isObject(schema.properties)) {
    for (const [key, sub] of Object.entries(schema.properties)) {
      const found = findMismatch(sub as BodySchema, value[key], kind, path ? `${path}.${key}` : key);
      if (found !== undefined) return found;
    }
  }
  if (Array.isArray(value) && isObject(schema.items)) {
    for (const [i, element] of value.entries()) {
      const found = findMismatch(schema.items, element, kind, `${path}.${i}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
