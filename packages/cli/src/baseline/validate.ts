import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { WaiverFile } from './types.js';

/** Where the baseline's JSON Schema (waiver file, and what a baseline reads of a report) ships in the package. */
export const baselineSchemaPath = new URL('./baseline.schema.json', import.meta.url);

const schema = JSON.parse(readFileSync(baselineSchemaPath, 'utf8')) as { $id: string };
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats.default(ajv, ['date']);
ajv.addSchema(schema);

function compiled<T>(definition: string): ValidateFunction<T> {
  const validate = ajv.getSchema<T>(`${schema.$id}#/definitions/${definition}`);
  if (!validate) throw new Error(`baseline.schema.json has no definition "${definition}"`);
  return validate;
}

const validateWaiverFile = compiled<WaiverFile>('waiverFile');
const validateReport = compiled<unknown>('report');

/** `/waivers/0/expires` → `waivers[0].expires`: the path a person finds in the file. */
function where(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1);
  if (child !== undefined) parts.push(child);
  if (parts.length === 0) return '(top level)';
  return parts.map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');
}

function received(value: unknown, error: ErrorObject): string {
  const pointer = error.instancePath.split('/').slice(1);
  let current = value;
  for (const part of pointer) current = (current as Record<string, unknown> | undefined)?.[part];
  return current === undefined ? 'nothing' : JSON.stringify(current);
}

function describe(error: ErrorObject, value: unknown): string {
  const got = received(value, error);
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown key "${where(error.instancePath, String(error.params.additionalProperty))}" (a waiver holds check, reason and expires)`;
    case 'required':
      return `${where(error.instancePath, String(error.params.missingProperty))} is missing`;
    case 'format':
      return `${where(error.instancePath)} expected a date YYYY-MM-DD, received ${got}`;
    case 'pattern':
      return error.instancePath.endsWith('/check')
        ? `${where(error.instancePath)} expected a check id or a glob (letters, digits, . - _ * ?), received ${got}`
        : `${where(error.instancePath)} expected some text, received ${got}`;
    case 'enum':
      return `${where(error.instancePath)} expected one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, received ${got}`;
    default:
      return `${where(error.instancePath)} ${error.message ?? 'is invalid'}, received ${got}`;
  }
}

function problems(validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return [];
  return [...new Set((validate.errors ?? []).map((error) => describe(error, value)))];
}

/** Validates a parsed waiver file; one readable line per problem (empty when valid). */
export function waiverFileProblems(value: unknown): string[] {
  return problems(validateWaiverFile, value);
}

/** Validates what a baseline reads of a parsed `report.json`; one readable line per problem (empty when valid). */
export function reportProblems(value: unknown): string[] {
  return problems(validateReport, value);
}
