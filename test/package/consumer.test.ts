// The packages as another project gets them: packed, installed from the tarballs into an empty
// project: first the api package alone (its installed size, no install script), then the CLI beside
// it. The integration and every `ts` block of the api package's README compile there under `nodenext`
// (and the integration under `bundler`, with lines that must not compile); then it runs against the
// installed `mfc serve`, and the installed `mfc run` runs against it. The same project, a server's
// repository, then gates its server as README.md's CI section says (one install for both: npm is
// the slow part).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { freePort } from '../../packages/cli/src/net/free-port.js';
import type { FaultName } from '../../packages/cli/server/index.js';
import type { TargetProfile } from '../../packages/cli/src/profile/index.js';
import { isWellFormedXml } from '../support/xml.js';
import { readmeWorkflowSteps, runSteps, seedTokenEnv, type StepOutcome } from './readme-workflow.js';
import { ensureBuilt, pack, root, runNpm, type Manifest, type PackResult } from './workspaces.js';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

// The budget for what the api package adds to a project's node_modules (TypeScript apart).
const INSTALLED_BUDGET_BYTES = 8 * 1024 * 1024;

/** Runs a command to its end; throws with its output when it fails. */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The bytes of every file under `dir`, as `du --apparent-size` counts them. */
function sizeOf(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => statSync(join(dir, name), { throwIfNoEntry: false }))
    .reduce((total, stat) => total + (stat?.isFile() ? stat.size : 0), 0);
}

/** The ```ts blocks of a Markdown text. */
function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** Starts the installed `mfc serve` and resolves once it prints its ready line. */
function serve(consumer: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(consumer, cliBin), 'serve', ...args], { cwd: consumer, stdio: ['ignore', 'pipe', 'pipe'] });
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

const cliBin = 'node_modules/@mfc-conformance/cli/bin/mfc.mjs';

// The examples an integrator reads on npm: the api package's README.
const apiReadme = 'packages/api/README.md';

describe('the packed packages in another project', () => {
  const temp = mkdtempSync(join(tmpdir(), 'mfc-consumer-'));
  const consumer = join(temp, 'consumer');
  let api: PackResult;
  let cli: PackResult;
  let apiInstall: { stdout: string; stderr: string };
  let apiInstalledBytes: number;
  let server: ChildProcess | undefined;
  let profile: TargetProfile;
  let webhookPort: number;

  beforeAll(async () => {
    // Packed as npm publishes them, from the builds `npm test` makes first (built here when missing).
    ensureBuilt();
    api = pack('packages/api', { destination: temp });
    cli = pack('packages/cli', { destination: temp });

    cpSync(join(root, 'test/package/consumer'), consumer, { recursive: true });
    // The api package alone first, with install scripts allowed: one would run, and npm would say so.
    // Its dependencies come from npm's cache when it holds them (a checkout after `npm ci` does).
    apiInstall = runNpm(['install', `../${api.filename}`, '--ignore-scripts=false', '--prefer-offline', '--no-audit', '--no-fund'], consumer);
    apiInstalledBytes = sizeOf(join(consumer, 'node_modules'));

    // Then the CLI beside it (it depends on that api package) and the Node types the integration
    // compiles with; TypeScript itself is the repository's.
    const typesNode = (JSON.parse(readFileSync(join(root, 'node_modules/@types/node/package.json'), 'utf8')) as { version: string }).version;
    runNpm(['install', `../${api.filename}`, `../${cli.filename}`, `@types/node@${typesNode}`, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], consumer);
    tsBlocks(readFileSync(join(root, apiReadme), 'utf8')).forEach((block, index) => writeFileSync(join(consumer, 'src', `readme-${index + 1}.ts`), block));

    webhookPort = await freePort();
    const profilePath = join(temp, 'profile.json');
    const hooks = `http://127.0.0.1:${webhookPort}/webhooks`;
    server = await serve(consumer, ['--port', '0', '--profile-out', profilePath, '--webhook-v1-url', `${hooks}/v1`, '--webhook-v2-url', `${hooks}/v2`, '--webhook-time-scale', '0.001']);
    profile = JSON.parse(readFileSync(profilePath, 'utf8')) as TargetProfile;
  }, 240_000);

  afterAll(() => {
    server?.kill('SIGTERM');
    rmSync(temp, { recursive: true, force: true });
  });

  it('packs what the exports and the CLI need, and nothing of the tests', () => {
    const paths = (packed: PackResult) => packed.files.map((file) => file.path);
    expect(paths(api)).toEqual(expect.arrayContaining([
      'dist/src/public/v1.d.ts', 'dist/src/public/v2.d.ts', 'dist/src/public/validators.js', 'dist/src/public/webhooks.js',
      'dist/src/client/index.js', 'dist/generated/v1/openapi.json', 'dist/generated/v1/openapi.yaml',
      'dist/generated/v2/openapi.dereferenced.json', 'dist/generated/v2/validators.js',
    ]));
    expect(paths(cli)).toEqual(expect.arrayContaining([
      'bin/mfc.mjs', 'dist/src/cli/main.js', 'dist/server/faults/index.js', 'dist/suites/v1/orders.check.js',
      'dist/src/reports/report.schema.json', 'spec/v1.yaml', 'spec/rules/01-service.yaml',
    ]));
    for (const packed of [api, cli]) {
      expect(paths(packed).filter((path) => /^(test|reports|scripts|docs|src|server|suites|properties|generated)\//.test(path) || /\.(tmp\.ts|log)$|\.test\./.test(path))).toEqual([]);
      expect(paths(packed).filter((path) => /^dist\/(suites|properties)\/.*\.d\.ts$/.test(path))).toEqual([]);
    }
    // The integrator's package holds none of the CLI.
    expect(paths(api).filter((path) => /^(bin|spec)\/|^dist\/(server|suites|properties|src\/(cli|runner))\//.test(path))).toEqual([]);
  });

  it('installs the api package alone within 8 MB, with no install script to run', () => {
    expect(apiInstalledBytes).toBeLessThanOrEqual(INSTALLED_BUDGET_BYTES);
    expect(`${apiInstall.stdout}${apiInstall.stderr}`).not.toMatch(/install.?script|allowScripts/i);
    const installed = JSON.parse(readFileSync(join(consumer, 'node_modules/@mfc-conformance/api/package.json'), 'utf8')) as Manifest;
    expect(Object.keys(installed.scripts ?? {}).filter((name) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(name))).toEqual([]);
    expect(Object.keys(installed.dependencies ?? {}).sort()).toEqual(['ajv', 'ajv-formats', 'undici']);
  });

  it('resolves each OpenAPI document export to its file: the bundles (JSON, YAML) and the dereferenced form', () => {
    // Resolved by a Node of the other project's own, without this repository's `mfc-source` condition.
    const subpaths = ['v1', 'v2'].flatMap((api) => ['json', 'yaml', 'dereferenced.json'].map((kind) => `@mfc-conformance/api/openapi/${api}.${kind}`));
    const files = JSON.parse(run(process.execPath, ['-e', `console.log(JSON.stringify(${JSON.stringify(subpaths)}.map((subpath) => require.resolve(subpath))))`], consumer)) as string[];
    const [v1Json, v1Yaml, v1Dereferenced] = files.map((file) => readFileSync(file, 'utf8'));
    expect(Object.keys((JSON.parse(v1Json!) as { components: { schemas: object } }).components.schemas)).toContain('Order');
    expect(v1Yaml).toMatch(/^openapi: 3\.1\.0$/m);
    expect(v1Dereferenced).not.toContain('"$ref"');
    expect(files.map((file) => file.slice(file.indexOf('@mfc-conformance/api/')))).toEqual(['v1', 'v2'].flatMap((api) => ['openapi.json', 'openapi.yaml', 'openapi.dereferenced.json'].map((name) => `@mfc-conformance/api/dist/generated/${api}/${name}`)));
  });

  it('the api package\'s README holds TypeScript examples, each compiled below', () => {
    expect(tsBlocks(readFileSync(join(root, apiReadme), 'utf8')).length).toBeGreaterThanOrEqual(3);
  });

  it.each(['nodenext', 'bundler'])('the integration and the api package\'s README examples compile under %s resolution, and the rejected lines do not', (resolution) => {
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
    run(process.execPath, [join(consumer, cliBin), 'run', '--profile', profilePath, '--only', '*.auth.*', '--report-dir', reportDir], consumer, { CI: 'true' });
    const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as { summary: { passed: number; failed: number } };
    expect(report.summary.failed).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(5);
  });

  it('the installed mfc generate leaves the installed api package alone and writes where --out says', () => {
    const inPlace = spawnSync(process.execPath, [join(consumer, cliBin), 'generate'], { cwd: consumer, encoding: 'utf8' });
    expect({ status: inPlace.status, stderr: inPlace.stderr }).toEqual({ status: 2, stderr: expect.stringContaining('mfc generate --out DIR') });
    expect(readdirSync(join(consumer, 'node_modules/@mfc-conformance/api'))).not.toContain('generated');
    run(process.execPath, [join(consumer, cliBin), 'generate', '--out', 'vendor/mfc'], consumer);
    expect(readdirSync(join(consumer, 'vendor/mfc/v2'))).toEqual(expect.arrayContaining(['types.ts', 'validators.js', 'openapi.json']));
  });

  // The two gates run side by side: each waits on its server and its CLI processes most of its time.
  describe.concurrent('as a server\'s repository, gating its server that starts empty as README.md\'s CI section says', () => {
    const steps = readmeWorkflowSteps();

    /** Runs the README's steps in a fresh checkout of the server's repository, the server broken by `fault` when given; stops the server after. */
    async function gate(checkout: string, expect: ExpectStatic, fault?: FaultName): Promise<{ outcomes: StepOutcome[]; dir: string }> {
      const dir = join(consumer, checkout);
      mkdirSync(dir);
      const port = await freePort();
      // A runner's step shell, not npm's: no npm_* variables (this test may run under npx or npm test).
      const runnerEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
      const env = {
        ...runnerEnv, ...seedTokenEnv(steps), CI: 'true', GITHUB_STEP_SUMMARY: join(dir, 'step-summary.md'),
        // The installed mfc on PATH, as an npm script has it: npx resolves to this same bin, but its own start would count in the run step's time.
        PATH: `${join(consumer, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`,
      };
      const edit = (script: string): string => {
        let edited = script.replaceAll('npx mfc', 'mfc').replaceAll(':8080', `:${port}`).replaceAll('--port 8080', `--port ${port}`);
        if (fault !== undefined) edited = edited.replace('--variant seed-empty', `--variant seed-empty --fault ${fault}`);
        return edited;
      };
      // The project is installed already: that is the workflow's `npm ci`.
      const outcomes = await runSteps(steps.filter((step) => step.run !== 'npm ci'), { cwd: dir, env, edit });
      // The workflow's last steps stop the server it started (its pid in server.pid), pass or fail.
      const pid = Number(readFileSync(join(dir, 'server.pid'), 'utf8'));
      const running = (): boolean => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      await expect.poll(running, { timeout: 10_000, interval: 50 }).toBe(false);
      return { outcomes, dir };
    }

    const stepOf = (outcomes: StepOutcome[], command: RegExp): StepOutcome => {
      const found = outcomes.find((outcome) => command.test(outcome.step.run ?? ''));
      if (found === undefined) throw new Error(`no step ran ${command}`);
      return found;
    };
    const junitOf = (dir: string): string => readFileSync(join(dir, 'reports', 'junit.xml'), 'utf8');

    it('passes: every step exits 0, mfc doctor counts at least 165 checks that would run, junit.xml is valid and its time the run step\'s', async ({ expect }) => {
      const { outcomes, dir } = await gate('ci-conforming', expect);
      // A failed step first, with its output: the steps after it are skipped, as a runner does.
      for (const outcome of outcomes) expect(outcome.code, `${outcome.step.run}\n${outcome.output}`).toBe(0);
      expect(outcomes.map((outcome) => outcome.step.run!.split('\n')[0])).toHaveLength(steps.filter((step) => step.run !== undefined && step.run !== 'npm ci').length);
      expect(Number(/· (\d+) would run ·/.exec(stepOf(outcomes, /mfc doctor /).output)?.[1])).toBeGreaterThanOrEqual(165);
      const junit = junitOf(dir);
      expect(isWellFormedXml(junit)).toBe(true);
      expect(junit).toMatch(/<testsuites name="mfc run" tests="\d+" failures="0" errors="0" skipped="\d+" time="[\d.]+">/);
      // The root's time is the run's wall time: within a tenth of what the step took.
      const run = stepOf(outcomes, /mfc run /);
      const seconds = Number(/<testsuites [^>]*time="([\d.]+)"/.exec(junit)?.[1]);
      expect(Math.abs(seconds * 1000 - run.ms) / run.ms, `junit.xml ${seconds} s, the step ${run.ms} ms`).toBeLessThanOrEqual(0.1);
      expect(readFileSync(join(dir, 'step-summary.md'), 'utf8')).toMatch(/mfc run report of `http:\/\/127\.0\.0\.1:\d+` \(local\): \d+ passed, 0 failed/);
    }, 240_000);

    it('fails against the same server with a fault: the run step exits 1, and the summary still reaches the page', async ({ expect }) => {
      const { outcomes, dir } = await gate('ci-fault', expect, 'v1-auth-missing-token-403');
      expect(stepOf(outcomes, /mfc doctor /).code).toBe(0);
      expect(stepOf(outcomes, /mfc run /).code, stepOf(outcomes, /mfc run /).output).toBe(1);
      expect(stepOf(outcomes, /GITHUB_STEP_SUMMARY/).code).toBe(0);
      const junit = junitOf(dir);
      expect(isWellFormedXml(junit)).toBe(true);
      expect(junit).toMatch(/<testcase name="v1\.auth\.missing-token-401" classname="v1\.§5" time="[\d.]+">\n {6}<failure /);
      expect(readFileSync(join(dir, 'step-summary.md'), 'utf8')).toMatch(/mfc run report of `http:\/\/127\.0\.0\.1:\d+` \(local\): \d+ passed, [1-9]\d* failed/);
    }, 240_000);
  });
});
