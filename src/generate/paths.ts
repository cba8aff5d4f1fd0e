import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiVersion } from '../openapi/types.js';

// Resolved from this file, not from process.cwd(), so `mfc generate` and `mfc lint` work from
// any directory.
const here = dirname(fileURLToPath(import.meta.url));

/** The nearest folder at or above `from` that holds a package.json. */
function folderWithPackageJson(from: string): string {
  const parent = dirname(from);
  return existsSync(join(from, 'package.json')) || parent === from ? from : folderWithPackageJson(parent);
}

/**
 * The package root: the folder holding package.json, spec/ and generated/. Looked up rather than
 * counted, as this module runs from src/generate/ and, built, from dist/src/generate/.
 */
export const packageRoot = folderWithPackageJson(join(here, '..', '..'));

/** The folder of the hand-written OpenAPI documents. */
export const specDir = join(packageRoot, 'spec');

/** The folder `mfc generate` writes into. */
export const generatedDir = join(packageRoot, 'generated');

/** Both API versions, in the order every tool processes them. */
export const apiVersions: readonly ApiVersion[] = ['v1', 'v2'];

/** The source document of one version, e.g. spec/v1.yaml. */
export function specFile(api: ApiVersion): string {
  return join(specDir, `${api}.yaml`);
}
