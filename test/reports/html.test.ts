import { describe, expect, it } from 'vitest';
import type { RecordedExchange } from '../../packages/cli/src/http/index.js';
import { prettyJson } from '../../packages/cli/src/reports/exchange-html.js';
import { buildReport, renderHtml } from '../../packages/cli/src/reports/index.js';
import { hostileText, sampleChecks, sampleReport, sampleRun } from './sample-report.js';

const rawControls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('prettyJson', () => {
  it.each<[string, { given: string; want: string | undefined }]>([
    ['an object, indented', { given: '{"a":1,"b":[1,2]}', want: '{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}' }],
    ['numbers and escapes as written', { given: '{"price":12.50,"big":12345678901234567890,"e":"\\u00e9\\""}', want: '{\n  "price": 12.50,\n  "big": 12345678901234567890,\n  "e": "\\u00e9\\""\n}' }],
    ['empty containers on one line', { given: '{ "a" : { }, "b":[ ] }', want: '{\n  "a": {},\n  "b": []\n}' }],
    ['punctuation inside strings untouched', { given: '["a,b:{c}[d]", "\\\\"]', want: '[\n  "a,b:{c}[d]",\n  "\\\\"\n]' }],
    ['a truncated body is not JSON', { given: '{"a":1,"b":"trunc', want: undefined }],
    ['a scalar stays as it is', { given: '"text"', want: undefined }],
    ['HTML is not JSON', { given: '<html></html>', want: undefined }],
  ])('%s', (_name, { given, want }) => {
    expect(prettyJson(given)).toBe(want);
  });
});

describe('report.html as text', () => {
  const html = renderHtml(sampleReport());

  it('declares a policy that forbids every fetch, and carries its style and script inline', () => {
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">`);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
    expect(html).not.toMatch(/<link|<img|<iframe|<[a-z]+[^>]*\ssrc=|url\(|@import/i);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('opens with the counts, the coverage line, the marker, the seed and the replay command', () => {
    const top = html.slice(0, html.indexOf('<h2>By §</h2>'));
    expect(top).toContain('<p class="verdict failed">3 of 11 checks failed</p>');
    for (const count of ['<b>3</b>failed', '<b>5</b>passed', '<b>3</b>skipped']) expect(top).toContain(count);
    expect(top).toContain('rules: 11 with a check, 2 unobservable, 1 without a check (of the 11 with a check: 6 passed, 2 failed, 3 not run)');
    expect(top).toContain('run marker <code>mfc-lx3k9a1b2c</code> · seed <code>123</code> · 2 records created');
    expect(top).toContain('<pre id="replay">mfc run --profile staging.json --only v1.orders.create.duplicate-409 --seed 123</pre>');
  });

  it('counts checks per § in specification order, with the rules of the § and a link that filters the table', () => {
    const table = html.slice(html.indexOf('<h2>By §</h2>'), html.indexOf('<h2>Failures'));
    const sections = [...table.matchAll(/<tr[^>]*><td>(?:<a href="#section=([^"]+)">)?§([^<]+)/g)].map((m) => m[2]);
    expect(sections).toEqual(['0', '4.1', '4.2', '4.10', '5', '7', '8']);
    expect(table).toContain('<tr class="failed"><td><a href="#section=4.1">§4.1</a></td><td class="n">3</td><td class="n">1</td><td class="n">2</td><td class="n">0</td><td class="n">5</td><td class="n">4</td><td class="n">2</td>');
    expect(table).toContain('<td>§7</td><td class="n">0</td>');
  });

  it('shows a failure as its title with expected and received, its exchanges closed until clicked', () => {
    const failure = html.slice(html.indexOf('<article class="failure" id="check-v1.orders.create.duplicate-409">'));
    expect(failure).toMatch(/^<article[^>]*><h4><code>v1.orders.create.duplicate-409<\/code> A duplicate merchant_order_id answers 409<\/h4>\n<dl class="compare"><dt>Expected<\/dt><dd><pre>status 409<\/pre><\/dd><dt>Received<\/dt><dd><pre>status 201<\/pre><\/dd><\/dl>\n<details class="exchange"><summary>/);
    expect(html).not.toContain('<details class="exchange" open');
  });

  it('trims headers to the relevant ones, shows authorization redacted, and pretty-prints JSON bodies as written', () => {
    const exchange = html.slice(html.indexOf('<details class="exchange"><summary><code>POST'));
    expect(exchange).toContain('<pre class="headers">authorization: Bearer [redacted]\ncontent-type: application/json</pre><p class="note">2 other headers not shown</p>');
    expect(exchange).toContain('<pre class="headers">content-type: application/json\nx-rate-limit-max: 100\nx-rate-limit-used: 7\nx-service-version: 1.0</pre><p class="note">1 other header not shown</p>');
    expect(exchange).toContain('<pre class="body json">{\n  &quot;id&quot;: 1,\n  &quot;price&quot;: 12.50,');
    expect(exchange).not.toMatch(/user-agent|date: /);
    const leaky: RecordedExchange = { ...sampleChecks[2]!.requests[0]!, requestHeaders: { Authorization: 'Bearer not-redacted-by-a-careless-writer' }, responseBody: 'plain <b>text</b>' };
    const page = renderHtml(buildReport([{ ...sampleChecks[2]!, requests: [leaky] }]));
    expect(page).toContain('<pre class="headers">authorization: Bearer [redacted]</pre>');
    expect(page).toContain('<pre class="body">plain &lt;b&gt;text&lt;/b&gt;</pre>');
  });

  it('gives every curl line a copy button bound to it, and takes the line from the message when no exchange was recorded', () => {
    const buttons = [...html.matchAll(/<button type="button" class="copy" data-copy="([^"]+)" hidden>/g)].map((m) => m[1]!);
    expect(buttons).toHaveLength(4);
    for (const id of buttons) expect(html).toContain(`<pre id="${id}">`);
    expect(html).toContain('<pre id="curl-1-0">curl -X POST &#39;http://127.0.0.1:9/merchant_api/v1/orders&#39; -H &quot;authorization: Bearer $MFC_TOKEN&quot;');
    const bare = renderHtml(buildReport([{ ...sampleChecks[2]!, requests: [] }]));
    expect(bare).toContain('<pre id="curl-0">curl -X POST &#39;http://127.0.0.1:9/merchant_api/v1/orders&#39; -H &quot;authorization: Bearer $MFC_TOKEN&quot;</pre>');
  });

  it('lists every check in one table, each row tagged with its status, § and id for the filters', () => {
    const rows = [...html.matchAll(/<tr data-status="([^"]+)" data-section="([^"]+)" data-id="([^"]+)">/g)];
    expect(rows.map((m) => m[3])).toEqual(sampleChecks.map((check) => check.id));
    expect(html).toContain('<option value="all">all</option><option value="0">§0</option><option value="4.1">§4.1</option><option value="4.2">§4.2</option><option value="4.10">§4.10</option>');
    expect(html).toContain('<form class="filters" hidden>');
    expect(html).toContain('<td>expected status 409; received status 201</td>');
    expect(html).toContain('<td>needs tokens.expired in the profile</td>');
    // A passed check's row says what it noted: a wait for a list is never silent.
    expect(html).toContain('<td>waited 1.8 s (3 more reads) for GET /orders to list the 3 orders just created</td>');
  });

  it('lists the records the run created and its traffic, and warns when the run was interrupted', () => {
    expect(html).toContain('<h3>Records created (2)</h3>');
    expect(html).toContain('<td>order</td><td><code>1</code></td><td><code>v1.orders.create.duplicate-409</code></td>');
    expect(html).toContain('Requests per minute (peak 31% of the limit, allowed 50%)');
    expect(html).not.toContain('class="banner"');
    expect(renderHtml(sampleReport('SIGTERM'))).toContain('<body><div class="banner" role="alert">Interrupted (SIGTERM): this report holds only the checks that finished.</div>');
  });

  it('says what separates two rows of the same minute: the rate-limit window each counts', () => {
    const minute = '2024-01-01T00:00:00.000Z';
    const traffic = [
      { api: 'v1' as const, window: 'v1 primary', minute, requests: 31, limit: 100 },
      { api: 'v1' as const, window: 'v1 sameMerchantOtherChannel', minute, requests: 4, limit: 100 },
    ];
    const table = renderHtml(buildReport(sampleChecks, undefined, { ...sampleRun, traffic }));
    expect(table).toContain('<p>One row per minute and rate-limit window: v1 counts each sales channel\'s token apart, v2 each merchant (§8).</p>');
    expect(table).toContain('<thead><tr><th>minute (UTC)</th><th>api</th><th>window</th><th class="n">requests</th><th class="n">limit</th></tr></thead>');
    expect(table).toContain(`<tr><td>${minute}</td><td>v1</td><td>v1 primary</td><td class="n">31</td><td class="n">100</td></tr>\n<tr><td>${minute}</td><td>v1</td><td>v1 sameMerchantOtherChannel</td><td class="n">4</td><td class="n">100</td></tr>`);
  });

  it('escapes a target\'s markup and writes its control characters visibly, wherever the text appears', () => {
    expect(html).not.toMatch(rawControls);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>fetch');
    expect(html).toContain('\\x1b[2J\\u202eevil &lt;img src=http://127.0.0.1:9/leak.png&gt; &lt;script&gt;fetch(&quot;');
    expect(html).toContain('<code>77 \\x1b[2J\\u202eevil &lt;img');
    expect(hostileText).toMatch(rawControls);
  });
});
