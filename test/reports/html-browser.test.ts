import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport, renderHtml } from '../../packages/cli/src/reports/index.js';
import { tempDir } from '../support/profile.js';
import { findBrowser, openBrowser, type BrowserSession } from './browser.js';
import { sampleChecks, sampleCoverage, sampleReport, sampleRun } from './sample-report.js';

const browser = findBrowser();
const chromium = 'path' in browser ? browser : undefined;
const dir = tempDir('mfc-html-browser-');

function page(name: string, html: string): string {
  const file = join(dir, name);
  writeFileSync(file, html);
  return pathToFileURL(file).href;
}

// The rows of the checks table the page's script left visible.
function visibleRows(dom: string): Array<{ status: string; section: string; id: string }> {
  const table = dom.slice(dom.indexOf('<table id="check-table">'));
  return [...table.matchAll(/<tr data-status="([^"]+)" data-section="([^"]+)" data-id="([^"]+)"( hidden="")?>/g)]
    .filter((row) => row[4] === undefined)
    .map(([, status, section, id]) => ({ status: status!, section: section!, id: id! }));
}

describe.skipIf(chromium === undefined)(`report.html in headless Chromium${chromium ? '' : ` (skipped: ${(browser as { reason: string }).reason})`}`, () => {
  const url = page('report.html', renderHtml(sampleReport()));
  let requests: string[] = [];
  let server: Server;
  let origin = '';
  let session: BrowserSession;
  beforeAll(async () => {
    session = openBrowser(chromium!);
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'text/plain' }).end('leaked');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    session.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('runs the script on open: the filters show, every check is listed and counted, the copy buttons appear', async () => {
    const dom = await session.dumpDom(url);
    expect(dom).toContain('<form class="filters">');
    expect(dom).toContain('<span id="shown" aria-live="polite">11 of 11 checks shown</span>');
    expect(visibleRows(dom)).toHaveLength(sampleChecks.length);
    expect(dom).not.toMatch(/<button type="button" class="copy"[^>]*hidden/);
    expect(dom).toMatch(/<button type="button" class="copy" data-copy="curl-1-0">Copy curl<\/button>/);
  });

  it.each([
    ['#status=failed&section=4.1', ['v1.orders.create.duplicate-409', 'v2.orders.list.schema']],
    ['?section=5&q=v2.', ['v2.auth.missing-token-401', 'v2.auth.expired-token-403']],
  ])('filters the table from the address %s', async (filter, want) => {
    const dom = await session.dumpDom(`${url}${filter}`);
    expect(visibleRows(dom).map((row) => row.id)).toEqual(want);
    expect(dom).toContain(`${want.length} of ${sampleChecks.length} checks shown`);
  });

  it('fetches nothing: hostile text stays text, and the CSP blocks even markup that got through unescaped', async () => {
    const hostile = `<img src="${origin}/img"><script src="${origin}/script"></script><link rel="stylesheet" href="${origin}/css"><style>body{background:url(${origin}/bg)}</style>`;
    const report = buildReport(
      [{ ...sampleChecks[2]!, title: hostile, message: hostile, failure: { ...sampleChecks[2]!.failure!, received: hostile } }],
      sampleCoverage,
      { ...sampleRun, created: [{ api: 'v1', kind: hostile, id: hostile, checkId: 'v1.orders.create.duplicate-409' }] },
    );
    const html = renderHtml(report);
    requests = [];
    const dom = await session.dumpDom(page('hostile.html', html));
    expect(dom).not.toMatch(/<img|<link|<script src/);
    expect(dom).toContain(`&lt;img src="${origin}/img"&gt;`);
    // As if an escape were missing: the page's policy still forbids every fetch.
    const injected = `<img src="${origin}/csp-img"><script src="${origin}/csp-script"></script><link rel="stylesheet" href="${origin}/csp-css"><script>fetch("${origin}/csp-fetch")</script>`;
    await session.dumpDom(page('injected.html', html.replace('<body>', `<body>${injected}`)));
    expect(requests).toEqual([]);
    // The control: without the policy the same page does fetch, so the silence above is the policy's.
    await session.dumpDom(page('no-csp.html', html.replace('<body>', `<body>${injected}`).replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')));
    expect(requests).toContain('/csp-img');
  });

  it('renders a full page: a screenshot of the interrupted report is a large, non-blank PNG', async () => {
    const file = join(dir, 'report.png');
    await session.screenshot(page('interrupted.html', renderHtml(sampleReport('SIGINT'))), file);
    const png = readFileSync(file);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 2000]);
    // A blank 1280×2000 page compresses to a few KB; text, tables and colour bars take far more.
    expect(statSync(file).size).toBeGreaterThan(100_000);
  });
});
