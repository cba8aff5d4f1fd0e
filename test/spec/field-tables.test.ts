import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../packages/cli/src/generate/document.js';
import { bundleDocument } from '../../packages/cli/src/generate/load.js';
import { specFile } from '../../packages/cli/src/layout.js';
import { reachedNodes } from '../../packages/cli/src/lint/document-walk.js';
import type { ApiVersion } from '../../packages/api/src/openapi/types.js';
import { compareTables, expectationsOf, tableSchemas } from './field-tables.js';
import { parseTables, readSpecification, statusSets } from './spec-tables.js';

const text = readSpecification();
const tables = parseTables(text);
const sets = statusSets(text);
let documents: Record<ApiVersion, OpenApiDocument>;

beforeAll(async () => {
  documents = { v1: await bundleDocument(specFile('v1')), v2: await bundleDocument(specFile('v2')) };
});

function mutated(api: ApiVersion, change: (document: OpenApiDocument) => void): Record<ApiVersion, OpenApiDocument> {
  const copy = structuredClone(documents);
  change(copy[api]);
  return copy;
}

function schemaOf(document: OpenApiDocument, name: string): Record<string, unknown> {
  return document.components!.schemas![name] as Record<string, unknown>;
}

function propertiesOf(document: OpenApiDocument, name: string): Record<string, Record<string, unknown>> {
  return schemaOf(document, name).properties as Record<string, Record<string, unknown>>;
}

describe('§2 field tables', () => {
  it('reads every field table of §2 and maps each to a schema', () => {
    const fieldTables = tables.filter((table) => table.section.startsWith('2.'));
    expect(fieldTables.map((table) => table.section)).toEqual(['2.1', '2.1', '2.1', '2.2', '2.3', '2.3', '2.3', '2.4', '2.5', '2.6']);
    expect(fieldTables.map((table) => table.rows.length)).toEqual([21, 6, 13, 13, 12, 9, 11, 9, 10, 20]);
    expect(tableSchemas).toHaveLength(fieldTables.length);
  });

  it('reads the §3 status sets the tables point to', () => {
    expect(sets['3.1 v1']).toEqual(['created', 'shipped', 'delivered', 'arrived', 'processing', 'restocked', 'on_hold', 'cancelled']);
    expect(sets['3.1 v2']).toEqual(['created', 'shipped', 'received', 'arrived', 'processing', 'restocked', 'cancelled']);
    expect(sets['3.3']).toHaveLength(10);
    expect(sets['3.4']).toHaveLength(9);
  });

  it.each([
    ['a required int32 with a minimum', { given: ['total_price_in_cents', 'integer int32 >= 0', 'required; total price paid'], want: { field: 'total_price_in_cents', types: ['integer'], format: 'int32', minimum: 0, required: true, readOnly: false } }],
    ['a conditional requirement is not required', { given: ['sku_id', 'integer int64', 'required if sku_code is absent'], want: { field: 'sku_id', types: ['integer'], format: 'int64', required: false } }],
    ['a nullable non-empty string', { given: ['first_name', 'string or null, non-empty', 'required when last_name and full_name are omitted'], want: { field: 'first_name', types: ['string', 'null'], minLength: 1, required: false } }],
    ['an enum listed in the notes', { given: ['block_reason', 'string enum or null', 'required; expiry_window, expiry_date_reached, null'], want: { enum: ['expiry_window', 'expiry_date_reached', null], required: true } }],
    ['an enum from §3', { given: ['status', 'string enum', 'read-only, required (see 3.1, v1 set)'], want: { enum: ['created', 'shipped', 'delivered', 'arrived', 'processing', 'restocked', 'on_hold', 'cancelled'], readOnly: true, required: true } }],
    ['required only on input', { given: ['announced_quantity', 'integer >= 0', 'required on input'], want: { required: false, minimum: 0 } }],
  ] as const)('reads a row: %s', (_name, { given, want }) => {
    const [expectation] = expectationsOf({ section: '2.1', label: '', header: [], rows: [] }, [...given], sets);
    expect(expectation).toMatchObject(want);
  });

  it('finds every field in its schema with the stated type, format, enum, read-only and required flags', () => {
    expect(compareTables(tables, documents, sets)).toEqual([]);
  });

  // A webhook body is a request the service sends, and OpenAPI 3.1 tools read readOnly as "not in
  // requests": a schema only webhooks use (v2 Shipment) marks none of the fields its table calls
  // read-only. That holds only while no operation uses it, which this test keeps true.
  it('a schema mapped as webhook-only is used by webhooks and by no operation', () => {
    const refsUnder = (document: OpenApiDocument, kind: 'paths' | 'webhooks'): unknown[] => [...reachedNodes(document, [[document[kind], `#/${kind}`]])].map(([node]) => node.$ref);
    for (const { api, schema } of tableSchemas.filter((entry) => entry.webhookOnly)) {
      const ref = `#/components/schemas/${schema}`;
      expect([api, refsUnder(documents[api], 'webhooks').includes(ref), refsUnder(documents[api], 'paths').includes(ref)]).toEqual([api, true, false]);
    }
  });

  it.each([
    ['a field removed', { api: 'v2' as const, change: (d: OpenApiDocument) => delete propertiesOf(d, 'Order').currency, want: '§2.1 v2 Order, row "currency": currency: missing from Order' }],
    ['a type changed', { api: 'v2' as const, change: (d: OpenApiDocument) => (propertiesOf(d, 'OrderItem').quantity!.type = 'string'), want: '§2.1 v2 OrderItem, row "quantity": quantity: type expected ["integer"], found ["string"]' }],
    ['a required flag dropped', { api: 'v1' as const, change: (d: OpenApiDocument) => (schemaOf(d, 'RestockingShipment').required = (schemaOf(d, 'RestockingShipment').required as string[]).filter((n) => n !== 'po_number')), want: '§2.3 v1 RestockingShipment, row "po_number": po_number: required expected true, found false' }],
    ['nullability lost', { api: 'v2' as const, change: (d: OpenApiDocument) => (propertiesOf(d, 'InventoryBatch').expiry_date!.type = 'string'), want: '§2.4 v2 InventoryBatch, row "expiry_date": expiry_date: type expected ["string","null"], found ["string"]' }],
    ['an enum value missing', { api: 'v1' as const, change: (d: OpenApiDocument) => (propertiesOf(d, 'Sku').status!.enum = ['active']), want: '§2.6 v1 Sku, row "status": status: enum expected ["active","deleted"], found ["active"]' }],
    ['one of two fields in a row removed', { api: 'v1' as const, change: (d: OpenApiDocument) => delete propertiesOf(d, 'Sku').cost_in_cents, want: '§2.6 v1 Sku, row "cost_in_cent and cost_in_cents": cost_in_cents: missing from Sku' }],
    ['a webhook-only schema marked read-only', { api: 'v2' as const, change: (d: OpenApiDocument) => (propertiesOf(d, 'Shipment').order_id!.readOnly = true), want: '§2.2 v2 Shipment, row "order_id": order_id: readOnly expected false, found true' }],
  ])('fails on a mutated copy: %s', (_name, { api, change, want }) => {
    expect(compareTables(tables, mutated(api, change), sets)).toEqual([want]);
  });

  it('§2.7: both pagination objects hold the listed fields with the stated types', () => {
    const v1Line = /- v1: pagination = \{([^}]+)\}, all integers\./.exec(text);
    const v2Line = /- v2: pagination = \{([^}]+)\}\./.exec(text);
    const v1Fields = v1Line![1]!.split(', ').map((field) => [field, ['integer']] as const);
    const v2Fields = v2Line![1]!.split(', ').map((entry) => {
      const [, field, type] = /^(\w+) \((.+)\)$/.exec(entry)!;
      return [field!, type!.split(' or ').map((word) => (word === 'null' ? 'null' : word))] as const;
    });
    const found = (api: ApiVersion, field: string): unknown => {
      const type = propertiesOf(documents[api], 'Pagination')[field]?.type;
      return Array.isArray(type) ? type : [type];
    };
    expect(v1Fields.map(([field]) => [field, found('v1', field)])).toEqual(v1Fields.map(([field, type]) => [field, type]));
    expect(v2Fields.map(([field]) => [field, found('v2', field)])).toEqual(v2Fields.map(([field, type]) => [field, type]));
    expect(v2Fields.map(([field]) => field)).toEqual(['first_page_url', 'limit', 'next_page_url']);
  });
});
