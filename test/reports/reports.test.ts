import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { RecordedExchange } from '../../packages/cli/src/http/index.js';
import { buildReport, shownBaseUrl, renderHtml, renderJsonReport, renderJunit, renderMarkdown, renderSummary, reportSchema, writeReports, type CheckResult } from '../../packages/cli/src/reports/index.js';
import { tempDir } from '../support/profile.js';

const exchange: RecordedExchange = {
  method: 'POST',
  url: 'http://127.0.0.1:9/merchant_api/v1/orders',
  requestHeaders: { authorization: 'Bearer [redacted]' },
  requestBody: '{"merchant_order_id":"mfc-x-order-1"}',
  status: 201,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: '{"id":1}',
  durationMs: 4,
};

const results: CheckResult[] = [
  { id: 'v1.auth.missing-token-401', title: 'A request without a token answers 401', api: 'v1', section: '5', status: 'passed', message: '', requests: [] },
  {
    id: 'v1.orders.create.duplicate-409', title: 'A duplicate answers 409 <with> "quotes" & ampersands', api: 'v1', section: '4.1', status: 'failed',
    message: 'A duplicate answers 409\nExpected: status 409\nReceived: status 201', requests: [exchange],
    failure: { code: 'MFC_CHECK_EXPECTATION', title: 'A duplicate answers 409', expected: 'status 409', received: 'status 201' },
  },
  { id: 'v2.auth.expired-token-403', title: 'An expired token answers 403', api: 'v2', section: '5', status: 'skipped', message: 'needs tokens.expired in the profile', requests: [] },
  { id: 'run.target.reachable', title: 'The target is reachable', api: 'v1', section: '4', status: 'failed', message: 'no answer', requests: [{ ...exchange, status: null, responseBody: null, error: 'connection refused' }] },
  { id: 'v1.lists.page-size-10', title: 'A later section', api: 'v1', section: '4.10', status: 'failed', message: 'x', requests: [] },
];
const report = buildReport(results);

describe('report model', () => {
  it('counts each status', () => {
    expect(report.summary).toEqual({ passed: 1, failed: 3, skipped: 1 });
  });

  it.each([
    ['user information', 'https://ops:pa55word@staging.example.test/api', 'https://staging.example.test/api'],
    ['a query and a fragment', 'https://staging.example.test/api/?key=k3y#x', 'https://staging.example.test/api'],
    ['nothing to take out', 'http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
  ])('names the target without %s', (_name, given, want) => {
    expect(shownBaseUrl(given)).toBe(want);
  });
});

describe('the target in each report', () => {
  const target = { baseUrl: 'https://staging.example.test/api', environment: 'staging' as const, apis: ['v2' as const], profile: 'ci/staging.yaml', startedAt: '2026-11-29T10:00:00.000Z', finishedAt: '2026-11-29T10:03:12.500Z', mfcVersion: '9.9.9' };
  const named = buildReport(results, undefined, undefined, target);

  it('report.json holds it as `target`, valid against the schema', () => {
    const json = JSON.parse(renderJsonReport(named)) as { target: unknown };
    expect(json.target).toEqual(target);
    expect(new Ajv({ allErrors: true, strict: true }).validate(reportSchema(), json)).toBe(true);
    expect(new Ajv({ allErrors: true, strict: true }).validate(reportSchema(), { ...json, target: { ...target, baseUrl: 'https://ops:pw@staging.example.test' } })).toBe(false);
  });

  it('junit.xml, report.html and report.md name it at the top', () => {
    expect(renderJunit(named)).toContain('  <properties>\n    <property name="mfc.baseUrl" value="https://staging.example.test/api"/>\n    <property name="mfc.environment" value="staging"/>\n    <property name="mfc.apis" value="v2"/>\n    <property name="mfc.profile" value="ci/staging.yaml"/>\n    <property name="mfc.startedAt" value="2026-11-29T10:00:00.000Z"/>\n    <property name="mfc.finishedAt" value="2026-11-29T10:03:12.500Z"/>\n    <property name="mfc.version" value="9.9.9"/>\n  </properties>');
    expect(renderJunit(named)).toMatch(/<testsuite name="§4\.1" [^>]* timestamp="2026-11-29T10:00:00.000Z">\n {4}<properties>/);
    expect(renderHtml(named)).toContain('<h1>mfc run report of <code>https://staging.example.test/api</code> (staging)</h1>\n<p class="meta target">https://staging.example.test/api · staging · v2 · profile ci/staging.yaml · 2026-11-29 10:00:00–10:03:12 UTC · mfc 9.9.9</p>');
    expect(renderMarkdown(named).split('\n').slice(0, 3)).toEqual([
      '## ❌ mfc run report of `https://staging.example.test/api` (staging): 1 passed, 3 failed, 1 skipped', '',
      'https://staging.example.test/api · staging · v2 · profile ci/staging.yaml · 2026-11-29 10:00:00–10:03:12 UTC · mfc 9.9.9',
    ]);
  });
});

describe('report.json', () => {
  const validate = new Ajv({ allErrors: true }).compile(reportSchema());

  it('validates against the shipped schema and holds only the contract fields', () => {
    const json = JSON.parse(renderJsonReport(report)) as { checks: Array<Record<string, unknown>> };
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(json.checks[1]!).sort()).toEqual(['api', 'id', 'message', 'requests', 'section', 'status', 'title']);
  });

  it('keeps the exact text of a target, lone surrogates and controls included, as valid JSON', () => {
    const odd = 'a\ud800b\udc00c\u001b[2J\u202e';
    const text = renderJsonReport(buildReport([{ ...results[1]!, message: odd }]));
    expect((JSON.parse(text) as { checks: Array<{ message: string }> }).checks[0]!.message).toBe(odd);
    expect(text).toContain('a\\ud800b\\udc00c\\u001b[2J');
  });

  it('rejects a report that breaks the contract', () => {
    const broken = JSON.parse(renderJsonReport(report)) as { checks: Array<Record<string, unknown>> };
    broken.checks[0]!.status = 'error';
    expect(validate(broken)).toBe(false);
  });
});

describe('junit.xml', () => {
  const xml = renderJunit(report);

  it('has one testcase per check, named by its id', () => {
    expect([...xml.matchAll(/<testcase name="([^"]+)"/g)].map((m) => m[1]).sort()).toEqual(results.map((r) => r.id).sort());
  });

  it('carries the skip reason in <skipped message="…"/>', () => {
    expect(xml).toContain('<testcase name="v2.auth.expired-token-403" classname="v2.§5" time="0.000">\n      <skipped message="needs tokens.expired in the profile"/>');
  });

  it('carries the failure message, escaped', () => {
    expect(xml).toContain('<failure message="A duplicate answers 409" type="MFC_CHECK_EXPECTATION">A duplicate answers 409\nExpected: status 409\nReceived: status 201</failure>');
    expect(renderJunit(buildReport([{ ...results[1]!, message: 'a < b & "c"\u0001' }]))).toContain('a &lt; b &amp; &quot;c&quot;\\x01');
  });
});

describe('report.html', () => {
  const html = renderHtml(report);

  it('is self-contained: inline style and script only, no stylesheet link, image or script fetched from anywhere', () => {
    expect(html).not.toMatch(/<link|<img|<iframe|src=|url\(|@import|fetch\(|XMLHttpRequest|WebSocket/i);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain('<style>');
  });

  it('shows failures first, grouped by section in specification order, with expected, received, exchange and curl', () => {
    const order = ['§4: 1 failed', '§4.1: 1 failed', '§4.10: 1 failed', 'All checks (5)'].map((text) => html.indexOf(text));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('<dt>Expected</dt><dd><pre>status 409</pre></dd><dt>Received</dt><dd><pre>status 201</pre></dd>');
    expect(html).toContain('curl -X POST');
    expect(html).toContain('$MFC_TOKEN');
    expect(html).toContain('no answer: connection refused');
    expect(html).toContain('&lt;with&gt; &quot;quotes&quot; &amp; ampersands');
  });
});

describe('terminal summary', () => {
  it('groups failures by section and ends with the counts', () => {
    const text = renderSummary(report);
    expect(text.indexOf('§4\n')).toBeLessThan(text.indexOf('§4.1\n'));
    expect(text.indexOf('§4.1\n')).toBeLessThan(text.indexOf('§4.10\n'));
    expect(text).toContain('  ✗ v1.orders.create.duplicate-409: ');
    expect(text.trimEnd().split('\n').at(-1)).toBe('1 passed, 3 failed, 1 skipped');
  });
});

describe('writeReports', () => {
  it('writes the four files and redacts the given secrets from all of them', async () => {
    const secret = 'tok-leaky-77aa';
    const echoed = `the server echoed ${secret}`;
    const leaky = buildReport([{ ...results[1]!, message: echoed, failure: { ...results[1]!.failure!, received: echoed } }]);
    const dir = tempDir('mfc-write-');
    const paths = await writeReports(dir, leaky, { secrets: [secret] });
    for (const path of [paths.json, paths.junit, paths.html, paths.markdown]) {
      const text = readFileSync(path, 'utf8');
      expect(text).not.toContain(secret);
      expect(text).toContain('the server echoed [redacted]');
    }
  });
});
