import type { ErrorObject } from 'ajv';
import type { SchemaError } from './types.js';

const maxValueLength = 80;

/** A value as the message quotes it: JSON, shortened; `nothing` for a missing value. */
export function quote(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > maxValueLength ? `${text.slice(0, maxValueLength - 1)}…` : text;
}

function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

function alternatives(schema: unknown): string {
  const branches = Array.isArray(schema) ? (schema as Array<{ title?: unknown }>) : [];
  const titles = branches.map((branch, index) => (typeof branch.title === 'string' ? branch.title : `alternative ${index + 1}`));
  return titles.join('; ');
}

// One phrase per JSON Schema keyword: what the schema expected at that place.
function expectation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'to be present (required)';
    case 'type':
      return `type ${String(params.type).split(',').join(' or ')}`;
    case 'pattern':
      return `to match ${String(params.pattern)}`;
    case 'enum':
      return `one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'const':
      return JSON.stringify(params.allowedValue);
    case 'format':
      return `format ${String(params.format)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${String(params.comparison)} ${String(params.limit)}`;
    case 'minLength':
      return `at least ${String(params.limit)} character(s)`;
    case 'maxLength':
      return `at most ${String(params.limit)} character(s)`;
    case 'minItems':
      return `at least ${String(params.limit)} item(s)`;
    case 'maxItems':
      return `at most ${String(params.limit)} item(s)`;
    case 'additionalProperties':
      return 'no such property (additional properties are not allowed)';
    case 'anyOf':
      return `at least one of: ${alternatives(error.schema)}`;
    case 'oneOf':
      return `exactly one of: ${alternatives(error.schema)}`;
    default:
      return error.message ?? error.keyword;
  }
}

function pointerOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `${error.instancePath}/${escapePointerToken(String(params.missingProperty))}`;
  if (error.keyword === 'additionalProperties') {
    return `${error.instancePath}/${escapePointerToken(String(params.additionalProperty))}`;
  }
  return error.instancePath;
}

// An unmet anyOf/oneOf already says which alternatives were expected; the reasons each
// alternative failed (reported before it, under its schema path) would only repeat that.
function isBranchDetail(error: ErrorObject, all: ErrorObject[]): boolean {
  return all.some(
    (other) =>
      other !== error &&
      (other.keyword === 'anyOf' || other.keyword === 'oneOf') &&
      error.schemaPath.startsWith(`${other.schemaPath}/`) &&
      error.instancePath.startsWith(other.instancePath),
  );
}

// A value of the wrong type also fails the keywords that assume the right one (format int32
// on 1.5); the type error alone says what is wrong there.
function isAfterTypeError(error: ErrorObject, all: ErrorObject[]): boolean {
  return error.keyword !== 'type' && all.some((other) => other.keyword === 'type' && other.instancePath === error.instancePath);
}

/** Turns Ajv errors into `<pointer>: expected <rule detail>, received <value>` sentences. */
export function toSchemaErrors(errors: readonly ErrorObject[] | null | undefined, data: unknown): SchemaError[] {
  const all = [...(errors ?? [])];
  const outer = all.filter((error) => !isBranchDetail(error, all));
  return outer
    .filter((error) => !isAfterTypeError(error, outer))
    .map((error) => {
      const pointer = pointerOf(error);
      const received = quote(valueAt(data, pointer));
      return { pointer, rule: error.keyword, message: `${pointer || '(root)'}: expected ${expectation(error)}, received ${received}` };
    });
}
