import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ISO_DATE_TIME } from '@mfc-conformance/api/internal';
import type { Catalog } from './catalog.js';

/**
 * The one Ajv configuration behind both the standalone validators and the runtime-compiled
 * ones the tests compare them with: JSON Schema 2020-12, all errors, the failing schema kept
 * in each error (`verbose`, for readable anyOf messages), strict about unknown keywords.
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    // anyOf branches name properties declared beside them, which strictRequired cannot see.
    strictRequired: false,
    allowUnionTypes: true,
    // Every $ref becomes a call to one shared function, which keeps the standalone code small.
    inlineRefs: false,
    code: { source: true, esm: true, lines: true },
  });
  addFormats.default(ajv);
  // §2 says ISO 8601, which lets a date-time leave out its offset; RFC 3339 (ajv-formats) does not.
  ajv.addFormat('date-time', ISO_DATE_TIME);
  // The only extension the documents put inside schemas: the specification section.
  ajv.addKeyword({ keyword: 'x-section', schemaType: 'string' });
  return ajv;
}

/** An Ajv instance holding a catalog's schema root and every validator schema, not yet compiled. */
export function ajvForCatalog(catalog: Catalog): Ajv2020 {
  const ajv = createAjv();
  ajv.addSchema(catalog.root);
  for (const entry of catalog.validators) ajv.addSchema(entry.schema);
  return ajv;
}
