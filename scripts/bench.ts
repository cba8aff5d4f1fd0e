// `npm run bench`: the numbers behind "fast" (brief, principle 6), measured rather than asserted in
// tests. Prints one line per measurement and writes them to reports/bench.json.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../server/index.js';
import { validateResponse } from '../src/openapi/index.js';
import { runChecks } from '../src/runner/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const results: Record<string, number> = {};

function record(name: string, value: number, unit: string): void {
  results[name] = Math.round(value * 10) / 10;
  process.stdout.write(`${name.padEnd(40)} ${results[name]} ${unit}\n`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Time from spawning `mfc serve --port 0 --profile-out F` to its ready line, as a user sees it. */
function timeServeStartup(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'bin/mfc.mjs'), 'serve', '--port', '0', '--profile-out', join(root, 'reports/bench-profile.json')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString('utf8').includes('listening on')) return;
      const elapsed = performance.now() - started;
      child.kill('SIGTERM');
      resolve(elapsed);
    });
    child.on('error', reject);
  });
}

await mkdir(join(root, 'reports'), { recursive: true });

const startups: number[] = [];
for (let i = 0; i < 5; i += 1) startups.push(await timeServeStartup());
record('mfc serve --profile-out ready (median of 5)', median(startups), 'ms');

const inProcess: number[] = [];
for (let i = 0; i < 5; i += 1) {
  const started = performance.now();
  const server = await startServer({ port: 0 });
  inProcess.push(performance.now() - started);
  await server.close();
}
record('startServer() in process (median of 5)', median(inProcess), 'ms');

// The full suite against a local server with a limit high enough that pacing never waits, so the
// number is the toolkit's own cost; webhook checks are left out here (they wait on the clock).
const server = await startServer({ port: 0, rateLimit: 100_000 });
try {
  const outcome = await runChecks({ profile: server.profile, reportDir: join(root, 'reports/bench-run') });
  const { passed, failed, skipped } = outcome.report.summary;
  record('full run: wall time', outcome.durationMs / 1000, 's');
  record('full run: requests', outcome.requests, 'requests');
  record('full run: checks passed', passed, '');
  record('full run: checks failed', failed, '');
  record('full run: checks skipped', skipped, '');
} finally {
  await server.close();
}

const page = {
  data: Array.from({ length: 100 }, (_, i) => ({
    id: i + 1,
    warehouse_id: 3,
    barcode: `RS-${i}`,
    delivery_option: 'postal',
    estimated_arrival_date: '2026-11-30',
    po_number: null,
    supplier_name: null,
    tracking_code: null,
    status: 'shipped',
    restocking_shipment_items: [{ sku_id: 501, announced_quantity: 3, arrived_quantity: 0, damaged_quantity: 0, missing_quantity: 0 }],
  })),
  pagination: { first_page_url: 'http://x/merchant_api/v2/restocking_shipments?limit=100', limit: 100, next_page_url: null },
};
// Measure the path a valid page takes; a page that fails would time error formatting instead.
if (!validateResponse('v2', 'GET /restocking_shipments', 200, page).ok) throw new Error('bench page is not a valid v2 page');
const rounds = 2_000;
const started = performance.now();
for (let i = 0; i < rounds; i += 1) validateResponse('v2', 'GET /restocking_shipments', 200, page);
record('validate a 100-record v2 page', (rounds / (performance.now() - started)) * 1000, 'pages/s');

await writeFile(join(root, 'reports/bench.json'), `${JSON.stringify(results, null, 2)}\n`);
