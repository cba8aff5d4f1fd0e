// What the proxy reads in the published documents beyond what the validators judge: the properties
// a document names for a body, and which operations answer a paginated list.
//
// §4.1 rule 5: v1 order create and update, and SKU create, refuse unknown properties with 422. The
// v1 documents cannot close those bodies (their field lists are not shown), so a property counts as
// known when a document names it for the same resource: the v1 body itself, the §2.1 Order that v2
// shows in full, or the v1 SKU (§2.6) and its update body.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedDir } from '../layout.js';

/** The v1 operations whose bodies §4.1 rule 5 (and §7) closes. */
export const CLOSED_V1_BODIES = ['POST /orders', 'PATCH /orders/{id}', 'PUT /orders/{id}', 'POST /skus'] as const;

type Document = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> }; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>> };
type Schema = { properties?: Record<string, unknown> };

const documents = new Map<'v1' | 'v2', Document>();

function documentOf(api: 'v1' | 'v2'): Document {
  let document = documents.get(api);
  if (document === undefined) {
    document = JSON.parse(readFileSync(join(generatedDir, api, 'openapi.dereferenced.json'), 'utf8')) as Document;
    documents.set(api, document);
  }
  return document;
}

function bodyProperties(api: 'v1' | 'v2', method: string, path: string): string[] {
  return Object.keys(documentOf(api).paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema?.properties ?? {});
}

function answerProperties(api: 'v1' | 'v2', method: string, path: string, status: string): string[] {
  return Object.keys(documentOf(api).paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema?.properties ?? {});
}

const known = new Map<string, ReadonlySet<string>>();

/** The properties a document names for the body of a closed v1 operation (`CLOSED_V1_BODIES`). */
export function knownProperties(operation: (typeof CLOSED_V1_BODIES)[number]): ReadonlySet<string> {
  let names = known.get(operation);
  if (names !== undefined) return names;
  const order = [...bodyProperties('v2', 'post', '/orders'), ...bodyProperties('v2', 'patch', '/orders/{id}'), 'created_at'];
  const list = operation === 'POST /skus'
    ? [...bodyProperties('v1', 'put', '/skus/{id}'), ...answerProperties('v1', 'put', '/skus/{id}', '200')]
    : [...bodyProperties('v1', operation === 'POST /orders' ? 'post' : 'patch', operation === 'POST /orders' ? '/orders' : '/orders/{id}'), ...order];
  names = new Set(list);
  known.set(operation, names);
  return names;
}

const lists = new Map<'v1' | 'v2', ReadonlySet<string>>();

/** Whether an operation (`GET /orders`) answers a paginated list: its 200 answer has a `pagination` property. */
export function isListOperation(api: 'v1' | 'v2', key: string): boolean {
  let keys = lists.get(api);
  if (keys === undefined) {
    keys = new Set(Object.entries(documentOf(api).paths).flatMap(([path, operations]) =>
      Object.entries(operations).filter(([, operation]) => 'pagination' in (operation.responses?.['200']?.content?.['application/json']?.schema?.properties ?? {}))
        .map(([method]) => `${method.toUpperCase()} ${path}`)));
    lists.set(api, keys);
  }
  return keys.has(key);
}
