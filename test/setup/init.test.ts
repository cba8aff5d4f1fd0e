import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { loadProfile } from '../../packages/cli/src/profile/index.js';
import { refusingUrl, startFakeTarget, type FakeTarget } from '../support/fake-target.js';
import { tempDir } from '../support/profile.js';
import { runCli } from '../support/run-cli.js';

// The reference server's seeded tokens, each in its own variable: init is given names, never values.
function tokenEnv(server: RunningServer): Record<string, string> {
  const { tokens } = server.profile;
  return {
    MFC_INIT_SIGNING: server.profile.webhooks?.signingToken ?? '',
    MFC_INIT_PRIMARY: tokens.primary,
    MFC_INIT_SAME_MERCHANT: tokens.sameMerchantOtherChannel!,
    MFC_INIT_OTHER_MERCHANT: tokens.otherMerchant!,
    MFC_INIT_EXPIRED: tokens.expired!,
    MFC_INIT_INACTIVE: tokens.inactiveChannel!,
  };
}

const allTokenFlags = [
  '--token-env', 'MFC_INIT_PRIMARY',
  '--same-merchant-other-channel-token-env', 'MFC_INIT_SAME_MERCHANT',
  '--other-merchant-token-env', 'MFC_INIT_OTHER_MERCHANT',
  '--expired-token-env', 'MFC_INIT_EXPIRED',
  '--inactive-channel-token-env', 'MFC_INIT_INACTIVE',
];

function expectNoToken(server: RunningServer, ...texts: string[]): void {
  for (const token of [...Object.values(server.profile.tokens), server.profile.webhooks!.signingToken!]) {
    for (const text of texts) expect(text).not.toContain(token);
  }
}

describe('mfc init against the reference server', () => {
  let server: RunningServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    // Webhook URLs only so that the server's profile names its signing token.
    server = await startServer({ host: '127.0.0.1', port: 0, webhookV1Url: 'http://127.0.0.1:9/v1', webhookV2Url: 'http://127.0.0.1:9/v2' });
    env = tokenEnv(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['the channel\'s oldest token', 'MFC_INIT_SIGNING', /# {3}# Checked: a token of the primary's sales channel 11 .*\n# {3}signingToken: \{env: MFC_INIT_SIGNING\}\n/, /webhooks\.signingToken \(MFC_INIT_SIGNING\): written in the commented webhooks block/],
    ['another channel\'s token', 'MFC_INIT_SAME_MERCHANT', /# {3}# Left out: its orders .* belong to sales channel 12, not the primary's 11.*\n# {3}# signingToken: \{env: MFC_INIT_SAME_MERCHANT\}\n/, /webhooks\.signingToken \(MFC_INIT_SAME_MERCHANT\): left out/],
  ])('--signing-token-env with %s: checked and written in the webhooks block, or left out with the reason', async (_name, variable, inProfile, inSummary) => {
    const out = join(tempDir('mfc-init-'), 'signing.yaml');
    const init = await runCli(['init', '--base-url', server.url, '--environment', 'local', '--token-env', 'MFC_INIT_PRIMARY', '--signing-token-env', variable, '--out', out], { env });
    expect(init.code, init.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expectNoToken(server, text, init.stdout, init.stderr);
    expect(text).toMatch(inProfile);
    expect(init.stdout).toMatch(inSummary);
  }, 60_000);

  it('writes a commented profile that loads, holds {env} references only, and names the seeded fixtures; mfc run passes on it', async () => {
    const out = join(tempDir('mfc-init-'), 'mfc-profile.yaml');
    const init = await runCli(['init', '--base-url', server.url, '--environment', 'local', ...allTokenFlags, '--allow-writes', '--out', out], { env });
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expectNoToken(server, text, init.stdout, init.stderr);

    const parsed = parseYaml(text) as Record<string, any>;
    expect(parsed.tokens).toEqual({
      primary: { env: 'MFC_INIT_PRIMARY' },
      sameMerchantOtherChannel: { env: 'MFC_INIT_SAME_MERCHANT' },
      otherMerchant: { env: 'MFC_INIT_OTHER_MERCHANT' },
      expired: { env: 'MFC_INIT_EXPIRED' },
      inactiveChannel: { env: 'MFC_INIT_INACTIVE' },
    });
    const profile = loadProfile(out, env);
    expect(profile.tokens).toEqual(server.profile.tokens);
    expect(profile.fixtures).toEqual({
      salesChannelId: server.profile.fixtures.salesChannelId,
      warehouseId: server.profile.fixtures.warehouseId,
      sku: server.profile.fixtures.sku,
      otherChannelSku: server.profile.fixtures.otherChannelSku,
      // Read with tokens.otherMerchant: its write checks can then run in that merchant's windows.
      otherMerchant: server.profile.fixtures.otherMerchant,
    });
    expect(profile).toMatchObject({ baseUrl: server.url, environment: 'local', allowWrites: true, rateLimit: { perMinute: 100, provoke: false } });

    // Each key carries its comment; discovered values say where they came from; gaps name the checks they skip.
    expect(text).toMatch(/# salesChannelId: .*\n {2}# Discovered from GET \/merchant_api\/v1\/orders\?limit=100 \(sales_channel_id\)\.\n {2}salesChannelId: 11\n/);
    expect(text).toMatch(/# Discovered from GET \/merchant_api\/v1\/warehouses/);
    expect(text).toMatch(/active per GET \/merchant_api\/v1\/skus\/501/);
    expect(text).toMatch(/# Discovered from X-Rate-Limit-Max on GET /);
    expect(text).toMatch(/# batchSku: .*Needed by \d+ checks \(.*v2\.batch-settings/);
    expect(text).toMatch(/\n {2}# batchSku: \{id: 0/);
    expect(text).toMatch(/# webhooks: .*Needed by \d+ checks/);
    expect(init.stdout).toMatch(/fixtures\.batchSku: \d+ checks/);
    expect(init.stdout).toMatch(/tokens\.otherMerchant \(MFC_INIT_OTHER_MERCHANT\): used: another merchant: merchant_id 2/);
    expect(init.stdout).toMatch(/tokens\.sameMerchantOtherChannel \(MFC_INIT_SAME_MERCHANT\): used: sales channel 12/);
    expect(init.stdout).toMatch(/fixtures\.otherMerchant channel 21, warehouse 7, SKU 801 WIDGET-RED: for tokens\.otherMerchant, its channel from GET \/merchant_api\/v1\/orders/);
    expect(text).toMatch(/# otherMerchant: tokens\.otherMerchant's own sales channel.*\n {2}# For tokens\.otherMerchant: its channel from .*\n {2}otherMerchant: \{salesChannelId: 21, warehouseId: 7, sku: \{id: 801, sku_code: "WIDGET-RED"\}\}\n/);

    const reportDir = tempDir('mfc-init-run-');
    const run = await runCli(['run', '--profile', out, '--only', 'v1.orders.*', '--report-dir', reportDir, '--seed', '7'], { env, reportDir, timeoutMs: 120_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.report?.summary.passed).toBeGreaterThan(0);
    expect(run.report?.summary.failed).toBe(0);
  }, 180_000);

  it('leaves out a token that cannot stand for its key, commented with the reason, and says so', async () => {
    const out = join(tempDir('mfc-init-'), 'swapped.yaml');
    // The other channel's token offered as another merchant's, and a working token offered as an expired one.
    const init = await runCli([
      'init', '--base-url', server.url, '--environment', 'staging', '--token-env', 'MFC_INIT_PRIMARY',
      '--other-merchant-token-env', 'MFC_INIT_SAME_MERCHANT', '--expired-token-env', 'MFC_INIT_OTHER_MERCHANT', '--out', out,
    ], { env });
    expect(init.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expectNoToken(server, text, init.stdout, init.stderr);
    const profile = loadProfile(out, env);
    expect(Object.keys(profile.tokens)).toEqual(['primary']);
    expect(profile.allowWrites).toBe(false);
    expect(text).toMatch(/# Left out, so those checks are skipped: it is a token of the primary's merchant: merchant_id 1 .*\n {2}# otherMerchant: \{env: MFC_INIT_SAME_MERCHANT\}/);
    expect(text).toMatch(/# Left out, .*answered 200: the token works, so it is not an expired token/);
    expect(init.stdout).toMatch(/tokens\.otherMerchant \(MFC_INIT_SAME_MERCHANT\): left out/);
  }, 60_000);

  it('writes allowWrites: false for production with the --allow-production-writes note', async () => {
    const out = join(tempDir('mfc-init-'), 'prod.yaml');
    const init = await runCli(['init', '--base-url', server.url, '--environment', 'production', '--token-env', 'MFC_INIT_PRIMARY', '--out', out], { env });
    expect(init.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/This is production: .*\n# also needs --allow-production-writes/);
    expect(loadProfile(out, env)).toMatchObject({ environment: 'production', allowWrites: false });
  }, 60_000);

  it('exits 1 without writing when the token is refused, naming the variable and never the token', async () => {
    const out = join(tempDir('mfc-init-'), 'refused.yaml');
    const init = await runCli(['init', '--base-url', server.url, '--environment', 'local', '--token-env', 'MFC_INIT_WRONG', '--out', out], { env: { MFC_INIT_WRONG: 'mfc-not-a-token-0f3e9d' } });
    expect(init.code).toBe(1);
    expect(init.stderr).toMatch(/mfc init: the token in MFC_INIT_WRONG was refused: GET \/merchant_api\/v1\/orders\?limit=1 answered 401/);
    expect(init.stderr + init.stdout).not.toContain('mfc-not-a-token-0f3e9d');
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});

describe('mfc init against a server that starts empty (variant seed-empty: accounts, warehouses and SKUs, no order)', () => {
  let server: RunningServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startServer({ host: '127.0.0.1', port: 0, variants: ['seed-empty'], webhookV1Url: 'http://127.0.0.1:9/v1', webhookV2Url: 'http://127.0.0.1:9/v2' });
    env = tokenEnv(server);
  });
  afterAll(async () => {
    await server.close();
  });

  // The seed's ids (packages/cli/server/README.md): what the team knows of its own seed, given as flags.
  const fixtureFlags = [
    '--sales-channel-id', '11', '--sku-id', '501', '--other-channel-sku-id', '777', '--batch-sku-id', '502',
    '--other-merchant-sales-channel-id', '21', '--other-merchant-sku-id', '801', '--batch-tracking', 'true', '--expiry-handling', 'true',
  ];

  it('names, in one message, every flag the empty server makes necessary, and writes nothing (exit 1)', async () => {
    const out = join(tempDir('mfc-init-'), 'empty.yaml');
    const init = await runCli(['init', '--base-url', server.url, '--environment', 'local', ...allTokenFlags, '--allow-writes', '--out', out], { env });
    expect(init.code).toBe(1);
    for (const flag of ['--sales-channel-id N', '--sku-id N', '--other-channel-sku-id N', '--batch-sku-id N', '--batch-tracking true|false', '--expiry-handling true|false', '--other-merchant-sales-channel-id N', '--other-merchant-sku-id N']) {
      expect(init.stderr).toContain(flag);
    }
    expect(init.stderr).not.toContain('--warehouse-id');
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('takes them as flags, confirms each through the API, and writes the profile mfc doctor passes with at least 165 checks that would run', async () => {
    const out = join(tempDir('mfc-init-'), 'empty.yaml');
    const init = await runCli(['init', '--base-url', server.url, '--environment', 'local', ...allTokenFlags, '--signing-token-env', 'MFC_INIT_SIGNING', ...fixtureFlags, '--allow-writes', '--out', out], { env });
    expect(init.code, init.stderr).toBe(0);
    const profile = loadProfile(out, env);
    // What the flags gave, with the codes GET /skus/{id} showed, and the warehouses discovered as before.
    expect(profile.fixtures).toEqual({ ...server.profile.fixtures });
    expect(profile.features).toEqual({ batchTracking: true, expiryHandling: true });
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/\n {2}# Given with --sku-id, its code from GET \/merchant_api\/v1\/skus\/501; active per GET \/merchant_api\/v1\/skus\/501\.\n {2}sku: \{id: 501, sku_code: "TSHIRT-WHITE-M"\}\n/);
    expect(init.stdout).toContain('fixtures.batchSku 502 TEA-GREEN: given with --batch-sku-id');
    expect(init.stdout).toMatch(/Not in the profile, so their checks are skipped:\n {2}webhooks: \d+ checks .*\nwrote /);
    expectNoToken(server, text, init.stdout, init.stderr);

    const doctor = await runCli(['doctor', '--profile', out], { env });
    expect(doctor.code, doctor.stdout).toBe(0);
    const wouldRun = Number(/· (\d+) would run ·/.exec(doctor.stdout)?.[1]);
    expect(wouldRun).toBeGreaterThanOrEqual(165);
  }, 90_000);

  it.each([
    ['a SKU the target shows deleted', ['--sku-id', '504'], /--sku-id 504: GET \/merchant_api\/v1\/skus\/504 shows it deleted/],
    ['another merchant\'s warehouse', ['--sku-id', '501', '--warehouse-id', '7'], /--warehouse-id 7 is not one of the merchant's warehouses \(3, 4, per GET \/merchant_api\/v1\/warehouses\)/],
    ['a SKU whose code no read shows and no flag gives', ['--sku-id', '999'], /--sku-id 999: its code cannot be read \(GET \/merchant_api\/v1\/skus\/999 answered 404\); give it with --sku-code CODE as well/],
  ])('refuses %s, naming the flag (exit 1, nothing written)', async (_name, flags, want) => {
    const out = join(tempDir('mfc-init-'), 'wrong.yaml');
    const init = await runCli(['init', '--base-url', server.url, '--environment', 'local', '--token-env', 'MFC_INIT_PRIMARY', '--sales-channel-id', '11', ...flags, '--out', out], { env });
    expect(init.code).toBe(1);
    expect(init.stderr).toMatch(want);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});

describe('mfc init: wrong invocations exit 2, an unusable target exits 1', () => {
  let target: FakeTarget;
  beforeAll(async () => {
    target = await startFakeTarget((_request, reply) => reply(200, { data: [] }));
  });
  afterAll(async () => {
    await target.close();
  });

  const secret = 'tok-init-secret-5b8e21';
  const table: Array<[string, { args: () => string[]; env?: Record<string, string>; want: RegExp }]> = [
    ['missing flags without a terminal', { args: () => ['--base-url', target.url], want: /needs --environment, --token-env \(no terminal to ask on\)/ }],
    ['a wrong environment', { args: () => ['--base-url', target.url, '--environment', 'prod', '--token-env', 'MFC_INIT_T'], env: { MFC_INIT_T: secret }, want: /--environment expects local, staging or production/ }],
    ['a variable that is not set', { args: () => ['--base-url', target.url, '--environment', 'local', '--token-env', 'MFC_INIT_UNSET_VAR'], want: /--token-env: MFC_INIT_UNSET_VAR is not set/ }],
    ['a signing token variable that is not set', { args: () => ['--base-url', target.url, '--environment', 'local', '--token-env', 'MFC_INIT_T', '--signing-token-env', 'MFC_INIT_UNSET_SIGNING'], env: { MFC_INIT_T: secret }, want: /--signing-token-env: MFC_INIT_UNSET_SIGNING is not set/ }],
    ['a token given where a variable name goes', { args: () => ['--base-url', target.url, '--environment', 'local', '--token-env', `${secret}-x`], want: /expected the NAME of an environment variable/ }],
    ['a base URL holding the version path', { args: () => ['--base-url', `${target.url}/merchant_api/v1`, '--environment', 'local', '--token-env', 'MFC_INIT_T'], env: { MFC_INIT_T: secret }, want: /--base-url: the base URL ends in \/merchant_api\/v1/ }],
    ['an unknown flag', { args: () => ['--token', secret], want: /unknown or malformed flag --token/ }],
    ['a SKU code without its id', { args: () => ['--base-url', target.url, '--environment', 'local', '--token-env', 'MFC_INIT_T', '--batch-sku-code', 'TEA'], env: { MFC_INIT_T: secret }, want: /--batch-sku-code goes with --batch-sku-id N/ }],
    ['an id that is not a positive integer', { args: () => ['--base-url', target.url, '--environment', 'local', '--token-env', 'MFC_INIT_T', '--warehouse-id', 'three'], env: { MFC_INIT_T: secret }, want: /--warehouse-id expects a positive integer, received "three"/ }],
    ['the other merchant\'s fixtures without its token', { args: () => ['--base-url', target.url, '--environment', 'local', '--token-env', 'MFC_INIT_T', '--other-merchant-sku-id', '801'], env: { MFC_INIT_T: secret }, want: /--other-merchant-… flags describe the merchant of --other-merchant-token-env VAR/ }],
    ['a feature that is not true or false', { args: () => ['--base-url', target.url, '--environment', 'local', '--token-env', 'MFC_INIT_T', '--batch-tracking', 'yes'], env: { MFC_INIT_T: secret }, want: /--batch-tracking expects true or false, received "yes"/ }],
  ];
  it.each(table)('%s', async (_name, { args, env, want }) => {
    const before = target.requests.length;
    const result = await runCli(['init', '--out', join(tempDir('mfc-init-'), 'p.yaml'), ...args()], { env: { MFC_TOKEN: '', ...env } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(want);
    expect(result.stderr + result.stdout).not.toContain(secret);
    expect(target.requests.length).toBe(before);
  });

  it('refuses to overwrite a file without --force (exit 2, before any request)', async () => {
    const out = join(tempDir('mfc-init-'), 'exists.yaml');
    writeFileSync(out, 'keep me\n');
    const result = await runCli(['init', '--base-url', target.url, '--environment', 'local', '--token-env', 'MFC_INIT_T', '--out', out], { env: { MFC_INIT_T: secret } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/exists; give --force to overwrite it/);
    expect(readFileSync(out, 'utf8')).toBe('keep me\n');
  });

  it('exits 1 when the target cannot be reached', async () => {
    const url = await refusingUrl();
    const out = join(tempDir('mfc-init-'), 'p.yaml');
    const result = await runCli(['init', '--base-url', url, '--environment', 'local', '--token-env', 'MFC_INIT_T', '--out', out], { env: { MFC_INIT_T: secret } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/mfc init: .*(refused|ECONNREFUSED).*; no profile written/);
    expect(result.stderr).not.toContain(secret);
    expect(existsSync(out)).toBe(false);
  });

  it('exits 1 when no record shows the sales channel, pointing at --sales-channel-id', async () => {
    const out = join(tempDir('mfc-init-'), 'p.yaml');
    const result = await runCli(['init', '--base-url', target.url, '--environment', 'local', '--token-env', 'MFC_INIT_T', '--out', out], { env: { MFC_INIT_T: secret } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/sales channel could not be discovered.*--sales-channel-id N/);
    expect(target.requests.every((request) => request.method === 'GET')).toBe(true);
  });
});
