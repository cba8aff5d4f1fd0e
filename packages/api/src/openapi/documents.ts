// The published documents with every $ref replaced (generated/vN/openapi.dereferenced.json), read
// where this package keeps them: beside src/ in a checkout, beside dist/src/ once built. Tools that
// derive something from the documents (the toolkit's generated inputs) read them here, so what they
// derive changes with the documents.
import { readFileSync } from 'node:fs';
import type { ApiVersion } from './types.js';

/** A JSON Schema as the documents write it (2020-12, OpenAPI 3.1): the keywords read by name. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** One parameter of an operation. */
export interface DocumentParameter {
  readonly name: string;
  readonly in: 'query' | 'path' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
}

/** One operation of a dereferenced document: its parameters and its JSON request body schema. */
export interface DocumentOperation {
  readonly operationId?: string;
  readonly 'x-section'?: string;
  readonly parameters?: readonly DocumentParameter[];
  readonly requestBody?: { readonly content?: { readonly 'application/json'?: { readonly schema?: JsonSchema } } };
}

/** The parts of a dereferenced OpenAPI document that tools read. */
export interface DereferencedDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, DocumentOperation | readonly DocumentParameter[]>>>>;
  readonly components: { readonly schemas: Readonly<Record<string, JsonSchema>> };
}

const cache = new Map<ApiVersion, DereferencedDocument>();

/** The version's dereferenced document (read once). */
export function dereferencedDocument(api: ApiVersion): DereferencedDocument {
  let document = cache.get(api);
  if (document === undefined) {
    document = JSON.parse(readFileSync(new URL(`../../generated/${api}/openapi.dereferenced.json`, import.meta.url), 'utf8')) as DereferencedDocument;
    cache.set(api, document);
  }
  return document;
}

/** An operation ('POST /orders') with its path's parameters ahead of its own; throws for one the document lacks. */
export function documentOperation(api: ApiVersion, key: string): DocumentOperation {
  const [method, path] = key.split(' ') as [string, string];
  const item = dereferencedDocument(api).paths[path];
  const operation = item?.[method.toLowerCase()] as DocumentOperation | undefined;
  if (item === undefined || operation === undefined) throw new Error(`${api}: the document has no operation "${key}"`);
  const shared = (item.parameters ?? []) as readonly DocumentParameter[];
  return { ...operation, parameters: [...shared, ...(operation.parameters ?? [])] };
}
