import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../packages/cli/src/profile/index.js';
import { faults } from '../../packages/cli/server/index.js';
import { seedIds } from '../../packages/cli/server/seed.js';
import { runCli } from '../support/run-cli.js';
import { stopsWithParent } from '../../packages/cli/src/cli/commands/serve.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('mfc serve (docs/CLI.md, docs/SERVER.md)', () => {
  it('--fault list prints every fault with its §; --help is short and points at the lists', async () => {
    const list = await runCli(['serve', '--fault', 'list']);
    expect(list.code).toBe(0);
    for (const fault of faults) expect(list.stdout).toContain(`${fault.name}`);
    expect(list.stdout).toMatch(/v1-orders-duplicate-not-409\s+§4\.1 /);
    const help = await runCli(['serve', '--help']);
    expect(help.stdout).toContain('--webhook-time-scale');
    expect(help.stdout).toContain('"mfc serve --fault list"');
    expect(help.stdout).toContain('"mfc serve --variant list"');
    expect(help.stdout).not.toContain('v2-batch-settings-no-tracking-saved');
    expect(help.stdout.split('\n').length).toBeLessThanOrEqual(40);
  });

  it('exits 2 for an unknown fault or a bad flag value', async () => {
    const unknown = await runCli(['serve', '--fault', 'v1-no-such-fault']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown fault "v1-no-such-fault"');
    expect((await runCli(['serve', '--port', 'abc'])).code).toBe(2);
    expect((await runCli(['serve', '--rate-limit', '0'])).code).toBe(2);
  });

  it('prints the ready line quickly, writes a loadable profile, serves it and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mfc-serve-'));
    const profilePath = join(dir, 'p.json');
    const started = performance.now();
    const envPath = join(dir, 'sandbox.env');
    const child = spawn(process.execPath, [join(root, 'packages/cli/bin/mfc.mjs'), 'serve', '--port', '0', '--profile-out', profilePath, '--env-out', envPath, '--fault', 'v1-lists-page-zero-based'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString('utf8'); });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await expect.poll(() => stdout, { timeout: 10_000, interval: 10 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    const readyMs = performance.now() - started;
    // Node and tsx start-up included; the server itself starts in a few ms.
    expect(readyMs).toBeLessThan(3_000);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
    const profile = await loadProfile(profilePath);
    expect(profile.baseUrl).toBe(url);
    expect(profile.fixtures).toMatchObject({ salesChannelId: 11, warehouseId: 3, sku: { id: 501 }, batchSku: { id: 502 }, otherChannelSku: { id: 777 } });
    expect(Object.keys(profile.tokens).sort()).toEqual(['expired', 'inactiveChannel', 'otherMerchant', 'primary', 'sameMerchantOtherChannel']);
    expect(stdout).not.toContain(profile.tokens.primary);
    // The sandbox: the base URL a client takes and where the tokens are, by role; the tokens only in the file.
    await expect.poll(() => stdout, { timeout: 10_000, interval: 10 }).toContain('load them with');
    expect(stdout).toContain(`  base URL for a client or a profile: ${url} (the API under /merchant_api/v1 and /merchant_api/v2)\n  tokens by role, the same on every start: ${envPath}\n`);
    const sandbox = Object.fromEntries(readFileSync(envPath, 'utf8').split('\n').filter((line) => /^[A-Z_]+=/.test(line)).map((line) => line.split('=') as [string, string]));
    expect(sandbox).toEqual({
      MFC_BASE_URL: url, MFC_TOKEN: profile.tokens.primary, MFC_TOKEN_OTHER_CHANNEL: profile.tokens.sameMerchantOtherChannel,
      MFC_TOKEN_OTHER_MERCHANT: profile.tokens.otherMerchant, MFC_TOKEN_EXPIRED: profile.tokens.expired, MFC_TOKEN_INACTIVE: profile.tokens.inactiveChannel,
      MFC_SIGNING_TOKEN: seedIds.tokens.signing,
    });
    for (const token of Object.values(seedIds.tokens)) expect(stdout).not.toContain(token);
    const reply = await fetch(`${url}/merchant_api/v1/orders?page=1`, { headers: { authorization: `Bearer ${profile.tokens.primary}` } });
    expect(((await reply.json()) as { data: { id: number }[] }).data[0]?.id).toBe(128);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toContain('mfc serve: stopped');
    expect(JSON.parse(readFileSync(profilePath, 'utf8')).environment).toBe('local');
  });

  it('stops when npx, which started it, ends on SIGTERM without passing it on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mfc-serve-'));
    // npx resolves this workspace's mfc (node_modules/.bin): npm exec, a shell, then the server.
    const npx = spawn('npx', ['mfc', 'serve', '--port', '0', '--env-out', join(dir, 'sandbox.env')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    npx.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString('utf8'); });
    await expect.poll(() => stdout, { timeout: 20_000, interval: 20 }).toMatch(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
    npx.kill('SIGTERM');
    // The server's own end, in its own words (it holds the pipe), and its port closed.
    await expect.poll(() => stdout, { timeout: 5_000, interval: 20 }).toContain('mfc serve: stopped');
    await expect(fetch(`${url}/merchant_api/v1/orders`)).rejects.toThrow();
  }, 30_000);

  // A CI step's `mfc serve &` outlives its shell (test/package/consumer.test.ts runs README.md's job).
  it.each<[string, NodeJS.ProcessEnv, boolean]>([
    ['npx (npm exec)', { npm_command: 'exec' }, true],
    ['npm run (a script)', { npm_command: 'run-script' }, false],
    ['a shell', {}, false],
  ])('stops with its parent when started by %s: %s', (_name, env, want) => {
    expect(stopsWithParent(env)).toBe(want);
  });
});
