import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot, specDir } from '../../packages/cli/src/layout.js';
import { lintFile, lintSpec } from '../../packages/cli/src/lint/index.js';
import { recordNotFound, requestReadOnlyRequired, webhookReadOnly } from '../../packages/cli/src/lint/rules.js';

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'mfc-lint-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

// A copy of spec/ (shared files and examples included, since the documents $ref them) with one edit
// to v1.yaml or to another file of the copy; the path of the copy's v1.yaml.
async function mutatedV1(edit: (yaml: string) => string, edited = 'v1.yaml'): Promise<string> {
  const dir = await mkdtemp(join(scratch, 'spec-'));
  await cp(specDir, dir, { recursive: true });
  const file = join(dir, edited);
  const before = await readFile(file, 'utf8');
  const after = edit(before);
  expect(after, 'the edit must change the document').not.toBe(before);
  await writeFile(file, after);
  return join(dir, 'v1.yaml');
}

// Removes the n-th line equal to `line` and the indented lines under it.
function removeBlock(yaml: string, line: string, occurrence = 1): string {
  const lines = yaml.split('\n');
  let seen = 0;
  const start = lines.findIndex((candidate) => candidate === line && ++seen === occurrence);
  const indent = line.length - line.trimStart().length;
  let end = start + 1;
  while (end < lines.length && (lines[end]!.trim() === '' || lines[end]!.length - lines[end]!.trimStart().length > indent)) end += 1;
  return [...lines.slice(0, start), ...lines.slice(end)].join('\n');
}

describe('mfc lint', () => {
  it('finds no problem in spec/ (errors and warnings alike)', async () => {
    expect(await lintSpec()).toEqual([]);
  });

  it.each([
    ['a missing 429', { given: (yaml: string) => removeBlock(yaml, "        '429':", 1), want: [['#/paths/~1orders/get/responses', 'mfc/operation-statuses', 'missing the 429 response every operation has (§4, §7)']] }],
    ['a missing 401', { given: (yaml: string) => yaml.replace(/(  \/warehouses:[\s\S]*?)        '401':\n          \$ref: '#\/components\/responses\/Unauthorized'\n/, '$1'), want: [['#/paths/~1warehouses/get/responses', 'mfc/operation-statuses', 'missing the 401 response every operation has (§4, §7)']] }],
    ['a missing 400 on a list (a malformed query is a malformed request, §7)', { given: (yaml: string) => yaml.replace(/(  \/warehouses:[\s\S]*?)        '400':\n          \$ref: '#\/components\/responses\/BadRequest'\n/, '$1'), want: [['#/paths/~1warehouses/get/responses', 'mfc/operation-statuses', 'missing the 400 response every operation has (§4, §7)']] }],
    ['a missing 404 on an {id} operation', { given: (yaml: string) => yaml.replace(/(  \/returns\/\{id\}:[\s\S]*?)        '404':\n          \$ref: '#\/components\/responses\/NotFound'\n/, '$1'), want: [['#/paths/~1returns~1{id}/get/responses', 'mfc/record-not-found', 'missing the 404 response of an operation addressing one record (§7)']] }],
    ['a 429 without Retry-After', { given: (yaml: string) => yaml.replace(/(  \/warehouses:[\s\S]*?'429':\n)          \$ref: '#\/components\/responses\/TooManyRequests'\n/, "$1          description: Too many requests.\n          headers: *rateLimitHeaders\n"), want: [['#/paths/~1warehouses/get/responses/429', 'mfc/rate-limit-headers', 'the 429 response lacks the required header Retry-After (§7, §8)']] }],
    ['a success response without rate-limit headers', { given: (yaml: string) => removeBlock(yaml, '          headers: *rateLimitHeaders', 1), want: [['#/paths/~1orders/get/responses/200', 'mfc/rate-limit-headers', 'the 200 response lacks the required header X-Rate-Limit-Used (§8)'], ['#/paths/~1orders/get/responses/200', 'mfc/rate-limit-headers', 'the 200 response lacks the required header X-Rate-Limit-Max (§8)']] }],
    ['a response schema closed to extra properties', { given: (yaml: string) => yaml.replace("    Pagination:\n      x-section: '2.7'\n", "    Pagination:\n      x-section: '2.7'\n      additionalProperties: false\n"), want: [['#/components/schemas/Pagination/additionalProperties', 'mfc/open-responses', 'additionalProperties: false in a schema a response or webhook body uses; those may carry properties beyond the ones listed']] }],
    ['a request-only schema closed to extra properties (allowed)', { given: (yaml: string) => yaml.replace(/(    RestockingShipmentItemWrite:\n[\s\S]*?)additionalProperties: true\n/, '$1additionalProperties: false\n'), want: [] }],
    ['a schema without x-section', { given: (yaml: string) => yaml.replace("    Return:\n      x-section: '2.7'\n", '    Return:\n'), want: [['#/components/schemas/Return', 'mfc/x-section', "schema Return has no x-section naming the specification's § it comes from"]] }],
    ['a webhook without x-section', { given: (yaml: string) => yaml.replace("      operationId: returnStatusUpdated\n      x-section: '6.1'\n", '      operationId: returnStatusUpdated\n'), want: [['#/webhooks/return_status_updated/post', 'mfc/x-section', "webhook return_status_updated has no x-section naming the specification's § it comes from"]] }],
    ['a request body whose schema requires a read-only property', { given: (yaml: string) => yaml.replace(/(    RestockingShipmentWrite:\n[\s\S]*?      additionalProperties: true\n)([\s\S]*?        restocking_shipment_items:\n)/, '$1      required: [restocking_shipment_items]\n$2          readOnly: true\n'), want: [
      // Redocly 2 also refuses the property in the request examples (spec/examples/v1.yaml), where it is no longer a client's.
      ['#/RestockingShipmentCreate/value/restocking_shipment_items', 'no-invalid-media-type-examples', 'Example value must conform to the schema: `restocking_shipment_items` property must NOT be present in request context.'],
      ['#/RestockingShipmentUpdate/value/restocking_shipment_items', 'no-invalid-media-type-examples', 'Example value must conform to the schema: `restocking_shipment_items` property must NOT be present in request context.'],
      ['#/components/schemas/RestockingShipmentWrite/required', 'mfc/request-read-only-required', 'a request body requires the read-only property restocking_shipment_items, which a client does not send'],
    ] }],
    ['a read-only property in a webhook body, which Redocly 2 reads as a request', { given: (yaml: string) => yaml.replace(/(    RestockingShipmentEvent:\n[\s\S]*?        barcode:\n.*\n          type: string\n)/, '$1          readOnly: true\n'), want: [
      ['#/RestockingShipmentStatusUpdated/value/barcode', 'no-invalid-media-type-examples', 'Example value must conform to the schema: `barcode` property must NOT be present in request context.'],
      ['#/components/schemas/RestockingShipmentEvent/properties/barcode/readOnly', 'mfc/webhook-read-only', 'readOnly in a schema a webhook body uses: tools read a webhook body as a request and leave read-only properties out of it (give the webhook a twin schema without readOnly)'],
    ] }],
    ['an operation without operationId (Redocly rule set)', { given: (yaml: string) => yaml.replace('      operationId: getReturn\n', ''), want: [['#/paths/~1returns~1{id}/get/operationId', 'operation-operationId', 'Operation object should contain `operationId` field.']] }],
  ])('reports %s with its pointer and rule', async (_name, { given, want }) => {
    const problems = await lintFile(await mutatedV1(given));
    expect(problems.map((problem) => [problem.pointer, problem.rule, problem.message])).toEqual(want);
    expect(problems.every((problem) => problem.file.endsWith('v1.yaml'))).toBe(true);
  });

  it.each([
    ['an example that breaks its schema', {
      given: () => mutatedV1((yaml) => yaml.replace(/(\nOrder:\n[\s\S]*?    created_at: )\S+/, '$1yesterday'), 'examples/v1.yaml'),
      want: [['#/components/examples/Order', 'mfc/example-invalid', 'the example breaks its schema: /created_at: expected format date-time, received "yesterday"']],
    }],
    ['a body without an example', {
      given: () => mutatedV1((yaml) => yaml.replace(/(  \/returns\/\{id\}:[\s\S]*?)              examples:\n                Return:\n                  \$ref: '#\/components\/examples\/Return'\n/, '$1')),
      want: [['#/paths/~1returns~1{id}/get/responses/200/content/application~1json', 'mfc/example-missing', 'a body the document shows has no example']],
    }],
  ])('reports %s (mfc/example-*)', async (_name, { given, want }) => {
    const problems = await lintFile(await given());
    expect(problems.filter((problem) => problem.rule.startsWith('mfc/example-')).map((problem) => [problem.pointer, problem.rule, problem.message])).toEqual(want);
  });

  it('reports an invalid document from swagger-parser and stops there', async () => {
    const problems = await lintFile(await mutatedV1((yaml) => yaml.replace('openapi: 3.1.0', 'openapi: 3.1.0\nbogus: true')));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ rule: 'swagger-parser', severity: 'error' });
  });

  it('runs from any directory through the CLI: exit 0 on spec/, 1 naming file and pointer on a broken copy', async () => {
    const run = promisify(execFile);
    const bin = join(packageRoot, 'bin', 'mfc.mjs');
    const clean = await run(process.execPath, [bin, 'lint'], { cwd: tmpdir() });
    expect(clean.stdout).toMatch(/^mfc lint: spec\/ is valid and clean/);
    const broken = await mutatedV1((yaml) => removeBlock(yaml, "        '429':", 1));
    const failed = await run(process.execPath, [bin, 'lint', broken], { cwd: tmpdir() }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('v1.yaml#/paths/~1orders/get/responses  error mfc/operation-statuses: missing the 429 response');
  });
});

describe('mfc/record-not-found', () => {
  const answering = (...statuses: string[]) => ({ get: { responses: Object.fromEntries(statuses.map((status) => [status, { description: status }])) } });
  it.each([
    ['/orders/{id}', true],
    ['/restocking_shipments/{id}/cancel', true],
    ['/skus/{sku_id}/inventory_batches', true],
    ['/orders/by_merchant_order_id', true],
    ['/orders', false],
  ])('%s addresses one record: %s', (path, addressed) => {
    const without = recordNotFound({ openapi: '3.1.0', paths: { [path]: answering('200') } });
    expect(without.map((finding) => finding.pointer)).toEqual(addressed ? [`#/paths/${path.replace(/\//g, '~1')}/get/responses`] : []);
    expect(recordNotFound({ openapi: '3.1.0', paths: { [path]: answering('200', '404') } })).toEqual([]);
  });
});

describe('mfc/request-read-only-required', () => {
  const id = { type: 'integer', readOnly: true };
  const withBody = (schema: object, schemas: Record<string, object> = {}) => ({
    openapi: '3.1.0',
    paths: { '/orders': { post: { requestBody: { content: { 'application/json': { schema } } }, responses: {} } } },
    webhooks: { sent: { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Read' } } } } } } },
    components: { schemas: { Read: { type: 'object', required: ['id'], properties: { id } }, ...schemas } },
  });
  const body = '#/paths/~1orders/post/requestBody/content/application~1json/schema';
  it.each([
    ['a schema of the body itself', { given: withBody({ type: 'object', required: ['id'], properties: { id } }), want: [`${body}/required`] }],
    ['a referenced schema, reported where it is defined', { given: withBody({ $ref: '#/components/schemas/Read' }), want: ['#/components/schemas/Read/required'] }],
    ['a property declared in an allOf member', { given: withBody({ allOf: [{ properties: { id } }], required: ['id'] }), want: [`${body}/required`] }],
    ['an anyOf branch requiring a property its parent declares', { given: withBody({ properties: { id }, anyOf: [{ required: ['id'] }, { required: ['name'] }] }), want: [`${body}/anyOf/0/required`] }],
    ['a read-only schema behind a $ref', { given: withBody({ required: ['status'], properties: { status: { $ref: '#/components/schemas/Status' } } }, { Status: { type: 'string', readOnly: true } }), want: [`${body}/required`] }],
    ['the items of an array property', { given: withBody({ properties: { lines: { type: 'array', items: { $ref: '#/components/schemas/Read' } } } }), want: ['#/components/schemas/Read/required'] }],
    ['a read-only property left optional, and webhook bodies (the service sends them)', { given: withBody({ properties: { id } }), want: [] }],
  ])('%s', (_name, { given, want }) => {
    expect(requestReadOnlyRequired(given).map((finding) => finding.pointer)).toEqual(want);
  });
});

describe('mfc/webhook-read-only', () => {
  const withWebhook = (schema: object, schemas: Record<string, object> = {}) => ({
    openapi: '3.1.0',
    paths: { '/orders/{id}': { get: { responses: { '200': { description: 'read', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } } } } },
    webhooks: { 'order.status_updated': { post: { requestBody: { content: { 'application/json': { schema } } } } } },
    components: { schemas: { Order: { type: 'object', properties: { id: { type: 'integer', readOnly: true } } }, ...schemas } },
  });
  const body = '#/webhooks/order.status_updated/post/requestBody/content/application~1json/schema';
  it.each([
    ['a property of the body itself', { given: withWebhook({ properties: { id: { type: 'integer', readOnly: true } } }), want: [`${body}/properties/id/readOnly`] }],
    ['an envelope whose data is a resource with read-only fields, reported where it is defined', { given: withWebhook({ allOf: [{ properties: { event_type: { type: 'string' } } }], properties: { data: { $ref: '#/components/schemas/Order' } } }), want: ['#/components/schemas/Order/properties/id/readOnly'] }],
    ['readOnly beside a $ref', { given: withWebhook({ properties: { status: { $ref: '#/components/schemas/Status', readOnly: true } } }, { Status: { type: 'string' } }), want: [`${body}/properties/status/readOnly`] }],
    ['a read-only schema a $ref leads to', { given: withWebhook({ properties: { status: { $ref: '#/components/schemas/Status' } } }, { Status: { type: 'string', readOnly: true } }), want: ['#/components/schemas/Status/readOnly'] }],
    ['a twin without readOnly, while the answers keep theirs', { given: withWebhook({ properties: { data: { type: 'object', properties: { id: { type: 'integer' } } } } }), want: [] }],
  ])('%s', (_name, { given, want }) => {
    expect(webhookReadOnly(given).map((finding) => finding.pointer)).toEqual(want);
  });
});
