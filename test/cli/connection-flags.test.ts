// The connection flags of `mfc init` and `mfc doctor` (issue 31): what they write, what they refuse
// (never quoting what may be a secret), and how doctor lays them over a profile's own settings.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../packages/cli/src/cli/command.js';
import { connectionFromFlags, withConnectionFlags, type ConnectionFlagValues } from '../../packages/cli/src/cli/connection-flags.js';
import { ProfileError, profileFromValue } from '../../packages/cli/src/profile/index.js';

const env = { GW_KEY: 'gw-flag-key-44b1', PROXY_PASS: 'proxy-flag-pass-9c', PASSPHRASE: 'key-passphrase-0d5e' };

describe('the connection flags', () => {
  it('give the connection block as a profile writes it: secrets as {env: VAR}, files as given', () => {
    expect(connectionFromFlags({
      proxy: 'http://jo@proxy.corp:3128', 'proxy-password-env': 'PROXY_PASS', ca: 'ca.pem', 'client-cert': 'c.pem', 'client-key': 'c.key',
      'client-key-passphrase-env': 'PASSPHRASE', header: ['X-Stage: blue'], 'header-env': ['X-Api-Key=GW_KEY'],
    }, env)).toEqual({
      proxy: { url: 'http://proxy.corp:3128/', username: 'jo', password: { env: 'PROXY_PASS' } },
      ca: 'ca.pem',
      clientCertificate: { cert: 'c.pem', key: 'c.key', passphrase: { env: 'PASSPHRASE' } },
      headers: { 'X-Stage': 'blue', 'X-Api-Key': { env: 'GW_KEY' } },
    });
    expect(connectionFromFlags({ proxy: 'none' }, env)).toEqual({ proxy: 'none' });
    expect(connectionFromFlags({}, env)).toBeUndefined();
  });

  const refused: Array<[string, ConnectionFlagValues, RegExp]> = [
    ['a password in the proxy URL', { proxy: 'http://jo:proxy-flag-pass-9c@proxy.corp:3128' }, /--proxy holds a password: leave it out of the URL and give the variable holding it with --proxy-password-env VAR/],
    ['a proxy that is not a URL', { proxy: 'proxy.corp:3128' }, /--proxy expects an http:\/\/ or https:\/\/ URL, or none/],
    ['a proxy password without a user name', { proxy: 'http://proxy.corp:3128', 'proxy-password-env': 'PROXY_PASS' }, /--proxy-password-env needs the user name in --proxy/],
    ['a certificate without its key', { 'client-cert': 'c.pem' }, /--client-cert and --client-key go together/],
    ['a passphrase without a key', { 'client-key-passphrase-env': 'PASSPHRASE' }, /--client-key-passphrase-env needs --client-cert and --client-key/],
    ['an Authorization header', { header: ['Authorization: Bearer x'] }, /--header: Authorization carries the token/],
    ['a header without a colon', { header: ['X-Api-Key gw'] }, /--header expects "Name: value"/],
    ['a header variable that is not set', { 'header-env': ['X-Api-Key=GW_UNSET'] }, /--header-env: GW_UNSET is not set in this environment/],
    ['a secret given where a variable name goes', { 'header-env': ['X-Api-Key=gw-flag-key-44b1'] }, /--header-env expects the NAME of an environment variable/],
  ];
  it.each(refused)('refuse %s as a usage error that quotes no secret', (_name, values, want) => {
    let error: unknown;
    try {
      connectionFromFlags(values, env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(want);
    for (const secret of Object.values(env)) expect((error as Error).message).not.toContain(secret);
  });

  it("go over a profile's own settings for doctor: each flag replaces its key, headers are added, a bad file is blamed on its flag", () => {
    const profile = profileFromValue({
      baseUrl: 'https://gw.example.test/api', environment: 'staging', tokens: { primary: 'tok-f' }, fixtures: { salesChannelId: 1 },
      connection: { proxy: 'http://old.proxy:3128', headers: { 'X-Stage': 'blue' }, maxAnswerBytes: 4096 },
    }, env);
    const changed = withConnectionFlags(profile, { proxy: 'none', headers: { 'X-Api-Key': { env: 'GW_KEY' } } }, env);
    expect(changed.connection?.options).toEqual({ proxy: 'none', headers: { 'X-Stage': 'blue', 'X-Api-Key': { secret: env.GW_KEY, replayAs: '$GW_KEY' } }, maxAnswerBytes: 4096 });
    expect(withConnectionFlags(profile, undefined, env)).toBe(profile);
    expect(() => withConnectionFlags(profile, { ca: 'no-such-ca.pem' }, env)).toThrow(ProfileError);
    expect(() => withConnectionFlags(profile, { ca: 'no-such-ca.pem' }, env)).toThrow(/^--ca names \S+no-such-ca\.pem, which cannot be read \(no such file\)/);
  });
});
