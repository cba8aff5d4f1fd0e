import type { ValidateFunction, VersionSources } from '@mfc-conformance/api/internal';
import type { ApiVersion } from '@mfc-conformance/api/validators';
import { ajvForCatalog } from './ajv.js';
import { buildCatalog } from './catalog.js';
import { bundleDocument } from './load.js';
import { specFile } from '../layout.js';

/**
 * A version's index and validators compiled in memory from a document (spec/ by default): the
 * same catalog and Ajv configuration as the standalone code, so tests can run one suite
 * against both and documents under test (mutated copies) need no generate step.
 */
export async function compileSources(api: ApiVersion, file = specFile(api)): Promise<VersionSources> {
  const catalog = buildCatalog(api, await bundleDocument(file));
  const ajv = ajvForCatalog(catalog);
  const validators: Record<string, ValidateFunction> = {};
  for (const entry of catalog.validators) {
    const validate = ajv.getSchema(String(entry.schema.$id));
    if (!validate) throw new Error(`${api}: Ajv did not compile ${entry.name}`);
    validators[entry.name] = validate;
  }
  return { operations: catalog.operations, schemas: catalog.schemas, webhooks: catalog.webhooks, validators };
}
