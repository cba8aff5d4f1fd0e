// The package as another project gets it: built into a copy, packed, installed from the tarball into a
// temporary project, compiled there under `nodenext` and `bundler` resolution (with lines that must
// not compile), then run against the installed `mfc serve`, and the installed `mfc run` run against it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../packages/cli/src/net/free-port.js';
import type { TargetProfile } from '../../packages/cli/src/profile/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface PackedFile { path: string; size: number }
interface PackResult { filename: string; size: number; unpackedSize: number; files: PackedFile[] }

/** Runs a command to its end; throws with its output when it fails. */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Starts the installed `mfc serve` and resolves once it prints its ready line. */
function serve(consumer: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(consumer, 'node_modules/mfc/bin/mfc.mjs'), 'serve', ...args], { cwd: consumer, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('listening on')) resolve(child);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => reject(new Error(`mfc serve exited ${code}: ${output}`)));
  });
}

describe('the packed package in another project', () => {
  const temp = mkdtempSync(join(tmpdir(), 'mfc-consumer-'));
  const packageCopy = join(temp, 'package');
  const consumer = join(temp, 'consumer');
  let pack: PackResult;
  let server: ChildProcess | undefined;
  let profile: TargetProfile;
  let webhookPort: number;

  beforeAll(async () => {
    // Built into a copy: the checkout's dist/ is neither needed nor touched (other runs may be using it).
    for (const entry of ['package.json', 'bin', 'spec', 'redocly.yaml', 'README.md']) cpSync(join(root, entry), join(packageCopy, entry), { recursive: true });
    run(process.execPath, [join(root, 'scripts/build.mjs'), '--out-dir', join(packageCopy, 'dist')], root);
    [pack] = JSON.parse(run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', temp], packageCopy)) as [PackResult];

    cpSync(join(root, 'test/package/consumer'), consumer, { recursive: true });
    const typesNode = (JSON.parse(readFileSync(join(root, 'node_modules/@types/node/package.json'), 'utf8')) as { version: string }).version;
    const manifest = JSON.parse(readFileSync(join(consumer, 'package.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ ...manifest, dependencies: { mfc: `file:../${pack.filename}`, '@types/node': typesNode } }, null, 2));
    // The dependencies come from npm's cache when it holds them (a checkout after `npm ci` does).
    run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], consumer);

    webhookPort = await freePort();
    const profilePath = join(temp, 'profile.json');
    const hooks = `http://127.0.0.1:${webhookPort}/webhooks`;
    server = await serve(consumer, ['--port', '0', '--profile-out', profilePath, '--webhook-v1-url', `${hooks}/v1`, '--webhook-v2-url', `${hooks}/v2`, '--webhook-time-scale', '0.001']);
    profile = JSON.parse(readFileSync(profilePath, 'utf8')) as TargetProfile;
  }, 150_000);

  afterAll(() => {
    server?.kill('SIGTERM');
    rmSync(temp, { recursive: true, force: true });
  });

  it('packs what the exports and the CLI need, and nothing of the tests', () => {
    const paths = pack.files.map((file) => file.path);
    for (const needed of [
      'bin/mfc.mjs', 'dist/src/cli/main.js', 'dist/src/public/v1.d.ts', 'dist/src/public/v2.d.ts', 'dist/src/public/validators.js',
      'dist/src/public/webhooks.js', 'dist/src/client/index.js', 'dist/generated/v1/openapi.json', 'dist/generated/v2/validators.js',
      'dist/server/faults/index.js', 'dist/suites/v1/orders.check.js', 'dist/src/reports/report.schema.json', 'spec/v1.yaml', 'spec/rules/01-service.yaml',
    ]) expect(paths).toContain(needed);
    expect(paths.filter((path) => /^(test|reports|scripts|docs|src|server|suites|properties|generated)\//.test(path) || /\.(tmp\.ts|log)$|\.test\./.test(path))).toEqual([]);
    expect(paths.filter((path) => /^dist\/(suites|properties)\/.*\.d\.ts$/.test(path))).toEqual([]);
  });

  it.each(['nodenext', 'bundler'])('an integration compiles under %s resolution, and the rejected lines do not', (resolution) => {
    run(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], consumer);
  });

  it('runs against the installed mfc serve: lists orders, creates a restocking shipment, verifies its webhook', () => {
    const fixtures = profile.fixtures;
    const output = run(process.execPath, [join(consumer, 'out/main.js')], consumer, {
      MFC_BASE_URL: profile.baseUrl,
      MFC_TOKEN: profile.tokens.primary,
      MFC_SIGNING_TOKEN: profile.webhooks?.signingToken ?? profile.tokens.primary,
      MFC_WAREHOUSE_ID: String(fixtures.warehouseId),
      MFC_SKU_ID: String(fixtures.sku?.id),
      MFC_WEBHOOK_PORT: String(webhookPort),
    });
    const outcome = JSON.parse(output) as Record<string, unknown>;
    expect(outcome).toMatchObject({ createdStatus: 201, createdValid: true, documentVersion: expect.stringMatching(/^3\.1/) as unknown });
    expect(outcome.v1Orders).toBeGreaterThan(10);
    expect(outcome.v2Orders).toBeGreaterThan(10);
    expect(outcome.webhook).toEqual({ signatureValid: true, eventType: 'restocking_shipment.status_updated', resourceId: expect.any(Number) as unknown, duplicateSkipped: true });
  });

  it('the installed mfc run loads its compiled checks and passes against the installed server', () => {
    const profilePath = join(temp, 'profile-run.json');
    const { webhooks: _webhooks, ...withoutWebhooks } = profile;
    writeFileSync(profilePath, JSON.stringify(withoutWebhooks));
    const reportDir = join(temp, 'reports');
    run(process.execPath, [join(consumer, 'node_modules/mfc/bin/mfc.mjs'), 'run', '--profile', profilePath, '--only', '*.auth.*', '--report-dir', reportDir], consumer, { CI: 'true' });
    const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as { summary: { passed: number; failed: number } };
    expect(report.summary.failed).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(5);
  });
});
