// The issue 31 proof, end to end through the CLI: the reference server behind a TLS gateway with its
// own certificate authority, a client certificate, a required header and a path prefix, reachable
// only through a CONNECT proxy under a host name only the proxy resolves. `mfc init` with the
// connection flags writes a profile, `mfc doctor` passes, a full `mfc run` passes with the verdicts of
// a direct run and every request through the proxy, `mfc cleanup` goes through it too, a replay line
// replays, and no secret appears in any output, report or profile.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/cli/server/index.js';
import type { RunReport } from '../../packages/cli/src/reports/index.js';
import { startDeliveringServer } from '../support/delivering-server.js';
import { GATEWAY_HEADER, GATEWAY_HOST, GATEWAY_PREFIX, hasOpenssl, makeCertificates, startCompanyNetwork, type CompanyCertificates } from '../support/company-network.js';
import { tempDir } from '../support/profile.js';
import { runCli, type CliResult } from '../support/run-cli.js';

const GATEWAY_KEY = 'gw-key-e2e-71c4a09b5f3d';
const SEED = '31';
// No proxy from the machine's environment: the profile's connection.proxy is the only way in.
const noEnvironmentProxy = { HTTPS_PROXY: '', https_proxy: '', HTTP_PROXY: '', http_proxy: '', NO_PROXY: '', no_proxy: '' };

/** The checks of a report by id and how they ended. */
function verdicts(report: RunReport | undefined): Record<string, string> {
  return Object.fromEntries((report?.checks ?? []).map((check) => [check.id, check.status]));
}

/** Every file a report directory holds, as text. */
function reportTexts(dir: string): string[] {
  return readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
}

describe.skipIf(!hasOpenssl())('a deployment behind a company proxy and gateway, through the CLI (skipped without the openssl command, which makes the certificates)', () => {
  let certificates: CompanyCertificates;
  let behind: RunningServer;
  let direct: RunningServer;
  let network: Awaited<ReturnType<typeof startCompanyNetwork>>;
  let folder: string;
  let env: Record<string, string>;
  let secrets: string[];
  const outputs: CliResult[] = [];
  beforeAll(async () => {
    certificates = makeCertificates();
    [behind, direct] = await Promise.all([startDeliveringServer(), startDeliveringServer()]);
    network = await startCompanyNetwork(certificates, behind.url, GATEWAY_KEY);
    folder = tempDir('mfc-gateway-run-');
    const { tokens } = behind.profile;
    env = {
      ...noEnvironmentProxy,
      GW_PRIMARY: tokens.primary,
      GW_OTHER_CHANNEL: tokens.sameMerchantOtherChannel!,
      GW_OTHER_MERCHANT: tokens.otherMerchant!,
      GW_EXPIRED: tokens.expired!,
      GW_INACTIVE: tokens.inactiveChannel!,
      GW_SIGNING: behind.profile.webhooks!.signingToken!,
      GW_KEY: GATEWAY_KEY,
      GW_PASSPHRASE: certificates.clientKeyPassphrase,
    };
    secrets = [...Object.values(tokens), behind.profile.webhooks!.signingToken!, GATEWAY_KEY, certificates.clientKeyPassphrase];
  }, 30_000);
  afterAll(async () => {
    await network?.close();
    await Promise.all([behind?.close(), direct?.close()]);
  });

  const cli = async (args: string[], reportDir?: string): Promise<CliResult> => {
    const result = await runCli(args, { env, timeoutMs: 300_000, ...(reportDir === undefined ? {} : { reportDir }) });
    outputs.push(result);
    return result;
  };

  /** The profile init wrote with what init cannot discover added (webhooks, features, the batch SKU): a full run's profile. */
  function fullProfile(written: Record<string, unknown>, server: RunningServer, change: Record<string, unknown>): string {
    const { webhooks, features, fixtures } = server.profile;
    const profile = {
      ...written,
      fixtures: { ...(written.fixtures as object), batchSku: fixtures.batchSku, otherMerchant: fixtures.otherMerchant },
      features,
      rateLimit: { ...(written.rateLimit as object), provoke: false },
      webhooks: { ...webhooks, signingToken: { env: 'GW_SIGNING' } },
      ...change,
    };
    const path = join(folder, `${server.port}.json`);
    writeFileSync(path, JSON.stringify(profile, null, 2));
    return path;
  }

  it('init, doctor, a full run with the verdicts of a direct run, cleanup: every request through the proxy, no secret anywhere', async () => {
    const profilePath = join(folder, 'gateway.yaml');
    const init = await cli([
      'init', '--base-url', `https://${GATEWAY_HOST}${GATEWAY_PREFIX}`, '--environment', 'local', '--allow-writes', '--out', profilePath,
      '--token-env', 'GW_PRIMARY', '--same-merchant-other-channel-token-env', 'GW_OTHER_CHANNEL', '--other-merchant-token-env', 'GW_OTHER_MERCHANT',
      '--expired-token-env', 'GW_EXPIRED', '--inactive-channel-token-env', 'GW_INACTIVE',
      '--proxy', network.proxy.url, '--ca', certificates.ca, '--client-cert', certificates.clientCert, '--client-key', certificates.clientKey,
      '--client-key-passphrase-env', 'GW_PASSPHRASE', '--header-env', `X-Gateway-Key=GW_KEY`,
    ]);
    expect(init.code, init.stderr).toBe(0);
    const yaml = readFileSync(profilePath, 'utf8');
    expect(yaml).toContain(`  proxy: "${network.proxy.url}"`);
    expect(yaml).toContain(`  clientCertificate: {cert: ${JSON.stringify(certificates.clientCert)}, key: ${JSON.stringify(certificates.clientKey)}, passphrase: {env: GW_PASSPHRASE}}`);
    expect(yaml).toContain('    "X-Gateway-Key": {env: GW_KEY}');
    const written = parseYaml(yaml) as Record<string, unknown>;
    expect(written.fixtures).toMatchObject({ salesChannelId: behind.profile.fixtures.salesChannelId });

    const doctor = await cli(['doctor', '--profile', profilePath]);
    expect(doctor.code, doctor.stderr).toBe(0);
    expect(doctor.stdout).toMatch(/connection: through the proxy http:\/\/127\.0\.0\.1:\d+ \(connection\.proxy; NO_PROXY honoured\) · trusting \S+ca\.pem besides Node's certificate authorities · client certificate \S+client\.pem · headers X-Gateway-Key \(from \$GW_KEY\) · answers up to 32 MiB/);
    expect(doctor.stdout).toContain('tokens.primary works on v1 and v2');

    const gatewayProfile = fullProfile(written, behind, {});
    const directProfile = fullProfile(written, direct, { baseUrl: direct.url, connection: undefined });
    const gatewayReports = join(folder, 'gateway-reports');
    const directReports = join(folder, 'direct-reports');
    const servedBefore = network.gateway.requests.length;
    const [throughGateway, directly] = await Promise.all([
      // One generated case per operation: what is proven here is the way there, not the inputs.
      cli(['run', '--profile', gatewayProfile, '--seed', SEED, '--cases', '1', '--report-dir', gatewayReports], gatewayReports),
      cli(['run', '--profile', directProfile, '--seed', SEED, '--cases', '1', '--report-dir', directReports], directReports),
    ]);
    const servedInRun = network.gateway.requests.slice(servedBefore);
    const failed = (result: CliResult) => result.report?.checks.filter((check) => check.status === 'failed').map((check) => `${check.id}: ${check.message.slice(0, 400)}`);
    expect(failed(throughGateway), throughGateway.stderr.slice(-3000)).toEqual([]);
    expect(throughGateway.code, throughGateway.stderr).toBe(0);
    expect(directly.code, directly.stderr).toBe(0);
    expect(verdicts(throughGateway.report)).toEqual(verdicts(directly.report));
    // Every request of the run (the preflight's, the checks', the cleanups') reached the gateway through the proxy, under its prefix.
    const runRequests = (throughGateway.report?.run?.windows ?? []).reduce((sum, window) => sum + window.requests, 0);
    expect(servedInRun.length, 'requests the gateway served during the run, against the run\'s own count').toBe(runRequests);
    expect(servedInRun.filter((request) => !request.throughProxy || !request.url.startsWith(`${GATEWAY_PREFIX}/merchant_api/`))).toEqual([]);
    expect([...network.gateway.encodings.keys()].sort()).toEqual(['br', 'deflate', 'gzip']);

    const cleanupBefore = network.gateway.requests.length;
    const cleanup = await cli(['cleanup', '--profile', gatewayProfile, '--report', join(gatewayReports, 'report.json')]);
    expect(cleanup.code, cleanup.stdout + cleanup.stderr).toBe(0);
    const servedInCleanup = network.gateway.requests.slice(cleanupBefore);
    expect(servedInCleanup.length).toBeGreaterThan(2);
    expect(servedInCleanup.every((request) => request.throughProxy)).toBe(true);

    for (const text of [yaml, readFileSync(gatewayProfile, 'utf8'), ...outputs.flatMap((output) => [output.stdout, output.stderr]), ...reportTexts(gatewayReports)]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  }, 420_000);

  it('replays a failed exchange with its curl line: through the proxy, trusting the CA, with the client certificate and the header by its variable', async () => {
    const profilePath = join(folder, 'no-such-check.json');
    writeFileSync(profilePath, JSON.stringify({
      baseUrl: `https://${GATEWAY_HOST}${GATEWAY_PREFIX}`, environment: 'local', tokens: { primary: { env: 'GW_PRIMARY' } }, fixtures: { salesChannelId: 11 },
      connection: { proxy: network.proxy.url, ca: certificates.ca, clientCertificate: { cert: certificates.clientCert, key: certificates.clientKey, passphrase: { env: 'GW_PASSPHRASE' } }, headers: { [GATEWAY_HEADER]: { env: 'GW_KEY' } } },
    }));
    // The token is refused by the service itself (behind the gateway): the one failure carries the exchange and its replay line.
    const reports = join(folder, 'refused-reports');
    const run = await runCli(['run', '--profile', profilePath, '--report-dir', reports, '--api', 'v1'], { env: { ...env, GW_PRIMARY: 'tok-not-known-2b8e' }, reportDir: reports });
    expect(run.code).toBe(1);
    const message = run.report?.checks.find((check) => check.id === 'run.inputs.tokens.primary')?.message ?? '';
    const curl = /Reproduce with:\n {2}(curl .*)/.exec(message)?.[1];
    expect(curl).toContain(`--proxy '${network.proxy.url}' --cacert '${certificates.ca}' --cert '${certificates.clientCert}' --key '${certificates.clientKey}' --pass "$GW_PASSPHRASE"`);
    expect(curl).toContain(`'https://${GATEWAY_HOST}${GATEWAY_PREFIX}/merchant_api/v1/orders?limit=1'`);
    expect(curl).toContain(`-H "${GATEWAY_HEADER}: $GW_KEY"`);
    // Asynchronously: the proxy and the gateway answer from this process.
    const replayed = await promisify(execFile)('sh', ['-c', `${curl!} -s -m 20 -o /dev/null -w '%{http_code}'`], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(replayed.stdout).toBe('200');
  }, 60_000);

  it('honours HTTPS_PROXY and NO_PROXY as curl does, and says a proxy may be needed when none is set (mfc doctor, exit 1, one line)', async () => {
    const profilePath = join(folder, 'environment-proxy.json');
    writeFileSync(profilePath, JSON.stringify({
      baseUrl: `https://${GATEWAY_HOST}${GATEWAY_PREFIX}`, environment: 'local', tokens: { primary: { env: 'GW_PRIMARY' } }, fixtures: { salesChannelId: 11 },
      connection: { ca: certificates.ca, clientCertificate: { cert: certificates.clientCert, key: certificates.clientKey, passphrase: { env: 'GW_PASSPHRASE' } }, headers: { [GATEWAY_HEADER]: { env: 'GW_KEY' } } },
    }));
    const doctor = (proxies: Record<string, string>, ...flags: string[]) => runCli(['doctor', '--profile', profilePath, '--api', 'v1', ...flags], { env: { ...env, ...proxies } });
    const [viaEnvironment, lowerCase, exempted, none, turnedOff, schemeless, broken] = await Promise.all([
      doctor({ HTTPS_PROXY: network.proxy.url }),
      doctor({ https_proxy: network.proxy.url, HTTPS_PROXY: 'http://127.0.0.1:9' }),
      doctor({ HTTPS_PROXY: network.proxy.url, NO_PROXY: `localhost,.mfc.test` }),
      doctor({}),
      doctor({ HTTPS_PROXY: network.proxy.url }, '--proxy', 'none'),
      doctor({ HTTPS_PROXY: network.proxy.url.replace('http://', '') }),
      doctor({ HTTPS_PROXY: 'http://jo:proxy-secret-3e@[not-a-host' }),
    ]);
    // A proxy variable without a scheme is an http proxy, as curl reads it; one that is no URL is a wrong setting, never quoted.
    expect(schemeless.code, schemeless.stderr).toBe(0);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toBe('mfc doctor: HTTPS_PROXY is not a proxy URL (expected http://host:port)\n');
    expect(viaEnvironment.code, viaEnvironment.stderr).toBe(0);
    expect(viaEnvironment.stdout).toMatch(/connection: through the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTPS_PROXY; NO_PROXY honoured\)/);
    expect(lowerCase.code, lowerCase.stderr).toBe(0);
    expect(lowerCase.stdout).toContain('(https_proxy; NO_PROXY honoured)');
    expect(exempted.code).toBe(1);
    // The obstacle is the report's one STOP line (stdout), naming what to set.
    expect(exempted.stdout).toMatch(/^ {2}STOP: .*host gateway\.mfc\.test not found, looked up without the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTPS_PROXY\): does NO_PROXY name it\?$/m);
    for (const result of [none, turnedOff]) {
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^ {2}STOP: The target does not answer an authenticated read with JSON; no check would run: host gateway\.mfc\.test not found; no proxy is set: a deployment reached through a company proxy needs HTTPS_PROXY or connection\.proxy \(mfc doctor --proxy URL\)$/m);
      expect(result.stdout.match(/STOP:/g)).toHaveLength(1);
      expect(result.stdout).toContain('connection: direct (');
    }
    expect(turnedOff.stdout).toContain('connection: direct (connection.proxy: none)');
  }, 60_000);
});

