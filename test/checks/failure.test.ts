import { describe, expect, it } from 'vitest';
import { CheckFailure, formatFailure } from '../../packages/cli/src/checks/index.js';
import type { RecordedExchange } from '../../packages/cli/src/http/index.js';

const exchange: RecordedExchange = {
  method: 'POST',
  url: 'https://staging.example.test/merchant_api/v1/orders',
  requestHeaders: { authorization: 'Bearer [redacted]', 'content-type': 'application/json', host: 'staging.example.test' },
  requestBody: `{"merchant_order_id":"it's-1"}`,
  status: 201,
  responseHeaders: {},
  responseBody: `{"id":1,"note":"${'x'.repeat(600)}"}`,
  durationMs: 3,
};

describe('formatFailure', () => {
  it('reads title, Expected, Received, status and truncated body, then a curl line with $MFC_TOKEN', () => {
    const lines = formatFailure({ title: 'A duplicate answers 409', expected: 'status 409', received: 'status 201', exchange }).split('\n');
    expect(lines.slice(0, 5)).toEqual(['A duplicate answers 409', 'Expected: status 409', 'Received: status 201', '', 'Status: 201']);
    expect(lines[5]).toMatch(/^Body: \{"id":1,"note":"x+… \(truncated\)$/);
    expect(lines[5]!.length).toBeLessThan(530);
    expect(lines.slice(6, 8)).toEqual(['', 'Reproduce with:']);
    expect(lines[8]).toBe(
      `  curl -X POST 'https://staging.example.test/merchant_api/v1/orders' -H "authorization: Bearer $MFC_TOKEN" -H 'content-type: application/json' --data-raw '{"merchant_order_id":"it'\\''s-1"}'`,
    );
  });

  it('names the network error when no answer arrived', () => {
    const text = formatFailure({ title: 't', expected: 'e', received: 'r', exchange: { ...exchange, status: null, responseBody: null, error: 'connection refused' } });
    expect(text).toContain('POST https://staging.example.test/merchant_api/v1/orders: connection refused');
  });

  it('has no exchange part when there is none', () => {
    expect(formatFailure({ title: 't', expected: 'e', received: 'r' })).toBe('t\nExpected: e\nReceived: r');
  });
});

describe('CheckFailure', () => {
  const table: Array<[string, { kind?: 'schema' | 'status-not-allowed' | 'unreachable'; want: string }]> = [
    ['an expectation', { want: 'MFC_CHECK_EXPECTATION' }],
    ['a schema violation', { kind: 'schema', want: 'MFC_CHECK_SCHEMA' }],
    ['no answer', { kind: 'unreachable', want: 'MFC_CHECK_UNREACHABLE' }],
    ['a status not allowed', { kind: 'status-not-allowed', want: 'MFC_CHECK_STATUS_NOT_ALLOWED' }],
  ];
  it.each(table)('has a stable code for %s', (_name, { kind, want }) => {
    const failure = new CheckFailure({ ...(kind ? { kind } : {}), title: 't', expected: 'e', received: 'r', exchange });
    expect(failure.code).toBe(want);
    expect(failure.detail).toMatchObject({ code: want, title: 't', expected: 'e', received: 'r' });
    expect(failure.exchanges).toEqual([exchange]);
  });
});
