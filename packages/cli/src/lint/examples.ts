import type { ValidateFunction } from 'ajv';
import { toSchemaErrors } from '@mfc-conformance/api/internal';
import { createAjv } from '../generate/ajv.js';
import { rewriteRefs } from '../generate/catalog.js';
import type { OpenApiDocument } from '../generate/document.js';
import { escape, located, operations, type Node, type RuleFinding } from './document-walk.js';

/** Every media type of a request body or response: where it is, and where to report what it lacks. */
function* mediaTypes(document: OpenApiDocument): Generator<{ pointer: string; media: Node }> {
  for (const [at, operation] of [...operations(document), ...operations(document, 'webhooks')]) {
    const holders: Array<[unknown, string]> = [[operation.requestBody, `${at}/requestBody`]];
    for (const [status, response] of Object.entries(operation.responses ?? {})) holders.push([response, `${at}/responses/${status}`]);
    for (const [raw, pointer] of holders) {
      const [holder, where] = located(document, raw, pointer);
      for (const [type, media] of Object.entries((holder?.content ?? {}) as Record<string, Node>)) yield { pointer: `${where}/content/${escape(type)}`, media };
    }
  }
}

/**
 * Every request body and response that shows a JSON body carries an example, and every example
 * validates against its media type's schema with the toolkit's own validators (the Ajv setup of
 * `mfc generate`): a mock server built from the document answers only valid bodies.
 */
export function examples(document: OpenApiDocument): RuleFinding[] {
  const findings = new Map<string, RuleFinding>();
  const ajv = createAjv();
  const root = 'https://mfc.invalid/examples.json';
  ajv.addSchema({ $id: root, $defs: rewriteRefs(document.components?.schemas ?? {}, '#/$defs/') });
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (schema: unknown): ValidateFunction => {
    const key = JSON.stringify(schema);
    const known = compiled.get(key) ?? ajv.compile(rewriteRefs(schema, `${root}#/$defs/`) as object);
    compiled.set(key, known);
    return known;
  };
  for (const { pointer, media } of mediaTypes(document)) {
    const shown: Array<[unknown, string]> = 'example' in media ? [[media.example, `${pointer}/example`]] : [];
    for (const [name, raw] of Object.entries((media.examples ?? {}) as Record<string, unknown>)) {
      const [example, where] = located(document, raw, `${pointer}/examples/${escape(name)}`);
      shown.push([example?.value, where]);
    }
    if (shown.length === 0 && media.schema !== undefined) {
      findings.set(pointer, { pointer, rule: 'mfc/example-missing', message: 'a body the document shows has no example' });
    }
    for (const [value, where] of shown) {
      const validate = validatorOf(media.schema ?? {});
      if (validate(value)) continue;
      const errors = toSchemaErrors(validate.errors, value).map((error) => error.message).join('; ');
      findings.set(where, { pointer: where, rule: 'mfc/example-invalid', message: `the example breaks its schema: ${errors}` });
    }
  }
  return [...findings.values()];
}
