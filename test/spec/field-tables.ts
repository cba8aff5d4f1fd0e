import type { JsonSchema, OpenApiDocument } from '../../packages/cli/src/generate/document.js';
import type { ApiVersion } from '../../packages/api/src/openapi/types.js';
import type { Row, Table } from './spec-tables.js';

/**
 * Which component schema each §2 field table describes, by its § and label line. `webhookOnly`: the
 * schema is only ever a webhook body (no operation shows a v2 shipment, §4.2), so it marks nothing
 * readOnly whatever the table says: readOnly in OpenAPI 3.1 tools means "not in requests", and a
 * webhook body is a request the service sends (mfc lint's mfc/webhook-read-only).
 */
export const tableSchemas: Array<{ section: string; label: RegExp; api: ApiVersion; schema: string; webhookOnly?: true }> = [
  { section: '2.1', label: /^### 2\.1 Order/, api: 'v2', schema: 'Order' },
  { section: '2.1', label: /^OrderItem:$/, api: 'v2', schema: 'OrderItem' },
  { section: '2.1', label: /^Address:$/, api: 'v2', schema: 'Address' },
  { section: '2.2', label: /^### 2\.2 Shipment/, api: 'v2', schema: 'Shipment', webhookOnly: true },
  { section: '2.3', label: /^v2 shape:$/, api: 'v2', schema: 'RestockingShipment' },
  { section: '2.3', label: /^v2 restocking shipment item:$/, api: 'v2', schema: 'RestockingShipmentItem' },
  { section: '2.3', label: /^v1 shape:$/, api: 'v1', schema: 'RestockingShipment' },
  { section: '2.4', label: /^### 2\.4 Inventory batch/, api: 'v2', schema: 'InventoryBatch' },
  { section: '2.5', label: /^### 2\.5 Inventory batch settings/, api: 'v2', schema: 'InventoryBatchSettings' },
  { section: '2.6', label: /^### 2\.6 SKU/, api: 'v1', schema: 'Sku' },
];

/** What one table row states about a field. */
export interface FieldExpectation {
  field: string;
  types: string[];
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  /** The full value set; undefined when the row states no enum, null when it states one without its values. */
  enum?: Array<string | null> | null;
  itemsType?: string;
  itemsRef?: string;
  ref?: string;
  objectIntegers?: string[];
  required: boolean;
  readOnly: boolean;
  deprecated: boolean;
}

const jsonTypeOf: Record<string, string> = {
  integer: 'integer',
  string: 'string',
  'date-time': 'string',
  date: 'string',
  boolean: 'boolean',
  number: 'number',
  object: 'object',
  array: 'array',
};

function clauses(notes: string): string[] {
  return notes
    .replace(/\([^)]*\)/g, '')
    .split(/[;,]/)
    .map((clause) => clause.trim());
}

function enumValues(notes: string, statusSets: Record<string, string[]>): Array<string | null> | null {
  const see = /\(see (3\.\d)(?:, (v\d) set)?\)/.exec(notes);
  if (see) return statusSets[see[2] ? `${see[1]} ${see[2]}` : see[1]!] ?? null;
  for (const part of notes.split(';')) {
    const list = part.replace(/^\s*required:\s*/, '').trim();
    if (/^[a-z_]+(, [a-z_]+)+$/.test(list)) return list.split(', ').map((value) => (value === 'null' ? null : value));
  }
  return null;
}

/** Reads a row ('Field | Type | Notes', or 'Field | Type / notes' in §2.6) into one expectation per field it names. */
export function expectationsOf(table: Table, row: Row, statusSets: Record<string, string[]>): FieldExpectation[] {
  const [fieldCell = '', second = '', third] = row;
  const [type, notes] = third === undefined ? [second.split(';')[0]!.trim(), second.slice(second.split(';')[0]!.length)] : [second, third];
  const nullable = /\bor null\b/.test(type);
  const base = type.replace(/\bor null\b/, '').trim();
  const word = /^[A-Za-z-]+/.exec(base)?.[0] ?? '';
  const expectation: Omit<FieldExpectation, 'field'> = {
    types: [],
    required: clauses(notes).some((clause) => clause === 'required' || clause === 'required in responses' || clause.startsWith('required:')),
    readOnly: clauses(notes).some((clause) => clause === 'read-only' || clause === 'read-only in responses'),
    deprecated: clauses(notes).includes('deprecated'),
  };
  if (/^[A-Z]/.test(word)) {
    expectation.ref = word;
  } else {
    expectation.types = [jsonTypeOf[word] ?? `unknown type "${word}"`, ...(nullable ? ['null'] : [])];
  }
  if (word === 'date-time' || word === 'date') expectation.format = word;
  const intFormat = /\bint(32|64)\b/.exec(base);
  if (intFormat) expectation.format = `int${intFormat[1]}`;
  if (/\(email format\)/.test(base)) expectation.format = 'email';
  const minimum = />= (\d+)/.exec(base);
  if (minimum) expectation.minimum = Number(minimum[1]);
  if (/non-empty/.test(base)) expectation.minLength = 1;
  const pattern = /(\^\S+\$)/.exec(`${base} ${notes}`);
  if (pattern) expectation.pattern = pattern[1];
  // §2 conventions: a country is a 2-letter ISO 3166-1 code matching ^[A-Z]{2}$.
  if (/ISO 3166-1/.test(notes)) expectation.pattern = '^[A-Z]{2}$';
  const arrayOf = /^array of (\w+)/.exec(base);
  if (arrayOf) {
    if (/^[A-Z]/.test(arrayOf[1]!)) expectation.itemsRef = arrayOf[1];
    else expectation.itemsType = arrayOf[1];
  }
  if (/\benum\b/.test(base)) {
    const values = enumValues(notes, statusSets);
    expectation.enum = values && nullable && !values.includes(null) ? [...values, null] : values;
  }
  const inlineValues = /^string: ([a-z_]+(?: or [a-z_]+)+)$/.exec(base);
  if (inlineValues) expectation.enum = inlineValues[1]!.split(' or ');
  const objectWith = /^object with integers (.+)$/.exec(base);
  if (objectWith) expectation.objectIntegers = objectWith[1]!.split(/, /);
  return fieldCell.split(/, | and /).map((field) => ({ field: field.trim(), ...expectation }));
}

type Node = JsonSchema;

function resolveRef(document: OpenApiDocument, ref: string): Node | undefined {
  return document.components?.schemas?.[ref.replace('#/components/schemas/', '')];
}

// A property as it validates: a `$ref` target with the property's own keywords laid over it.
function effective(document: OpenApiDocument, property: Node): Node {
  if (typeof property.$ref !== 'string') return property;
  const { $ref, ...siblings } = property;
  return { ...effective(document, resolveRef(document, $ref as string) ?? {}), ...siblings, $ref };
}

const sameSet = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((value) => b.includes(value));

const show = (value: unknown): string => JSON.stringify(value) ?? 'nothing';

/** Every difference between what a table row states and the schema, as 'where: expected …, found …'. */
export function compareField(document: OpenApiDocument, schemaName: string, want: FieldExpectation): string[] {
  const schema = document.components?.schemas?.[schemaName];
  if (!schema) return [`schema ${schemaName} is missing`];
  const raw = (schema.properties as Record<string, Node> | undefined)?.[want.field];
  if (!raw) return [`${want.field}: missing from ${schemaName}`];
  const got = effective(document, raw);
  const problems: string[] = [];
  const expect = (what: string, ok: boolean, expected: unknown, found: unknown): void => {
    if (!ok) problems.push(`${want.field}: ${what} expected ${show(expected)}, found ${show(found)}`);
  };
  const types = got.type === undefined ? [] : Array.isArray(got.type) ? got.type : [got.type];
  if (want.ref) expect('$ref', raw.$ref === `#/components/schemas/${want.ref}`, want.ref, raw.$ref);
  else expect('type', sameSet(types, want.types), want.types, types);
  const isId = want.field === 'id' || want.field.endsWith('_id');
  // §2 conventions: identifiers named id are int64, so that format may appear without the row saying it.
  const formatOk = got.format === want.format || (want.format === undefined && isId && got.format === 'int64');
  expect('format', formatOk, want.format, got.format);
  expect('pattern', got.pattern === want.pattern, want.pattern, got.pattern);
  expect('minimum', got.minimum === want.minimum, want.minimum, got.minimum);
  expect('minLength', got.minLength === want.minLength, want.minLength, got.minLength);
  if (want.enum === undefined || want.enum === null) {
    expect('enum (none stated in full)', got.enum === undefined, undefined, got.enum);
  } else {
    expect('enum', Array.isArray(got.enum) && sameSet(got.enum, want.enum), want.enum, got.enum);
  }
  const items = got.items as Node | undefined;
  if (want.itemsRef) expect('items $ref', items?.$ref === `#/components/schemas/${want.itemsRef}`, want.itemsRef, items?.$ref);
  if (want.itemsType) expect('items type', items?.type === want.itemsType, want.itemsType, items?.type);
  for (const name of want.objectIntegers ?? []) {
    const member = (got.properties as Record<string, Node> | undefined)?.[name];
    expect(`property ${name} type`, member?.type === 'integer', 'integer', member?.type);
  }
  const required = Array.isArray(schema.required) && schema.required.includes(want.field);
  expect('required', required === want.required, want.required, required);
  expect('readOnly', (got.readOnly === true) === want.readOnly, want.readOnly, got.readOnly ?? false);
  expect('deprecated', (got.deprecated === true) === want.deprecated, want.deprecated, got.deprecated ?? false);
  return problems;
}

/** Compares every §2 field table with the documents; each problem names its table and row. */
export function compareTables(tables: Table[], documents: Record<ApiVersion, OpenApiDocument>, statusSets: Record<string, string[]>): string[] {
  const problems: string[] = [];
  for (const table of tables.filter((candidate) => candidate.section.startsWith('2.'))) {
    const target = tableSchemas.find((entry) => entry.section === table.section && entry.label.test(table.label));
    if (!target) {
      problems.push(`§${table.section} table under "${table.label}" maps to no schema`);
      continue;
    }
    for (const row of table.rows) {
      for (const stated of expectationsOf(table, row, statusSets)) {
        const want = target.webhookOnly ? { ...stated, readOnly: false } : stated;
        for (const problem of compareField(documents[target.api], target.schema, want)) {
          problems.push(`§${table.section} ${target.api} ${target.schema}, row "${row[0]}": ${problem}`);
        }
      }
    }
  }
  return problems;
}
