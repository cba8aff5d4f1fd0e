import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import type { OpenApiDocument } from './document.js';
import { generatedHeader } from './header.js';

/** TypeScript types of one version's document, made by openapi-typescript from the bundle. */
export async function typesModule(bundled: OpenApiDocument, source: string): Promise<string> {
  const ast = await openapiTS(structuredClone(bundled) as unknown as OpenAPI3, { silent: true });
  return `${generatedHeader(source)}${astToString(ast)}`;
}
