import standaloneCode from 'ajv/dist/standalone/index.js';
import { ajvForCatalog } from './ajv.js';
import type { Catalog } from './catalog.js';
import { generatedHeader } from './header.js';

/** The two files of a version's standalone validators. */
export interface StandaloneFiles {
  js: string;
  dts: string;
}

/** Ajv standalone ESM code exporting one validate function per catalog entry, plus its declarations. */
export function standaloneValidators(catalog: Catalog, source: string): StandaloneFiles {
  const ajv = ajvForCatalog(catalog);
  const exports = Object.fromEntries(catalog.validators.map((entry) => [entry.name, String(entry.schema.$id)]));
  const code = standaloneCode.default(ajv, exports);
  // Ajv's ESM output still calls require() for format and runtime helpers; createRequire gives
  // an ES module one that resolves from generated/, inside the package.
  const js = [
    generatedHeader(source).trimEnd(),
    "import { createRequire } from 'node:module';",
    'const require = createRequire(import.meta.url);',
    code,
  ].join('\n');
  const declarations = catalog.validators.map((entry) => `export declare const ${entry.name}: StandaloneValidator;`);
  const dts = [
    generatedHeader(source).trimEnd(),
    "import type { ErrorObject } from 'ajv';",
    '',
    '/** An Ajv standalone validate function: true when valid, else `errors` holds what failed. */',
    'export interface StandaloneValidator {',
    '  (data: unknown): boolean;',
    '  errors?: ErrorObject[] | null;',
    '}',
    '',
    ...declarations,
    '',
  ].join('\n');
  return { js: js.endsWith('\n') ? js : `${js}\n`, dts };
}
