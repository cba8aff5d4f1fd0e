// The profile's connection block (issue 31): what the schema refuses, and the files and secrets it
// reads before any request, each problem naming its key.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectionSecrets } from '../../packages/api/src/client/index.js';
import { connectionCurlOptions } from '../../packages/cli/src/http/index.js';
import { loadProfile, ProfileError, profileFromValue } from '../../packages/cli/src/profile/index.js';
import { hasOpenssl, makeCertificates, type CompanyCertificates } from '../support/company-network.js';
import { tempDir, writeProfile } from '../support/profile.js';

const base = { baseUrl: 'https://gateway.example.test/stage-api', environment: 'staging', tokens: { primary: 'tok-conn-1' }, fixtures: { salesChannelId: 11 } };

function problem(connection: unknown, env: NodeJS.ProcessEnv = {}): string {
  try {
    profileFromValue({ ...base, connection }, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return (error as Error).message;
  }
  throw new Error('expected a ProfileError');
}

describe('the connection block', () => {
  const refused: Array<[string, { given: unknown; want: RegExp }]> = [
    ['an unknown key', { given: { proxies: 'http://p:3128' }, want: /unknown key "connection.proxies"/ }],
    ['a proxy that is not a URL', { given: { proxy: 'proxy.corp:3128' }, want: /"connection.proxy" must be an http:\/\/ or https:\/\/ URL, none, or \{url, username, password\}/ }],
    ['a password written into the proxy URL', { given: { proxy: 'http://jo:s3cret@proxy.corp:3128' }, want: /"connection.proxy" holds a password: write \{url, username, password: \{env: VARIABLE\}\} so the file holds no secret/ }],
    ['an Authorization header', { given: { headers: { Authorization: 'Bearer x' } }, want: /"connection.headers.Authorization": Authorization carries the token \(tokens.primary\) and cannot be set as a connection header/ }],
    ['a header the HTTP layer writes', { given: { headers: { 'Content-Length': '3' } }, want: /"connection.headers.Content-Length": Content-Length is written by the HTTP layer/ }],
    ['a header name with a space', { given: { headers: { 'X Key': 'v' } }, want: /"connection.headers" holds a name that is not a header name/ }],
    ['a header value on two lines', { given: { headers: { 'X-Key': 'a\r\nX-Injected: b' } }, want: /"connection.headers.X-Key" must be a header value on one line or \{"env": "VARIABLE"\}/ }],
    ['a tiny answer bound', { given: { maxAnswerBytes: 10 }, want: /"connection.maxAnswerBytes" must be >= 1024/ }],
    ['a client certificate without its key', { given: { clientCertificate: { cert: 'c.pem' } }, want: /missing required key "connection.clientCertificate.key"/ }],
    ['a header read from a variable that is not set', { given: { headers: { 'X-Key': { env: 'MFC_CONN_UNSET' } } }, want: /"connection.headers.X-Key" reads the environment variable MFC_CONN_UNSET, which is not set/ }],
    ['a certificate authority file that is not there', { given: { ca: 'no-such-ca.pem' }, want: /"connection.ca" names \/\S+\/no-such-ca\.pem, which cannot be read \(no such file\)/ }],
  ];
  it.each(refused)('refuses %s, naming the key', (_name, { given, want }) => {
    expect(problem(given)).toMatch(want);
  });

  it('takes a proxy URL, none, or one with its password read from the environment; the password is a secret', () => {
    expect(profileFromValue({ ...base, connection: { proxy: 'none' } }, {}).connection?.options).toEqual({ proxy: 'none' });
    const profile = profileFromValue({ ...base, connection: { proxy: { url: 'http://proxy.corp:3128', username: 'jo', password: { env: 'MFC_CONN_PROXY' } }, headers: { 'X-Api-Key': { env: 'MFC_CONN_KEY' }, 'X-Stage': 'blue' }, maxAnswerBytes: 2048 } }, { MFC_CONN_PROXY: 'p@ss:w/rd', MFC_CONN_KEY: 'key-7f3a' });
    expect(profile.connection?.options).toEqual({
      proxy: 'http://jo:p%40ss%3Aw%2Frd@proxy.corp:3128/',
      headers: { 'X-Api-Key': { secret: 'key-7f3a', replayAs: '$MFC_CONN_KEY' }, 'X-Stage': 'blue' },
      maxAnswerBytes: 2048,
    });
    expect(connectionSecrets(profile.connection?.options, {})).toEqual(['key-7f3a', 'p@ss:w/rd']);
    expect(connectionCurlOptions(profile.connection?.settings)).toBe(`--proxy 'http://proxy.corp:3128' --proxy-user "jo:$MFC_CONN_PROXY"`);
  });

  it("takes the environment's proxy password for a secret when the profile names no proxy", () => {
    expect(connectionSecrets(undefined, { HTTPS_PROXY: 'http://jo:env-secret-91@proxy.corp:3128', http_proxy: 'http://proxy.corp:3128' })).toEqual(['env-secret-91']);
    expect(connectionSecrets({ proxy: 'none' }, { HTTPS_PROXY: 'http://jo:env-secret-91@proxy.corp:3128' })).toEqual([]);
  });
});

describe.skipIf(!hasOpenssl())('the connection block\'s files (skipped without the openssl command, which makes the certificates)', () => {
  let certificates: CompanyCertificates;
  beforeAll(() => {
    certificates = makeCertificates();
  });

  it('reads files relative to the profile\'s folder and checks the key opens with its passphrase and is the certificate\'s', () => {
    const folder = tempDir('mfc-conn-');
    for (const name of ['ca.pem', 'client.pem', 'client.key']) copyFileSync(join(certificates.folder, name), join(folder, name));
    const path = join(folder, 'profile.json');
    const connection = { ca: 'ca.pem', clientCertificate: { cert: 'client.pem', key: 'client.key', passphrase: { env: 'MFC_CONN_PASS' } } };
    writeFileSync(path, JSON.stringify({ ...base, connection }));
    const profile = loadProfile(path, { MFC_CONN_PASS: certificates.clientKeyPassphrase });
    expect(profile.connection?.settings.ca).toBe(join(folder, 'ca.pem'));
    expect(profile.connection?.options.ca).toContain('-----BEGIN CERTIFICATE-----');
    expect(profile.connection?.options.clientCertificate?.passphrase).toBe(certificates.clientKeyPassphrase);
    expect(connectionCurlOptions(profile.connection?.settings)).toBe(`--cacert '${join(folder, 'ca.pem')}' --cert '${join(folder, 'client.pem')}' --key '${join(folder, 'client.key')}' --pass "$MFC_CONN_PASS"`);

    const at = (given: unknown, env: NodeJS.ProcessEnv) => {
      const file = writeProfile({ ...base, connection: given });
      try {
        loadProfile(file, env);
      } catch (error) {
        return (error as Error).message;
      }
      return 'loaded';
    };
    const client = (key: string, passphrase?: string) => ({ clientCertificate: { cert: certificates.clientCert, key, ...(passphrase === undefined ? {} : { passphrase }) } });
    expect(at(client(certificates.clientKey), {})).toMatch(/"connection.clientCertificate.key" names \S+client\.key, which cannot be used: the key is encrypted: give its passphrase in connection.clientCertificate.passphrase/);
    expect(at(client(certificates.clientKey, 'wrong-passphrase'), {})).toMatch(/"connection.clientCertificate.key" names \S+client\.key, which cannot be used: connection.clientCertificate.passphrase does not decrypt it/);
    expect(at(client(certificates.strangerKey), {})).toMatch(/"connection.clientCertificate.key" names \S+stranger\.key, which is not the key of the certificate \S+client\.pem/);
    expect(at({ ca: certificates.clientKey }, {})).toMatch(/"connection.ca" names \S+client\.key, which holds no PEM certificate/);
    expect(at(client(certificates.clientKey, 'wrong-passphrase'), {})).not.toContain('wrong-passphrase');
  });
});
