// The published documents as teams that generate their own client use them: openapi-typescript and
// @hey-api/openapi-ts, both with default options, generate from openapi/v1.json and v2.json into a
// temporary folder, and the consumers of test/openapi/generated-clients/ (create a v2 order with only
// what a client sends, list orders, read one by merchant order id, name `Order`, read the id and the
// fulfillment status an order.status_updated payload carries) compile under `strict`.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiVersions, generatedDir } from '../../packages/cli/src/layout.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const consumers = fileURLToPath(new URL('./generated-clients/', import.meta.url));
const published = (api: string): string => join(generatedDir, api, 'openapi.json');
const project = mkdtempSync(join(tmpdir(), 'mfc-generated-clients-'));

beforeAll(async () => {
  cpSync(consumers, project, { recursive: true });
  // openapi-fetch and TypeScript's own types, as the other project's dependencies.
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
  mkdirSync(join(project, 'openapi-typescript'));
  for (const api of apiVersions) {
    writeFileSync(join(project, 'openapi-typescript', `${api}.ts`), astToString(await openapiTS(pathToFileURL(published(api)))));
    await createClient({ input: published(api), output: join(project, 'hey-api', api), logs: { level: 'silent' } });
  }
}, 60_000);

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('clients generated from the published documents', () => {
  it('name Order: a reference to the component in openapi-typescript, an exported type in @hey-api/openapi-ts', () => {
    for (const api of apiVersions) {
      const types = readFileSync(join(project, 'openapi-typescript', `${api}.ts`), 'utf8');
      expect(types).toMatch(/\n {8}Order: \{/);
      expect(types).toContain('components["schemas"]["OrderItem"]');
      expect(readFileSync(join(project, 'hey-api', api, 'types.gen.ts'), 'utf8')).toMatch(/^export type Order = /m);
    }
  });

  it('compile under strict with their consumers: a v2 order created without its read-only fields, a list, a read by merchant order id, the service\'s fields read from webhook payloads', () => {
    const files = ['openapi-fetch.ts', 'hey-api.ts'].map((name) => join(project, name));
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file ? `${diagnostic.file.fileName.slice(project.length + 1)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1} ` : '';
      return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    expect(diagnostics).toEqual([]);
    // Both generators' output was compiled, not only the consumers.
    expect(program.getSourceFiles().filter((file) => file.fileName.startsWith(project) && !file.fileName.includes('node_modules')).length).toBeGreaterThan(10);
  });
});
