// The api package's README as an integrator follows it: the types and client examples run as printed
// against the reference server, with the variables `mfc serve`'s env file gives them, and the
// generator commands of "Your own client from the documents" run as written with the versions it pins.
// (test/package/consumer.test.ts compiles every example against the packed package.)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { seedIds } from '../../packages/cli/server/seed.js';
import { sandboxEnv } from '../../packages/cli/src/cli/commands/serve.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(root, 'packages/api/README.md'), 'utf8');
const blocks = (language: string): string[] => [...readme.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((match) => match[1]!);

/** The variables `set -a; . FILE; set +a` gives a shell, read from the env file as `mfc serve` writes it. */
function loadedEnv(text: string): Record<string, string> {
  return Object.fromEntries(text.split('\n').filter((line) => /^[A-Z_]+=/.test(line)).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

// A project of the integrator's: the repository's node_modules (the workspace's api package, built by
// the global setup, and the pinned generators), and the README's files.
const project = mkdtempSync(join(tmpdir(), 'mfc-api-readme-'));
let server: RunningServer;

beforeAll(async () => {
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
  writeFileSync(join(project, 'package.json'), '{ "type": "module" }\n');
  server = await startServer({ port: 0, rateLimit: 10_000 });
});

afterAll(async () => {
  await server.close();
});

/** Runs a README block with tsx; asynchronously, as the server it calls answers from this process. */
async function runExample(name: string, source: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const file = join(project, `${name}.ts`);
  writeFileSync(file, source);
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: project, env: { PATH: process.env.PATH, ...loadedEnv(sandboxEnv(server.url)) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { status, stdout, stderr };
}

describe('packages/api/README.md against mfc serve', () => {
  it('runs the types example as printed', async () => {
    const types = blocks('ts').find((block) => block.includes("from '@mfc-conformance/api/v2'"))!;
    const result = await runExample('types', types);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("delivery_option: 'postal'");
  });

  it('runs the client example as printed: one order read, then every order listed; no token in its output', async () => {
    const client = blocks('ts').find((block) => block.includes('createClient('))!;
    expect(client).toContain('baseUrl: process.env.MFC_BASE_URL!');
    const result = await runExample('client', client);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    // GET /orders/101 (the seed's first order), then one line per order of every page.
    expect(lines[0]).toBe('SHARED-1001');
    expect(lines.length).toBeGreaterThan(40);
    expect(lines.slice(1).every((line) => /^\d+ [a-z_]+$/.test(line))).toBe(true);
    for (const token of Object.values(seedIds.tokens)) expect(result.stdout + result.stderr).not.toContain(token);
  });
});

describe('packages/api/README.md: the generator commands, as written', () => {
  const commands = blocks('sh').find((block) => block.includes('openapi-typescript'))!.trimEnd().split('\n');
  const installed = (name: string): string => (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

  it('pin the versions the project installs (package.json, package-lock.json)', () => {
    const pins = Object.fromEntries([...commands[0]!.matchAll(/ (@?[a-z][\w/.-]*)@(\d[\w.]*)/g)].map((match) => [match[1]!, match[2]!]));
    expect(Object.keys(pins).sort()).toEqual(['@hey-api/openapi-ts', 'openapi-fetch', 'openapi-typescript', 'typescript']);
    for (const [name, version] of Object.entries(pins)) expect(installed(name).startsWith(version), `${name}@${version}`).toBe(true);
    const devDependencies = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
    for (const name of ['@hey-api/openapi-ts', 'openapi-typescript', 'openapi-fetch']) expect(devDependencies[name]).toBe(pins[name]);
  });

  it('generate clients whose pages carry data and pagination, required', () => {
    mkdirSync(join(project, 'src'), { recursive: true });
    for (const command of commands.slice(1)) {
      // Offline: npx runs the pinned, installed generators and fetches nothing.
      const result = spawnSync('bash', ['-e', '-c', command], { cwd: project, encoding: 'utf8', timeout: 120_000, env: { ...process.env, npm_config_offline: 'true' } });
      expect(result.status, `${command}\n${result.stderr}`).toBe(0);
    }
    const openapiTypescript = readFileSync(join(project, 'src/mfc-v2.ts'), 'utf8');
    expect(openapiTypescript).toMatch(/ {8}OrderPage: \{\n {12}data: components\["schemas"\]\["Order"\]\[\];\n {12}pagination: components\["schemas"\]\["Pagination"\];/);
    const heyApi = readFileSync(join(project, 'src/mfc-v2/types.gen.ts'), 'utf8');
    expect(heyApi).toMatch(/export type OrderPage = \{\n {4}data: Array<Order>;\n {4}pagination: Pagination;/);
  });
});
