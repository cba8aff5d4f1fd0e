// mfc proxy forwards through the profile's `connection` settings: the reference server behind a TLS
// gateway (its own certificate authority, a client certificate, a key header, a path prefix, answers
// compressed) reachable only through a CONNECT proxy that asks for credentials. The test integration
// is clean through it, the gateway serves exactly the application's requests, and no secret of the
// connection or the application reaches a report or the HAR in any encoding.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { profileFromValue } from '../../packages/cli/src/profile/index.js';
import { sessionExitCode, startProxy } from '../../packages/cli/src/proxy/index.js';
import { GATEWAY_HOST, GATEWAY_PREFIX, hasOpenssl, makeCertificates, startCompanyNetwork, type CompanyCertificates } from '../support/company-network.js';
import { harProblems } from './har-schema.js';
import { runIntegration } from './integration.js';

const GATEWAY_KEY = 'gw-key-proxy-6b1f0e93c4';
const PROXY_PASSWORD = 'proxy-pass-proxy-2a7c5d';

describe.skipIf(!hasOpenssl())('mfc proxy through a company proxy and gateway (skipped without the openssl command, which makes the certificates)', () => {
  let server: RunningServer;
  let certificates: CompanyCertificates;
  let network: Awaited<ReturnType<typeof startCompanyNetwork>>;
  let dir: string;
  beforeAll(async () => {
    certificates = makeCertificates();
    server = await startServer({ host: '127.0.0.1', port: 0, rateLimit: 10_000 });
    network = await startCompanyNetwork(certificates, server.url, GATEWAY_KEY, { rules: { credentials: { username: 'jo', password: PROXY_PASSWORD } } });
    dir = await mkdtemp(join(tmpdir(), 'mfc-proxy-connection-'));
  }, 30_000);
  afterAll(async () => {
    await network?.close();
    await server?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('forwards only the application\'s requests through the connection, judges them clean, and keeps every secret out of its files', async () => {
    const env = { PX_PRIMARY: server.profile.tokens.primary, PX_GATEWAY_KEY: GATEWAY_KEY, PX_PASSPHRASE: certificates.clientKeyPassphrase, PX_PROXY_PASSWORD: PROXY_PASSWORD };
    const profile = profileFromValue({
      baseUrl: `https://${GATEWAY_HOST}${GATEWAY_PREFIX}`, environment: 'local', tokens: { primary: { env: 'PX_PRIMARY' } }, fixtures: server.profile.fixtures,
      connection: {
        proxy: { url: network.proxy.url, username: 'jo', password: { env: 'PX_PROXY_PASSWORD' } },
        ca: certificates.ca,
        clientCertificate: { cert: certificates.clientCert, key: certificates.clientKey, passphrase: { env: 'PX_PASSPHRASE' } },
        headers: { 'X-Gateway-Key': { env: 'PX_GATEWAY_KEY' } },
      },
    }, env);
    const reportDir = join(dir, 'reports');
    const lines: string[] = [];
    const before = network.gateway.requests.length;
    const proxy = await startProxy({ profile, reportDir, print: (line) => lines.push(line), version: 'test' });
    await runIntegration({ baseUrl: proxy.url, token: server.profile.tokens.primary, salesChannelId: server.profile.fixtures.salesChannelId, skuId: server.profile.fixtures.sku!.id, prefix: 'connection' });
    const outcome = await proxy.stop('test over');

    expect(outcome.broken).toEqual({ integration: [], deployment: [] });
    expect(sessionExitCode(outcome)).toBe(0);
    // One request at the gateway for each of the application's, each through the company proxy, under the prefix.
    const served = network.gateway.requests.slice(before);
    expect(served.length).toBe(outcome.exchanges);
    expect(served.every((request) => request.throughProxy && request.url.startsWith(`${GATEWAY_PREFIX}/merchant_api/`))).toBe(true);
    expect([...network.gateway.encodings.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);

    const har = JSON.parse(await readFile(join(reportDir, 'exchanges.har'), 'utf8')) as { log: { entries: unknown[] } };
    expect(harProblems(har)).toBe('');
    expect(har.log.entries.length).toBe(outcome.exchanges);
    const secrets = [server.profile.tokens.primary, GATEWAY_KEY, PROXY_PASSWORD, certificates.clientKeyPassphrase];
    const texts = [lines.join('\n'), ...await Promise.all((await readdir(reportDir)).map((file) => readFile(join(reportDir, file), 'utf8')))];
    for (const [index, secret] of secrets.entries()) {
      for (const form of [secret, Buffer.from(secret).toString('base64'), encodeURIComponent(secret)]) {
        expect(texts.some((text) => text.includes(form)), `secret ${index} written`).toBe(false);
      }
    }
  });
});
