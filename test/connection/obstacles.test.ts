// Each way a company network stops a client gets its own doctor message naming the setting that
// fixes it (issue 31): the preflight of `mfc doctor` and `mfc run` through a loopback proxy and gateway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { profileFromValue } from '../../packages/cli/src/profile/index.js';
import { diagnose } from '../../packages/cli/src/setup/index.js';
import { freePort } from '../../packages/cli/src/net/free-port.js';
import {
  GATEWAY_HEADER, GATEWAY_HOST, GATEWAY_PREFIX, hasOpenssl, makeCertificates, OTHER_HOST, startCompanyNetwork, type CompanyCertificates,
} from '../support/company-network.js';

const GATEWAY_KEY = 'gw-key-5d02f7c1a9e84b36';
const PROXY_PASSWORD = 'proxy-pass-8e41b0c7d2';
const env = { OB_PRIMARY: '', OB_GATEWAY_KEY: GATEWAY_KEY, OB_PASSPHRASE: '', OB_PROXY_PASSWORD: PROXY_PASSWORD };

type Network = Awaited<ReturnType<typeof startCompanyNetwork>>;

describe.skipIf(!hasOpenssl())('mfc doctor names each obstacle of a company network (skipped without the openssl command, which makes the certificates)', () => {
  let server: RunningServer;
  let certificates: CompanyCertificates;
  let open: Network;
  let alerting: Network;
  let handshaking: Network;
  let authenticating: Network;
  let refusing: Network;
  beforeAll(async () => {
    certificates = makeCertificates();
    server = await startServer({ host: '127.0.0.1', port: 0, rateLimit: 10_000 });
    env.OB_PRIMARY = server.profile.tokens.primary;
    env.OB_PASSPHRASE = certificates.clientKeyPassphrase;
    [open, alerting, handshaking, authenticating, refusing] = await Promise.all([
      startCompanyNetwork(certificates, server.url, GATEWAY_KEY),
      startCompanyNetwork(certificates, server.url, GATEWAY_KEY, { refusal: 'alert' }),
      startCompanyNetwork(certificates, server.url, GATEWAY_KEY, { refusal: 'handshake' }),
      startCompanyNetwork(certificates, server.url, GATEWAY_KEY, { rules: { credentials: { username: 'jo', password: PROXY_PASSWORD } } }),
      startCompanyNetwork(certificates, server.url, GATEWAY_KEY, { rules: { refuse: [GATEWAY_HOST] } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([open, alerting, handshaking, authenticating, refusing].map((network) => network?.close()));
    await server?.close();
  });

  /** A profile that reaches the API through `network`, with `change` applied to its connection block. */
  function profileThrough(network: Network, change: (connection: Record<string, unknown>) => Record<string, unknown> = (same) => same, baseUrl = `https://${GATEWAY_HOST}${GATEWAY_PREFIX}`) {
    const connection = change({
      proxy: network.proxy.url,
      ca: certificates.ca,
      clientCertificate: { cert: certificates.clientCert, key: certificates.clientKey, passphrase: { env: 'OB_PASSPHRASE' } },
      headers: { 'X-Gateway-Key': { env: 'OB_GATEWAY_KEY' } },
    });
    return profileFromValue({ baseUrl, environment: 'local', tokens: { primary: { env: 'OB_PRIMARY' } }, fixtures: { salesChannelId: 11 }, connection }, env);
  }

  /** What the doctor says stopped it: the preflight's one failure, as the STOP line shows it. */
  async function obstacle(profile: ReturnType<typeof profileThrough>): Promise<string | undefined> {
    const diagnosis = await diagnose(profile, { api: 'all', checks: [], requestTimeoutMs: 5_000 });
    const failure = diagnosis.preflight.failures[0]?.failure;
    return failure === undefined ? undefined : `${failure.title}: ${failure.received}`;
  }

  const without = (key: string) => (connection: Record<string, unknown>) => Object.fromEntries(Object.entries(connection).filter(([name]) => name !== key));

  it('reaches the API when every setting is there, every request through the proxy, answers decoded', async () => {
    const before = open.gateway.requests.length;
    expect(await obstacle(profileThrough(open))).toBeUndefined();
    const served = open.gateway.requests.slice(before);
    expect(served.length).toBeGreaterThanOrEqual(2);
    expect(served.every((request) => request.throughProxy && request.url.startsWith(`${GATEWAY_PREFIX}/merchant_api/`))).toBe(true);
    expect([...open.gateway.encodings.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(2);
  });

  const cases: Array<[string, () => ReturnType<typeof profileThrough>, RegExp]> = [
    ['no certificate authority', () => profileThrough(open, without('ca')), /the TLS certificate of the deployment is not trusted \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\): name the certificate authority that signed it in connection\.ca/],
    ['a certificate that names another host', () => profileThrough(open, undefined, `https://${OTHER_HOST}${GATEWAY_PREFIX}`), /the deployment's TLS certificate names another host \(.*other\.mfc\.test.*\): the base URL must use a host name the certificate holds/],
    ['no client certificate (the gateway answers a 400 page)', () => profileThrough(open, without('clientCertificate')), /answered \(400, text\/html: "400 No required SSL certificate was sent"\): the gateway demands a client certificate; give one in connection\.clientCertificate/],
    ['no client certificate (the gateway closes the TLS connection)', () => profileThrough(alerting, without('clientCertificate')), /connection closed before an answer: a gateway that demands a client certificate closes it so; give one in connection\.clientCertificate/],
    ['no client certificate (the gateway refuses the TLS 1.2 handshake)', () => profileThrough(handshaking, without('clientCertificate')), /the gateway refused the TLS connection with an alert \(ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE\): it demands a client certificate it accepts; give one in connection\.clientCertificate/],
    ['a client certificate of another authority', () => profileThrough(alerting, (connection) => ({ ...connection, clientCertificate: { cert: certificates.strangerCert, key: certificates.strangerKey } })), /connection closed before an answer: a gateway that does not accept the client certificate closes it so; is connection\.clientCertificate one signed by an authority it trusts\?/],
    ['no gateway header', () => profileThrough(open, without('headers')), /an HTML page \(403, text\/html: "403 Forbidden"\), not the API: a gateway header may be needed: connection\.headers/],
    ['a base URL without its path', () => profileThrough(open, undefined, `https://${GATEWAY_HOST}`), /every path answered 404 \(GET \/merchant_api\/v1\/orders\?limit=1, GET \/merchant_api\/v2\/restocking_shipments\?limit=1\): the base URL may lack its path/],
    ['a proxy that wants credentials', () => profileThrough(authenticating), /the proxy http:\/\/127\.0\.0\.1:\d+ \(connection\.proxy\) wants credentials \(407 to the tunnel request\): give them in connection\.proxy as \{url, username, password: \{env: VAR\}\}/],
    ['a proxy that refuses the tunnel', () => profileThrough(refusing), /the proxy http:\/\/127\.0\.0\.1:\d+ \(connection\.proxy\) refused the tunnel to the deployment \(403\); check connection\.proxy/],
    ['a host the proxy cannot reach', () => profileThrough(open, undefined, `https://nowhere.mfc.test${GATEWAY_PREFIX}`), /refused the tunnel to the deployment \(502\): it could not reach the base URL's host/],
  ];
  it.each(cases)('names %s', async (_name, profile, want) => {
    const said = await obstacle(profile());
    expect(said).toMatch(want);
    expect(said).not.toMatch(/\n|\s{2}at /);
    for (const secret of [GATEWAY_KEY, PROXY_PASSWORD, certificates.clientKeyPassphrase, server.profile.tokens.primary]) expect(said).not.toContain(secret);
  });

  it('names a proxy that does not answer, and reaches the API once the proxy has its credentials', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    expect(await obstacle(profileThrough(open, (connection) => ({ ...connection, proxy: closed })))).toMatch(/the proxy http:\/\/127\.0\.0\.1:\d+ \(connection\.proxy\) refused the connection: is it running at that address\? Check connection\.proxy/);
    const withCredentials = profileThrough(authenticating, (connection) => ({ ...connection, proxy: { url: authenticating.proxy.url, username: 'jo', password: { env: 'OB_PROXY_PASSWORD' } } }));
    expect(await obstacle(withCredentials)).toBeUndefined();
  });
});
