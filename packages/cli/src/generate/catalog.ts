import type { ApiVersion } from '@mfc-conformance/api/validators';
import { httpMethods, type JsonSchema, type OpenApiDocument, type OperationObject } from './document.js';

/** One validator to compile: its export name and a self-contained schema (refs are absolute). */
export interface ValidatorEntry {
  name: string;
  schema: JsonSchema;
}

/** The generated index entry of one operation. */
export interface OperationEntry {
  method: string;
  pathTemplate: string;
  section: string;
  statuses: number[];
  statusRanges: string[];
  /** Validator of the JSON request body, or null when the operation shows none. */
  request: string | null;
  /** Validator per response status ('200', '2XX'); null when the body is not shown. */
  responses: Record<string, string | null>;
}

/** The generated index entry of one webhook event. */
export interface WebhookEntry {
  section: string;
  validator: string;
}

/** Everything `mfc generate` derives from one document besides types and the bundle. */
export interface Catalog {
  /** The schema document every validator refers into: the components' schemas under `$defs`. */
  root: JsonSchema;
  validators: ValidatorEntry[];
  operations: Record<string, OperationEntry>;
  schemas: Record<string, string>;
  webhooks: Record<string, WebhookEntry>;
}

/** The `$id` of a version's schema root. */
export function rootId(api: ApiVersion): string {
  return `https://mfc.invalid/${api}/components.json`;
}

/** Rewrites `#/components/schemas/X` to `prefix + X` throughout a schema. */
export function rewriteRefs(value: unknown, prefix: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, prefix));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, member] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof member === 'string'
        ? member.replace('#/components/schemas/', prefix)
        : rewriteRefs(member, prefix);
  }
  return out;
}

/** A JavaScript identifier for an operation: 'PUT /restocking_shipments/{id}/cancel' → 'put_restocking_shipments_id_cancel'. */
export function operationIdentifier(method: string, pathTemplate: string): string {
  const words = `${method} ${pathTemplate}`.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.join('_');
}

type ResponseObject = { $ref?: string; content?: Record<string, { schema?: JsonSchema }> };

function jsonSchemaOf(holder: ResponseObject | undefined): JsonSchema | undefined {
  return holder?.content?.['application/json']?.schema;
}

// Error answers are shared as `$ref: '#/components/responses/…'`; their bodies must be validated
// like any other, so the reference is followed before the schema is read.
function resolveResponse(document: OpenApiDocument, response: ResponseObject | undefined): ResponseObject | undefined {
  const ref = response?.$ref;
  if (typeof ref !== 'string') return response;
  const prefix = '#/components/responses/';
  const shared = ref.startsWith(prefix) ? (document.components?.responses as Record<string, ResponseObject> | undefined)?.[ref.slice(prefix.length)] : undefined;
  if (!shared) throw new Error(`unresolvable response reference ${ref}`);
  return resolveResponse(document, shared);
}

function statusOrder(a: string, b: string): number {
  return a.localeCompare(b);
}

/** Walks a bundled document and lists its validators, operations, schemas and webhooks. */
export function buildCatalog(api: ApiVersion, document: OpenApiDocument): Catalog {
  const components = document.components?.schemas ?? {};
  const validators: ValidatorEntry[] = [];
  const names = new Set<string>();
  const add = (name: string, schema: JsonSchema): string => {
    if (names.has(name)) throw new Error(`${api}: two validators would be named ${name}`);
    names.add(name);
    const body = rewriteRefs(schema, `${rootId(api)}#/$defs/`) as JsonSchema;
    validators.push({ name, schema: { $id: `https://mfc.invalid/${api}/validators/${name}.json`, ...body } });
    return name;
  };

  const schemas: Record<string, string> = {};
  for (const name of Object.keys(components)) {
    schemas[name] = add(`schema_${name}`, { $ref: `#/components/schemas/${name}` });
  }

  const operations: Record<string, OperationEntry> = {};
  for (const [pathTemplate, item] of Object.entries(document.paths ?? {})) {
    for (const method of httpMethods) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${pathTemplate}`;
      const id = operationIdentifier(method, pathTemplate);
      const requestSchema = jsonSchemaOf(operation.requestBody);
      const responses: Record<string, string | null> = {};
      const codes = Object.keys(operation.responses ?? {}).sort(statusOrder);
      for (const code of codes) {
        const schema = jsonSchemaOf(resolveResponse(document, operation.responses?.[code]));
        responses[code] = schema ? add(`response_${id}_${code.toLowerCase()}`, schema) : null;
      }
      operations[key] = {
        method: method.toUpperCase(),
        pathTemplate,
        section: operation['x-section'] ?? '',
        statuses: codes.filter((code) => /^\d{3}$/.test(code)).map(Number),
        statusRanges: codes.filter((code) => /^\dXX$/.test(code)),
        request: requestSchema ? add(`request_${id}`, requestSchema) : null,
        responses,
      };
    }
  }

  const webhooks: Record<string, WebhookEntry> = {};
  for (const [event, item] of Object.entries(document.webhooks ?? {})) {
    const operation = item.post as OperationObject | undefined;
    const schema = jsonSchemaOf(operation?.requestBody);
    if (!operation || !schema) throw new Error(`${api}: webhook ${event} has no JSON body`);
    webhooks[event] = {
      section: operation['x-section'] ?? '',
      validator: add(`webhook_${event.replace(/[^A-Za-z0-9]+/g, '_')}`, schema),
    };
  }

  const root = { $id: rootId(api), $defs: rewriteRefs(components, '#/$defs/') as JsonSchema };
  return { root, validators, operations, schemas, webhooks };
}
