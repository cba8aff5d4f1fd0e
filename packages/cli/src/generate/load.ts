import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenApiDocument } from './document.js';

/**
 * Reads a version's document and its shared files into one document whose only `$ref`s are
 * internal (`#/components/...`). A fresh parser per call: SwaggerParser caches what it read.
 */
export async function bundleDocument(file: string): Promise<OpenApiDocument> {
  const bundled = await new SwaggerParser().bundle(file);
  // A JSON round trip turns YAML aliases (shared objects) into independent copies.
  return JSON.parse(JSON.stringify(bundled)) as OpenApiDocument;
}

/** The bundled document with every `$ref` replaced by its target (for tools that cannot follow refs). */
export async function dereferenceDocument(bundled: OpenApiDocument): Promise<OpenApiDocument> {
  // Our document type is looser than swagger-parser's; the parser only reads it.
  const copy = structuredClone(bundled) as unknown as Exclude<Parameters<SwaggerParser['validate']>[0], string>;
  const dereferenced = await new SwaggerParser().dereference(copy);
  return JSON.parse(JSON.stringify(dereferenced)) as OpenApiDocument;
}
