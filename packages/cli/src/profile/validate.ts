import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import type { TargetProfileFile } from './types.js';

/** Where the profile's JSON Schema ships in the package. */
export const profileSchemaPath = new URL('./profile.schema.json', import.meta.url);

const ajv = new Ajv({ allErrors: true, strict: true });
const validateFile = ajv.compile<TargetProfileFile>(JSON.parse(readFileSync(profileSchemaPath, 'utf8')));

function keyOf(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1);
  if (child !== undefined) parts.push(child);
  return parts.length === 0 ? '(top level)' : parts.join('.');
}

// Ajv reports a failed oneOf together with each branch's own complaint; a person needs one
// line per key, so the branch errors are folded into the oneOf's.
function describe(error: ErrorObject): string | undefined {
  if (error.schemaPath.includes('/oneOf/')) return undefined;
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown key "${keyOf(error.instancePath, String(error.params.additionalProperty))}"`;
    case 'required':
      return `missing required key "${keyOf(error.instancePath, String(error.params.missingProperty))}"`;
    case 'oneOf':
      return `"${keyOf(error.instancePath)}" must be a token string or {"env": "VARIABLE"}`;
    case 'enum':
      return `"${keyOf(error.instancePath)}" must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `"${keyOf(error.instancePath)}" ${error.message ?? 'is invalid'}`;
  }
}

// The specification's {base_url} comes before the version path (§4.1, §4.2): a base URL that
// already holds it would double it in every request, and every check would fail on a 404.
const versionPath = /\/merchant_api(\/v\d+)?\/*$/i;

function baseUrlProblem(value: unknown): string | undefined {
  const baseUrl = (value as { baseUrl?: unknown } | null)?.baseUrl;
  if (typeof baseUrl !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (!versionPath.test(url.pathname)) return undefined;
  const base = `${url.origin}${url.pathname.replace(versionPath, '')}`.replace(/\/+$/, '');
  return `"baseUrl" ends in ${url.pathname.match(versionPath)![0].replace(/\/+$/, '')}: it is the specification's {base_url}, which comes before /merchant_api/v1 and /merchant_api/v2. Use "${base}"`;
}

/** Validates a parsed profile file against the shipped schema; returns one readable line per problem (empty when valid). */
export function profileProblems(value: unknown): string[] {
  const urlProblem = baseUrlProblem(value);
  if (validateFile(value)) return urlProblem === undefined ? [] : [urlProblem];
  const lines = (validateFile.errors ?? []).map(describe).filter((line): line is string => line !== undefined);
  return [...new Set([...lines, ...(urlProblem === undefined ? [] : [urlProblem])])];
}

/** Narrows a value to a profile file once `profileProblems` found nothing. */
export function isProfileFile(value: unknown): value is TargetProfileFile {
  return validateFile(value);
}
