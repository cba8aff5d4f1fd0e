import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { writeProfile } from '../support/profile.js';
import { runCli } from '../support/run-cli.js';

describe('mfc doctor', () => {
  let server: RunningServer;
  let env: Record<string, string>;
  let profilePath: string;
  beforeAll(async () => {
    server = await startServer({ host: '127.0.0.1', port: 0 });
    const { tokens } = server.profile;
    env = { MFC_DOCTOR_PRIMARY: tokens.primary, MFC_DOCTOR_OTHER_MERCHANT: tokens.otherMerchant! };
    // Read-only, without webhooks, with another merchant's token offered as another channel's.
    profilePath = writeProfile({
      baseUrl: server.url,
      environment: 'staging',
      tokens: { primary: { env: 'MFC_DOCTOR_PRIMARY' }, otherMerchant: { env: 'MFC_DOCTOR_OTHER_MERCHANT' }, sameMerchantOtherChannel: { env: 'MFC_DOCTOR_PRIMARY' } },
      fixtures: { salesChannelId: 11, warehouseId: 3, sku: { id: 501, sku_code: 'TSHIRT-WHITE-M' } },
    }, 'doctor.yaml');
  });
  afterAll(async () => {
    await server.close();
  });

  function expectNoToken(...texts: string[]): void {
    for (const token of Object.values(server.profile.tokens)) for (const text of texts) expect(text).not.toContain(token);
  }

  it('reaches each version, shows the rate-limit headers and counts the checks per skip reason (exit 0)', async () => {
    const result = await runCli(['doctor', '--profile', profilePath], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/v1 {2}GET \/merchant_api\/v1\/orders\?limit=1 \(tokens\.primary\): 200 · X-Rate-Limit-Used \d+ · X-Rate-Limit-Max 100/);
    expect(result.stdout).toMatch(/v2 {2}GET \/merchant_api\/v2\/restocking_shipments\?limit=1 \(tokens\.primary\): 200 · X-Rate-Limit-Used \d+ · X-Rate-Limit-Max 100/);
    expect(result.stdout).toContain('tokens.primary works on v1 and v2');
    expect(result.stdout).toMatch(/tokens\.sameMerchantOtherChannel: tokens\.sameMerchantOtherChannel is unusable: it is the same token as tokens\.primary/);
    expect(result.stdout).toMatch(/checks: (\d+) selected · (\d+) would run · (\d+) would skip/);
    expect(result.stdout).toMatch(/ \d+ {2}skip: needs allowWrites: true in the profile\n/);
    expect(result.stdout).toMatch(/ {4}of which \d+ would still skip with allowWrites: true: needs fixtures\.batchSku in the profile\n/);
    expect(result.stdout).toMatch(/skip: tokens\.sameMerchantOtherChannel is unusable/);
    expect(result.stdout).toMatch(/ \d+ {2}run\n/);
    expect(result.stdout).not.toMatch(/^ {2}v1\.orders\./m);
    const [, selected, runs, skips] = /checks: (\d+) selected · (\d+) would run · (\d+) would skip/.exec(result.stdout)!.map(Number);
    expect(runs! + skips!).toBe(selected);
    // It runs no check, so its plan says which would; the last line is the next step.
    expect(result.stdout).toContain(`plan: ${runs} of ${selected} selected checks would run (${selected! - runs!} skip as planned: the profile does not give what they need), `);
    // Read-only: the generated-input checks that send a query, at the default budget (issue 38).
    expect(result.stdout).toMatch(/\n {2}generated inputs: [1-9] operations × 8 cases \(valid, boundary, past the open limits, invalid\) = \d+ cases, about \d+ requests/);
    expect(result.stdout).not.toMatch(/\bran\b/);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^next: (npx )?mfc run --profile ${profilePath}; \\d+ checks skip for keys the profile lacks`));
    expectNoToken(result.stdout, result.stderr);
  }, 60_000);

  it('lists each check under its reason with --verbose, for the --api and --only selection', async () => {
    const result = await runCli(['doctor', '--profile', profilePath, '--api', 'v1', '--only', 'v1.orders.*,v1.auth.*', '--verbose'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('/merchant_api/v2/');
    expect(result.stdout).toMatch(/\nwould run:\n {2}v1\.auth\.\S+ {2}§\d/);
    expect(result.stdout).toMatch(/\nwould skip: needs allowWrites: true in the profile\n {2}v1\.orders\./);
    expect(result.stdout).toMatch(/\nwould skip: needs tokens\.expired in the profile\n {2}v1\.auth\./);
    expect(result.stdout).not.toMatch(/^ {2}v2\./m);
  }, 60_000);

  it('shows where to register the webhook URLs, how signatures are judged, and what retryWithinMs costs', async () => {
    const withWebhooks = writeProfile({
      baseUrl: server.url,
      environment: 'staging',
      allowWrites: true,
      tokens: { primary: { env: 'MFC_DOCTOR_PRIMARY' } },
      fixtures: { salesChannelId: 11, warehouseId: 3, sku: { id: 501, sku_code: 'TSHIRT-WHITE-M' } },
      webhooks: { host: '127.0.0.1', port: 8787, v1Path: '/webhooks/v1', v2Path: '/webhooks/v2', publicV1Url: 'https://hooks.example.test/mfc/v1', retryWithinMs: 65_000 },
    }, 'doctor-webhooks.yaml');
    const result = await runCli(['doctor', '--profile', withWebhooks, '--only', '*.webhooks.*'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("webhooks (§6): the run's receiver listens on http://127.0.0.1:8787, v1 calls at /webhooks/v1, v2 calls at /webhooks/v2");
    expect(result.stdout).toContain('register for v1 (through the account manager): https://hooks.example.test/mfc/v1 (publicV1Url; the proxy forwards it to /webhooks/v1)');
    expect(result.stdout).toContain('register for v2 (in the merchant dashboard): http://127.0.0.1:8787/webhooks/v2 (no publicV2Url: the deployment must reach this address)');
    expect(result.stdout).toMatch(/webhooks\.signingToken not set: .* skips the signature checks; set it to the channel's oldest valid token/);
    expect(result.stdout).toMatch(/webhook checks: \d+; each waits up to webhooks\.timeoutMs \(10 s\)/);
    expect(result.stdout).toMatch(/\n {4}7 of them wait about webhooks\.retryWithinMs \(65 s\) each, for a retry or to see that none comes;\n {4}with 6 checks running at a time, they add about 2 × 65 s to the run\./);
    expectNoToken(result.stdout, result.stderr);
  }, 60_000);

  it("says what fixtures.otherMerchant would save when only the other merchant's token is given, and counts the moved checks once it is", async () => {
    const base = {
      baseUrl: server.url,
      environment: 'staging',
      allowWrites: true,
      tokens: { primary: { env: 'MFC_DOCTOR_PRIMARY' }, otherMerchant: { env: 'MFC_DOCTOR_OTHER_MERCHANT' } },
      fixtures: { salesChannelId: 11, warehouseId: 3, sku: { id: 501, sku_code: 'TSHIRT-WHITE-M' } },
    };
    const without = await runCli(['doctor', '--profile', writeProfile(base, 'doctor-one-merchant.yaml')], { env });
    expect(without.code, without.stderr).toBe(0);
    const hint = /fixtures\.otherMerchant is not set: with it, (\d+) write checks would run as tokens\.otherMerchant, in that merchant's own\n {4}rate-limit windows, and the run would take about ([\d.]+) min instead of ([\d.]+) min; mfc init fills it/.exec(without.stdout);
    expect(hint, without.stdout).not.toBeNull();
    expect(Number(hint![1])).toBeGreaterThan(20);
    expect(Number(hint![2])).toBeLessThan(Number(hint![3]));
    expect(without.stdout).not.toMatch(/write checks run as tokens\.otherMerchant/);

    const fixtures = { ...base.fixtures, otherMerchant: server.profile.fixtures.otherMerchant };
    const spread = await runCli(['doctor', '--profile', writeProfile({ ...base, fixtures }, 'doctor-two-merchants.yaml')], { env });
    expect(spread.code, spread.stderr).toBe(0);
    expect(spread.stdout).toContain(`${hint![1]} write checks run as tokens.otherMerchant (fixtures.otherMerchant), within that merchant's rate limit`);
    expect(spread.stdout).toMatch(/v2 otherMerchant +\d+ requests/);
    expect(spread.stdout).not.toContain('fixtures.otherMerchant is not set');
    expectNoToken(without.stdout, spread.stdout);
  }, 60_000);

  it('exits 1 with one STOP line when the primary token is refused, every check would skip, and the last line says what next', async () => {
    const result = await runCli(['doctor', '--profile', profilePath], { env: { ...env, MFC_DOCTOR_PRIMARY: 'mfc-doctor-wrong-7a1c' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout.match(/STOP:/g)).toHaveLength(1);
    expect(result.stdout).toMatch(/\n {2}STOP: tokens\.primary is not accepted by the target on v1; no check would run\. .*: GET \/merchant_api\/v1\/orders\?limit=1 answered 401: a missing or unknown token \(§5\)\n/);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('next: fix what STOP names above, then run mfc doctor again');
    expect(result.stdout).toMatch(/GET \/merchant_api\/v1\/orders\?limit=1 \(tokens\.primary\): 401 · X-Rate-Limit-Used/);
    expect(result.stdout).toMatch(/checks: (\d+) selected · 0 would run/);
    expect(result.stdout + result.stderr).not.toContain('mfc-doctor-wrong-7a1c');
  }, 60_000);

  it.each([
    ['an invalid profile', () => writeProfile({ baseUrl: 'http://127.0.0.1:1', environment: 'local', tokens: { primary: 'x' }, fixtures: {} }), /missing required key "fixtures.salesChannelId"/],
    ['an unknown key', () => writeProfile({ baseUrl: 'http://127.0.0.1:1', environment: 'local', tokens: { primary: 'x' }, fixtures: { salesChannelId: 1 }, extra: 1 }), /unknown key "extra"/],
    ['an unreadable profile', () => '/nonexistent/doctor.yaml', /cannot read profile/],
  ])('exits 2 on %s', async (_name, path, want) => {
    const result = await runCli(['doctor', '--profile', path()], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(want);
    expect(result.stderr).not.toContain('    at ');
  }, 60_000);

  it('exits 2 on a wrong invocation', async () => {
    const result = await runCli(['doctor', '--profile', profilePath, '--api', 'v3'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--api expects v1, v2 or all/);
  });
});
