// `npm run bench`: the numbers behind "fast" (brief, principle 6), measured rather than asserted in
// tests. Prints one line per measurement and writes them to reports/bench.json.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer, type VariantName } from '../packages/cli/server/index.js';
import { freePort } from '../packages/cli/src/net/free-port.js';
import { validateResponse } from '../packages/api/src/openapi/index.js';
import { runChecks } from '../packages/cli/src/runner/index.js';
import { DEFAULT_CASES_PER_OPERATION, isGeneratedInputCheck } from '../packages/cli/src/checks/generated-budget.js';
import type { RunReport } from '../packages/cli/src/reports/index.js';
import { measureProxyOverhead } from './bench-proxy.js';

// The repository root: reports/ is here, the packages under packages/.
const root = fileURLToPath(new URL('..', import.meta.url));
const mfc = join(root, 'packages/cli/bin/mfc.mjs');

const results: Record<string, number> = {};

function record(name: string, value: number, unit: string): void {
  results[name] = Math.round(value * 10) / 10;
  process.stdout.write(`${name.padEnd(40)} ${results[name]} ${unit}\n`);
}

/** What the generated-input checks of a run cost (issue 38): their requests, and their checks at the default budget. */
function recordGenerated(name: string, report: RunReport, total: number): void {
  const generated = report.checks.filter((check) => isGeneratedInputCheck(check.id) && check.status !== 'skipped');
  const requests = generated.reduce((sum, check) => sum + (check.requestCount ?? 0), 0);
  record(`${name}: generated-input requests`, requests, `requests in ${generated.length} checks of ${DEFAULT_CASES_PER_OPERATION} cases (${Math.round((requests / Math.max(1, total)) * 100)}% of the run's)`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Time from spawning `mfc serve --port 0 --profile-out F` to its ready line, as a user sees it. */
function timeServeStartup(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [mfc, 'serve', '--port', '0', '--profile-out', join(root, 'reports/bench-profile.json')], {
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

// Cold starts are of the built packages, as installed: build them first when the checkout has no dist/.
if (!existsSync(join(root, 'packages/cli/dist/src/cli/main.js')) || !existsSync(join(root, 'packages/api/dist'))) {
  process.stdout.write('no dist/: running npm run build first\n');
  spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

/** Wall time of one process from spawn to exit, in ms. */
function timeProcess(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`);
  return performance.now() - started;
}

/** The time `import()` of one module takes in a fresh process (its own clock, start-up excluded), in ms. */
function timeImport(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(join(root, file)).href)}); process.stdout.write(String(performance.now() - t));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return Number(result.stdout);
}

// Interleaved, so a busy moment of the machine weighs on every command alike.
const repetitions = 11;
const cold: Record<string, number[]> = { 'node -e 0': [], 'mfc --help': [], 'mfc run --help': [] };
for (let i = 0; i < repetitions; i += 1) {
  cold['node -e 0']!.push(timeProcess(['-e', '0']));
  cold['mfc --help']!.push(timeProcess([mfc, '--help']));
  cold['mfc run --help']!.push(timeProcess([mfc, 'run', '--help']));
}
const bare = median(cold['node -e 0']!);
for (const [name, times] of Object.entries(cold)) {
  record(`cold ${name} (median of ${repetitions})`, median(times), `ms (${(median(times) / bare).toFixed(1)}× node -e 0)`);
}
const api = 'packages/api/dist/src';
const entries = {
  '@mfc-conformance/api/v1': `${api}/public/v1.js`, '@mfc-conformance/api/v2': `${api}/public/v2.js`, '@mfc-conformance/api/webhooks': `${api}/public/webhooks.js`,
  '@mfc-conformance/api/validators': `${api}/public/validators.js`, '@mfc-conformance/api/client': `${api}/client/index.js`,
};
for (const [name, file] of Object.entries(entries)) {
  if (!existsSync(join(root, file))) continue;
  record(`import ${name} (median of ${repetitions})`, median(Array.from({ length: repetitions }, () => timeImport(file))), 'ms');
}

/** The time a fresh process takes to import `file` and run `use` on it (start-up excluded), in ms. */
function timeUse(file: string, use: string): number {
  const script = `const t = performance.now(); const m = await import(${JSON.stringify(pathToFileURL(join(root, file)).href)}); ${use}; process.stdout.write(String(performance.now() - t));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`importing ${file} failed: ${result.stderr}`);
  return Number(result.stdout);
}

// What an integrator pays (issue 39: at most 100 ms each): a client with validation off, built but not
// yet sending, and a webhook receiver that only verifies a signature; neither loads the validators.
const uses: Record<string, [file: string, use: string]> = {
  'client, createClient without validation': [entries['@mfc-conformance/api/client'], "m.createClient({ baseUrl: 'http://127.0.0.1:1', token: 't', version: 'v2' })"],
  'webhooks, verifySignature only': [entries['@mfc-conformance/api/webhooks'], "m.verifySignature(Buffer.from('{}'), 'ab', ['t'])"],
};
for (const [name, [file, use]] of Object.entries(uses)) {
  if (!existsSync(join(root, file))) continue;
  record(`import + ${name} (median of ${repetitions})`, median(Array.from({ length: repetitions }, () => timeUse(file, use))), 'ms');
}

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

// What mfc proxy adds to each request of an integration (issue 40): a v2 list page of 20 orders,
// straight and through the proxy, over kept-alive connections on loopback.
const overhead = await measureProxyOverhead();
record(`mfc proxy: direct latency, median (${overhead.requests} requests)`, overhead.direct.median, 'ms');
record('mfc proxy: added latency per request, median', overhead.added.median, 'ms');
record('mfc proxy: added latency per request, p99', overhead.added.p99, `ms (direct p99 ${overhead.direct.p99.toFixed(2)} ms)`);

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
  recordGenerated('full run', outcome.report, outcome.requests);
} finally {
  await server.close();
}

// The field case (issue 16): a deployment at the specification's default 100 requests per minute,
// staging (the run keeps to half of each window), writes allowed, every token, webhooks on. The
// physical limit of the run's own traffic is its busiest window's requests at 50 a minute; the wall
// time is measured against it. A read-only run, a run against lists that trail the writes (what the
// checks' waits for them cost) and a run beside other clients' traffic follow. Beside other clients the
// run is an API team's local gate: all of the window, as `environment: local` gives it. Each takes
// minutes: `npm run bench -- --quick` leaves them out.
const fieldCases: Array<[string, { allowWrites: boolean; variants: VariantName[]; environment: 'staging' | 'local' }]> = [
  ['rate-limited full run (100/min, share 0.5)', { allowWrites: true, variants: [], environment: 'staging' }],
  ['rate-limited read-only run (100/min, share 0.5)', { allowWrites: false, variants: [], environment: 'staging' }],
  ['rate-limited full run, lists 1.5 s behind the writes (100/min, share 0.5)', { allowWrites: true, variants: ['lists-lag-behind-writes'], environment: 'staging' }],
  ['rate-limited full run beside other clients (local, 100/min)', { allowWrites: true, variants: ['traffic-other-clients', 'traffic-v2-rolling-window'], environment: 'local' }],
];
if (!process.argv.includes('--quick')) {
  for (const [name, setup] of fieldCases) {
    const webhookPort = await freePort();
    const limited = await startServer({
      port: 0, rateLimit: 100, variants: setup.variants,
      webhookV1Url: `http://127.0.0.1:${webhookPort}/webhooks/v1`, webhookV2Url: `http://127.0.0.1:${webhookPort}/webhooks/v2`, webhookTimeScale: 0.0002,
    });
    try {
      const { environment } = setup;
      const outcome = await runChecks({ profile: { ...limited.profile, environment, allowWrites: setup.allowWrites }, seed: 1 });
      const windows = outcome.report.run?.windows ?? [];
      const busiest = windows.reduce((top, window) => (window.requests > top.requests ? window : top), { window: '-', requests: 0 });
      const perMinute = environment === 'staging' ? 50 : 99;
      const physicalS = (busiest.requests / perMinute) * 60;
      const wallS = outcome.durationMs / 1000;
      const { failed } = outcome.report.summary;
      const retried = outcome.report.checks.some((check) => check.requests.some((exchange) => exchange.status === 429));
      record(`${name}: wall time`, wallS, 's');
      record(`${name}: requests`, outcome.requests, `requests (${windows.map((w) => `${w.window} ${w.requests}`).join(', ')})`);
      record(`${name}: physical limit`, physicalS, `s (busiest window ${busiest.window}: ${busiest.requests} at ${perMinute}/min)`);
      record(`${name}: ratio to the physical limit`, wallS / physicalS, '');
      record(`${name}: deadline`, (outcome.report.run?.deadlineMs ?? 0) / 1000, 's (from the plan)');
      record(`${name}: failed checks`, failed, retried ? '(a 429 was seen)' : '');
      recordGenerated(name, outcome.report, outcome.requests);
      const waits = outcome.report.checks.filter((check) => check.notes?.some((note) => note.startsWith('waited')));
      if (waits.length > 0) record(`${name}: checks that waited for a list`, waits.length, waits.map((check) => `${check.id}: ${check.notes!.join('; ')}`).join(' | '));
    } finally {
      await limited.close();
    }
  }
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
