import { stringify } from 'yaml';
import type { OpenApiDocument } from './document.js';
import { generatedNote } from './header.js';

/**
 * The documents `@mfc-conformance/api` publishes for one version, keyed by file name: the bundle with
 * its named components as JSON and as YAML (what generators and mock servers want), and the same
 * document with every `$ref` replaced by its target (for tools that cannot follow references).
 */
export function publishedDocuments(source: string, bundled: OpenApiDocument, dereferenced: OpenApiDocument): Map<string, string> {
  const marked = (document: OpenApiDocument): OpenApiDocument => ({ 'x-generated': generatedNote(source), ...document });
  return new Map([
    ['openapi.json', `${JSON.stringify(marked(bundled), null, 2)}\n`],
    ['openapi.yaml', stringify(marked(bundled), { lineWidth: 100 })],
    ['openapi.dereferenced.json', `${JSON.stringify(marked(dereferenced), null, 2)}\n`],
  ]);
}
