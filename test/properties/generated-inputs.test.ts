// The generated inputs and the documents held together: every case the generated-input checks draw
// is checked against the project's own validators first (a valid case validates, an invalid one fails
// on exactly the keyword it breaks, where it breaks it), and a change of a document's keyword changes
// what is drawn.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentOperation, type JsonSchema } from '@mfc-conformance/api/internal';
import { validateRequestBody } from '@mfc-conformance/api/validators';
import type { CheckContext } from '../../packages/cli/src/checks/index.js';
import { createAjv } from '../../packages/cli/src/generate/ajv.js';
import type { Fixtures } from '../../packages/cli/src/profile/index.js';
import { caseArb, valueAt, type CaseKind, type GeneratedCase } from '../../packages/cli/properties/inputs/cases.js';
import { deriveSchema } from '../../packages/cli/properties/inputs/derive.js';
import { generatedOperations } from '../../packages/cli/properties/inputs/operations/index.js';
import type { GeneratedOperation } from '../../packages/cli/properties/inputs/operation.js';
import { deriveInput } from '../../packages/cli/properties/inputs/run-cases.js';
import { specWords } from '../../packages/cli/properties/inputs/words.js';

const fixtures: Fixtures = { salesChannelId: 11, warehouseId: 3, sku: { id: 501, sku_code: 'TSHIRT-WHITE-M' }, batchSku: { id: 502, sku_code: 'TEA-GREEN' } };
const kinds: readonly CaseKind[] = ['valid', 'boundary', 'limits', 'invalid'];
const SAMPLES = 60;

// What `bind` reads of a check: the run's ids. The lookup's own order (a prepared record) is its prefix.
let counter = 0;
const context = { marker: 'mfc-test', fixtures, uniqueId: (kind: string) => `mfc-test-${kind}-${++counter}` } as unknown as CheckContext;
const prepared = { prefix: 'mfc-test-order-0', id: 1, last: {} };

/** What one drawn input's validation found: its errors as `pointer keyword`. */
type Verdict = string[];

const ajv = createAjv();

/** The query parameters' validation, one compiled schema per parameter, with the project's Ajv configuration. */
function validateQuery(op: GeneratedOperation, query: Record<string, unknown>): Verdict {
  const parameters = (documentOperation(op.api, op.operation).parameters ?? []).filter((parameter) => parameter.in === 'query');
  return parameters.flatMap((parameter) => {
    const value = query[parameter.name];
    if (value === undefined) return parameter.required ? [`/${parameter.name} required`] : [];
    const validate = ajv.compile(parameter.schema as Record<string, unknown>);
    if (validate(value)) return [];
    // The same reading as the validators' messages: a type error hides the keywords that assume the type.
    const keywords = [...new Set((validate.errors ?? []).map((error) => error.keyword))];
    return [`/${parameter.name} ${keywords.includes('type') ? 'type' : keywords.join(',')}`];
  });
}

function verdictOf(op: GeneratedOperation, input: unknown): Verdict {
  if (op.input === 'query') return validateQuery(op, input as Record<string, unknown>);
  const { ok, errors } = validateRequestBody(op.api, op.operation, input);
  return ok ? [] : errors.map((error) => `${error.pointer} ${error.rule}`);
}

/** Each operation's drawn cases of one kind, bound as the check sends them. */
function drawn(op: GeneratedOperation, kind: CaseKind): Array<{ generated: GeneratedCase; sent: unknown }> {
  const arb = caseArb(deriveInput(op, fixtures), kind);
  if (arb === undefined) return [];
  return fc.sample(arb, { seed: 38, numRuns: SAMPLES }).map((generated) => ({ generated, sent: op.bind ? op.bind(context, generated.value, prepared as never) : generated.value }));
}

describe.each(generatedOperations.map((op) => [op.id, op] as const))('%s', (_id, op) => {
  it.each(kinds.filter((kind) => kind !== 'invalid'))('draws %s inputs the documents validate', (kind) => {
    const invalid = drawn(op, kind).map(({ sent }) => ({ sent, verdict: verdictOf(op, sent) })).filter(({ verdict }) => verdict.length > 0);
    expect(invalid.slice(0, 3)).toEqual([]);
  });

  it('draws invalid inputs that fail on exactly the keyword they break, where they break it', () => {
    const cases = drawn(op, 'invalid');
    expect(cases.length).toBe(SAMPLES);
    const wrong = cases
      .map(({ generated, sent }) => ({ broken: `${generated.broken!.pointer} ${generated.broken!.keyword}`, verdict: verdictOf(op, sent), at: valueAt(sent, generated.broken!.pointer) }))
      .filter(({ broken, verdict }) => verdict.length !== 1 || verdict[0] !== broken);
    expect(wrong.slice(0, 3)).toEqual([]);
  });

  it('draws its plain input valid', () => {
    const plain = deriveInput(op, fixtures).plain;
    expect(verdictOf(op, op.bind ? op.bind(context, plain, prepared as never) : plain)).toEqual([]);
  });
});

// A document's keyword is what is drawn: the same derivation over a schema changed one keyword at a time.
const words = specWords('v2', { salesChannelId: 11, skus: [{ id: 501, sku_code: 'X' }] });
const item = documentOperation('v2', 'POST /orders').requestBody!.content!['application/json']!.schema!.properties as Record<string, JsonSchema>;
const quantityOf = (schema: JsonSchema) => deriveSchema(schema, { name: 'quantity', words });
const valuesOf = (arb: fc.Arbitrary<unknown>) => fc.sample(arb, { seed: 1, numRuns: 200 }) as number[];

describe('a change of the documents changes what is drawn', () => {
  const quantity = ((item.items!.items as JsonSchema).properties as Record<string, JsonSchema>).quantity!;
  it.each([
    ['minimum 1 (as documented)', quantity, { least: 1, breaks: ['type', 'minimum', 'format'] }],
    ['minimum 5', { ...quantity, minimum: 5 }, { least: 5, breaks: ['type', 'minimum', 'format'] }],
    ['no minimum', { type: 'integer', format: 'int32' }, { least: -(2 ** 31), breaks: ['type', 'format'] }],
    ['no format', { type: 'integer', minimum: 1 }, { least: 1, breaks: ['type', 'minimum'] }],
  ] as const)('quantity with %s', (_name, schema, want) => {
    const derived = quantityOf(schema as JsonSchema);
    const drawnValues = [...valuesOf(derived.valid), ...valuesOf(derived.boundary)];
    expect(Math.min(...drawnValues) >= want.least).toBe(true);
    expect(drawnValues).toContain(want.least);
    expect(derived.breaks.map((entry) => entry.keyword)).toEqual(want.breaks);
  });

  it('draws an enum member the document adds, and breaks with values outside it', () => {
    const derived = deriveSchema({ type: 'string', enum: ['paid', 'pending', 'on_account'] }, { name: 'financial_status', words });
    expect(new Set(valuesOf(derived.valid))).toEqual(new Set(['paid', 'pending', 'on_account']));
    expect(fc.sample(derived.breaks[1]!.value, { seed: 1, numRuns: 20 })).not.toContain('on_account');
  });
});
