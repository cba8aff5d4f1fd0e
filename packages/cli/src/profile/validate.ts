import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import { baseUrlProblem, reservedHeaderProblem } from '@mfc-conformance/api/internal';
import { didYouMean } from '../text/did-you-mean.js';
import type { TargetProfileFile } from './types.js';

/** Where the profile's JSON Schema ships in the package. */
export const profileSchemaPath = new URL('./profile.schema.json', import.meta.url);

// verbose: an error carries its schema, so an unknown key can be matched against the known ones.
const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
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
  // The base URL's pattern is judged again with the fix (baseUrlProblemOf).
  if (error.instancePath === '/baseUrl' && error.keyword === 'pattern') return undefined;
  switch (error.keyword) {
    case 'additionalProperties':
    {
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const prefix = error.instancePath === '' ? '' : `${keyOf(error.instancePath)}.`;
      const hint = didYouMean(String(error.params.additionalProperty), known, (name) => `"${prefix}${name}"`);
      return `unknown key "${keyOf(error.instancePath, String(error.params.additionalProperty))}".${hint}`.replace(/\.$/, '');
    }
    case 'required':
      return `missing required key "${keyOf(error.instancePath, String(error.params.missingProperty))}"`;
    case 'oneOf': {
      const key = keyOf(error.instancePath);
      if (key === 'connection.proxy') return '"connection.proxy" must be an http:// or https:// URL, none, or {url, username, password}';
      if (key.startsWith('connection.headers.')) return `"${key}" must be a header value on one line or {"env": "VARIABLE"}`;
      return `"${key}" must be a token string or {"env": "VARIABLE"}`;
    }
    case 'propertyNames':
      return `"${keyOf(error.instancePath)}" holds a name that is not a header name (letters, digits and !#$%&'*+.^_\`|~-)`;
    case 'enum':
      return `"${keyOf(error.instancePath)}" must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `"${keyOf(error.instancePath)}" ${error.message ?? 'is invalid'}`;
  }
}

// One wording for the client's option, the profile's key and the --base-url flag (the api package's).
function baseUrlProblemOf(value: unknown): string | undefined {
  const baseUrl = (value as { baseUrl?: unknown } | null)?.baseUrl;
  return typeof baseUrl === 'string' ? baseUrlProblem(baseUrl, '"baseUrl"') : undefined;
}

/** What the schema cannot say of the connection block: headers the connection may not set, a password written into the proxy URL. */
function connectionProblems(value: unknown): string[] {
  const connection = (value as { connection?: unknown } | null)?.connection;
  if (connection === null || typeof connection !== 'object') return [];
  const { headers, proxy } = connection as { headers?: unknown; proxy?: unknown };
  const problems = headers !== null && typeof headers === 'object'
    ? Object.keys(headers).flatMap((name) => {
      const problem = reservedHeaderProblem(name);
      return problem === undefined ? [] : [`"connection.headers.${name}": ${problem}`];
    })
    : [];
  const url = typeof proxy === 'string' ? (proxy === 'none' ? undefined : proxy) : (proxy as { url?: unknown } | null)?.url;
  if (typeof url === 'string') {
    try {
      if (typeof proxy === 'string' && new URL(url).password !== '') problems.push('"connection.proxy" holds a password: write {url, username, password: {env: VARIABLE}} so the file holds no secret');
      else new URL(url);
    } catch {
      problems.push(`"connection.proxy${typeof proxy === 'string' ? '' : '.url'}" is not a URL`);
    }
  }
  return problems;
}

/** Validates a parsed profile file against the shipped schema; returns one readable line per problem (empty when valid). */
export function profileProblems(value: unknown): string[] {
  const extra = [baseUrlProblemOf(value), ...connectionProblems(value)].filter((line): line is string => line !== undefined);
  if (validateFile(value)) return extra;
  const lines = (validateFile.errors ?? []).map(describe).filter((line): line is string => line !== undefined);
  return [...new Set([...lines, ...extra])];
}

/** Narrows a value to a profile file once `profileProblems` found nothing. */
export function isProfileFile(value: unknown): value is TargetProfileFile {
  return validateFile(value);
}
