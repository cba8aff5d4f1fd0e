import { describe, expect, it } from 'vitest';
import type { SchemaScope } from '../../packages/cli/src/checks/index.js';
import type { RecordedExchange } from '../../packages/cli/src/http/index.js';
import type { CheckResult } from '../../packages/cli/src/reports/index.js';
import { attributeViolations, type SeenViolation } from '../../packages/cli/src/runner/schema-verdicts.js';

const exchange = (url: string): RecordedExchange => ({
  method: 'GET', url, requestHeaders: {}, requestBody: null, status: 200, responseHeaders: {}, responseBody: '{}', durationMs: 1,
});

const seen = (checkId: string, operation: string, status: number, pointer: string, api: 'v1' | 'v2' = 'v2'): SeenViolation => ({
  checkId, api, operation, section: '2.1', status, pointer, message: `${pointer || '(root)'}: expected something, received nothing`,
  exchange: exchange(`http://target/${checkId}/${pointer}`),
});

const result = (id: string, status: CheckResult['status'] = 'passed'): CheckResult => ({
  id, title: id, api: id.startsWith('v1.') ? 'v1' : 'v2', section: '2', status, message: status === 'failed' ? 'own failure' : '', requests: [],
});

const owners = new Map<string, SchemaScope[]>([
  ['v2.schema.order', [{ path: '/orders*', status: 'success' }]],
  ['v2.schema.pagination', [{ pointer: '/pagination*', status: 'success' }]],
  ['v2.errors.body-shape', [{ status: 'error' }]],
  ['v1.schema.order', [{ path: '/orders*', status: 'success' }]],
]);

const checks = ['v2.orders.patch', 'v2.orders.cancel', 'v2.schema.order', 'v2.schema.pagination', 'v2.errors.body-shape', 'v1.schema.order', 'v2.lists.walk'];

// [name, { given violations, want: id → status after attribution }]
const cases: Array<[string, { given: SeenViolation[]; want: Record<string, CheckResult['status']> }]> = [
  ['an order field seen by two behavioural checks fails only the order schema check', {
    given: [seen('v2.orders.patch', 'PATCH /orders/{id}', 200, '/currency'), seen('v2.orders.cancel', 'GET /orders/{id}', 200, '/currency')],
    want: { 'v2.schema.order': 'failed' },
  }],
  ['a pointer scope beats a path scope: a pagination field on the order list goes to the pagination check', {
    given: [seen('v2.lists.walk', 'GET /orders', 200, '/pagination/next_page_url')],
    want: { 'v2.schema.pagination': 'failed' },
  }],
  ['an error body goes to the error-shape check, whatever the path', {
    given: [seen('v2.orders.patch', 'PATCH /orders/{id}', 422, '/errors')],
    want: { 'v2.errors.body-shape': 'failed' },
  }],
  ['owners are per api: a v1 order violation never fails the v2 order check', {
    given: [seen('v2.orders.patch', 'GET /orders/{id}', 200, '/id', 'v1')],
    want: { 'v1.schema.order': 'failed' },
  }],
  ['without an owner in the run, the first check that saw it reports it', {
    given: [seen('v2.lists.walk', 'GET /warehouses', 200, '/data'), seen('v2.orders.cancel', 'GET /warehouses', 200, '/data')],
    want: { 'v2.lists.walk': 'failed' },
  }],
];

describe('attributeViolations: a status the operation does not allow', () => {
  it('is left with the check that failed on it', () => {
    const after = attributeViolations([...checks.map((id) => result(id)), result('v2.orders.put', 'failed')], [seen('v2.orders.put', 'PUT /orders/{id}', 405, '(status)')], owners);
    expect(after.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual(['v2.orders.put']);
  });

  it('goes to the owner when every check that saw it only prepared a premise and skipped', () => {
    const after = attributeViolations([...checks.map((id) => result(id)), result('v2.orders.put', 'skipped')], [seen('v2.orders.put', 'PUT /orders/{id}', 405, '(status)')], owners);
    expect(after.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual(['v2.errors.body-shape']);
  });
});

describe('attributeViolations: one defect, one failing check', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    const after = attributeViolations(checks.map((id) => result(id)), given, owners);
    const changed = Object.fromEntries(after.filter((r) => r.status !== 'passed').map((r) => [r.id, r.status]));
    expect(changed).toEqual(want);
  });

  it('lists each (operation, status, pointer) once, naming every check that saw it, with its first answer', () => {
    const given = [
      seen('v2.orders.patch', 'GET /orders/{id}', 200, '/currency'),
      seen('v2.orders.cancel', 'GET /orders/{id}', 200, '/currency'),
      seen('v2.orders.cancel', 'GET /orders', 200, '/data/0/id'),
    ];
    const [order] = attributeViolations([result('v2.schema.order')], given, owners);
    expect(order).toMatchObject({ status: 'failed', failure: { code: 'MFC_CHECK_SCHEMA', title: '2 answer schema violation(s) seen during the run (§2.1)' } });
    expect(order!.failure!.received).toBe(
      'v2 GET /orders/{id} 200 /currency: expected something, received nothing (seen by v2.orders.patch, v2.orders.cancel); ' +
        'v2 GET /orders 200 /data/0/id: expected something, received nothing (seen by v2.orders.cancel)',
    );
    expect(order!.requests.map((r) => r.url)).toEqual(['http://target/v2.orders.patch//currency', 'http://target/v2.orders.cancel//data/0/id']);
    expect(order!.message).toContain('Reproduce with:');
  });

  it('keeps an owner that failed on its own rule failed, with both findings', () => {
    const [order] = attributeViolations([result('v2.schema.order', 'failed')], [seen('v2.orders.patch', 'GET /orders/{id}', 200, '/id')], owners);
    expect(order!.status).toBe('failed');
    expect(order!.message).toMatch(/^own failure\n\n1 answer schema violation/);
  });

  it('turns a skipped owner into a failure when another check saw its kind of answer broken', () => {
    const [order] = attributeViolations([result('v2.schema.order', 'skipped')], [seen('v2.orders.patch', 'GET /orders/{id}', 200, '/id')], owners);
    expect(order!.status).toBe('failed');
  });

  it('changes nothing when no violation was seen', () => {
    const before = checks.map((id) => result(id));
    expect(attributeViolations(before, [], owners)).toEqual(before);
  });
});
