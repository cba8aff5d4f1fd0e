import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { ApiVersion } from '@mfc-conformance/api/validators';
import { buildCatalog } from './catalog.js';
import { bundleDocument, dereferenceDocument } from './load.js';
import { operationsModule } from './operations-file.js';
import { publishedDocuments } from './published.js';
import { apiPackageRoot, apiVersions, packageRoot, specFile } from '../layout.js';
import { standaloneValidators } from './standalone.js';
import { typesModule } from './types-file.js';

/** Generated file contents keyed by path relative to the api package's root (e.g. 'generated/v1/types.ts'). */
export type GeneratedFiles = Map<string, string>;

/** Everything `mfc generate` writes for one version, from a document file. */
export async function generateVersion(api: ApiVersion, file = specFile(api)): Promise<GeneratedFiles> {
  const source = relative(packageRoot, file);
  const bundled = await bundleDocument(file);
  const dereferenced = await dereferenceDocument(bundled);
  const catalog = buildCatalog(api, bundled);
  const validators = standaloneValidators(catalog, source);
  const out = (name: string): string => join('generated', api, name);
  const documents = [...publishedDocuments(source, bundled, dereferenced)].map(([name, content]): [string, string] => [out(name), content]);
  return new Map([
    ...documents,
    [out('operations.ts'), operationsModule(catalog, source)],
    [out('types.ts'), await typesModule(bundled, source)],
    [out('validators.d.ts'), validators.dts],
    [out('validators.js'), validators.js],
  ]);
}

/** Every generated file of both versions, computed in memory. */
export async function generateAll(): Promise<GeneratedFiles> {
  const all: GeneratedFiles = new Map();
  for (const api of apiVersions) {
    for (const [path, content] of await generateVersion(api)) all.set(path, content);
  }
  return all;
}

/** Writes generated files under `root` (the api package's root by default). */
export async function writeGenerated(files: GeneratedFiles, root = apiPackageRoot): Promise<void> {
  for (const [path, content] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

/**
 * The same files keyed for another project's folder (`mfc generate --out DIR`): 'generated/v1/types.ts'
 * becomes 'v1/types.ts', so DIR holds one folder per version, as generated/ does.
 */
export function forOtherProject(files: GeneratedFiles): GeneratedFiles {
  return new Map([...files].map(([path, content]) => [relative('generated', path), content]));
}

/** The paths whose content on disk under `root` differs from `files` (missing files included). */
export async function driftedFiles(files: GeneratedFiles, root = apiPackageRoot): Promise<string[]> {
  const drifted: string[] = [];
  for (const [path, content] of files) {
    const current = await readFile(join(root, path), 'utf8').catch(() => undefined);
    if (current !== content) drifted.push(path);
  }
  return drifted;
}
