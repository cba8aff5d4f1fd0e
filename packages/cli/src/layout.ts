// Where the package's parts are, computed once, from this module and never from process.cwd(), so
// every command works from any directory. It runs from src/ in a checkout and, built, from dist/src/.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiVersion } from '@mfc-conformance/api/validators';

/** The nearest folder at or above `from` that holds a package.json. */
function folderWithPackageJson(from: string): string {
  const parent = dirname(from);
  return existsSync(join(from, 'package.json')) || parent === from ? from : folderWithPackageJson(parent);
}

/**
 * The root of the code that runs: the checkout from the sources; built, dist/, a mirror of the package
 * root where the compiled check files sit beside the compiled toolkit they import. Suites and
 * properties (and their measured costs) are found under it.
 */
export const codeRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The package root: the folder holding the CLI's package.json, spec/ and redocly.yaml. Looked up
 * rather than counted, as dist/ holds no package.json: built, it is the folder above dist/.
 */
export const packageRoot = folderWithPackageJson(codeRoot);

/** The folder of the hand-written OpenAPI documents (not part of the build). */
export const specDir = join(packageRoot, 'spec');

/** The rule inventory: one YAML file per § group. */
export const rulesDir = `${join(specDir, 'rules')}/`;

/**
 * The root of `@mfc-conformance/api`, resolved by name as every import of it is: packages/api in this
 * repository (through the workspace link), node_modules/@mfc-conformance/api where the CLI is installed.
 */
export const apiPackageRoot = dirname(createRequire(import.meta.url).resolve('@mfc-conformance/api/package.json'));

/** The folder `mfc generate` writes into: the api package's generated/, which its entry points import. */
export const generatedDir = join(apiPackageRoot, 'generated');

/** The committed Redocly rule set `mfc lint` applies. */
export const redoclyConfigFile = join(packageRoot, 'redocly.yaml');

/** Both API versions, in the order every tool processes their documents. */
export const apiVersions: readonly ApiVersion[] = ['v1', 'v2'];

/** The source document of one version, e.g. spec/v1.yaml. */
export function specFile(api: ApiVersion): string {
  return join(specDir, `${api}.yaml`);
}

// Built (dist/), the check files are JavaScript too: a run loads one copy of src/checks, compiled.
const checkExtension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

/** Where the checks live, as globs relative to `codeRoot`. */
export const defaultInclude = [`suites/**/*.check.${checkExtension}`, `properties/**/*.property.${checkExtension}`];
