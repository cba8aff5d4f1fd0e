// The HAR 1.2 JSON Schema (har-schema, the schema har-validator uses), compiled once for the tests.
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);
const schemas = require('har-schema') as Record<string, { $id: string }>;

/** Validates a parsed HAR document against HAR 1.2; returns the errors as text, or '' when it is valid. */
export function harProblems(har: unknown): string {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
  addFormats.default(ajv);
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  return ajv.validate('har.json#', har) ? '' : ajv.errorsText();
}
