import { describe, expect, it } from 'vitest';
import { loadProfile, ProfileError, profileFromFlags, profileFromValue } from '../../packages/cli/src/profile/index.js';
import { writeProfile } from '../support/profile.js';

const valid = {
  baseUrl: 'https://staging.example.test',
  environment: 'staging',
  allowWrites: true,
  tokens: { primary: { env: 'MFC_TEST_PRIMARY' }, expired: 'tok-exp-1' },
  fixtures: { salesChannelId: 11, sku: { id: 501, sku_code: 'TSHIRT-WHITE-M' } },
  rateLimit: { perMinute: 100, provoke: false },
};

function problem(value: unknown, env: NodeJS.ProcessEnv = { MFC_TEST_PRIMARY: 'tok-env-secret' }): string {
  try {
    profileFromValue(value, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return (error as Error).message;
  }
  throw new Error('expected a ProfileError');
}

describe('profile validation', () => {
  const table: Array<[string, { given: unknown; want: RegExp }]> = [
    ['an unknown top-level key', { given: { ...valid, baseURL: 'x' }, want: /unknown key "baseURL"/ }],
    ['a key one letter off', { given: { ...valid, allowWrite: true }, want: /^  unknown key "allowWrite"\. Did you mean "allowWrites"\?$/m }],
    ['a nested key one letter off', { given: { ...valid, fixtures: { ...valid.fixtures, warehouseID: 3 } }, want: /unknown key "fixtures.warehouseID"\. Did you mean "fixtures.warehouseId"\?/ }],
    ['a key far from every known one', { given: { ...valid, colour: 'red' }, want: /^  unknown key "colour"$/m }],
    ['an unknown nested key', { given: { ...valid, fixtures: { ...valid.fixtures, warehouse: 3 } }, want: /unknown key "fixtures.warehouse"/ }],
    ['an unknown token name', { given: { ...valid, tokens: { ...valid.tokens, admin: 'x' } }, want: /unknown key "tokens.admin"/ }],
    ['a missing required key', { given: { ...valid, fixtures: {} }, want: /missing required key "fixtures.salesChannelId"/ }],
    ['a missing primary token', { given: { ...valid, tokens: {} }, want: /missing required key "tokens.primary"/ }],
    ['a wrong environment', { given: { ...valid, environment: 'prod' }, want: /"environment" must be one of "local", "staging", "production"/ }],
    ['a wrong type', { given: { ...valid, fixtures: { salesChannelId: '11' } }, want: /"fixtures.salesChannelId" must be integer/ }],
    ['a token object with another key', { given: { ...valid, tokens: { primary: { variable: 'X' } } }, want: /"tokens.primary" must be a token string or \{"env": "VARIABLE"\}/ }],
    ['a base URL without its scheme', { given: { ...valid, baseUrl: 'staging.example.test' }, want: /^  "baseUrl" "staging.example.test" has no scheme: add the scheme: https:\/\/staging.example.test$/m }],
    ['a loopback base URL without its scheme', { given: { ...valid, baseUrl: '127.0.0.1:8080' }, want: /add the scheme: http:\/\/127.0.0.1:8080$/m }],
    ['a base URL of another scheme', { given: { ...valid, baseUrl: 'ftp://staging.example.test' }, want: /^  "baseUrl" "ftp:\/\/staging.example.test" is not an http:\/\/ or https:\/\/ URL$/m }],
    ['a base URL that already holds the v1 path', {
      given: { ...valid, baseUrl: 'https://staging.example.test/api/merchant_api/v1/' },
      want: /"baseUrl" ends in \/merchant_api\/v1: it is the specification's \{base_url\}, .* Use "https:\/\/staging.example.test\/api"/,
    }],
    ['a public webhook URL that is not http(s)', {
      given: { ...valid, webhooks: { host: '127.0.0.1', port: 8787, v1Path: '/v1', v2Path: '/v2', publicV1Url: 'hooks.example.test/v1' } },
      want: /"webhooks.publicV1Url" must match pattern/,
    }],
    ['an answer limit of zero', {
      given: { ...valid, webhooks: { host: '127.0.0.1', port: 8787, v1Path: '/v1', v2Path: '/v2', answerLimitMs: 0 } },
      want: /"webhooks.answerLimitMs" must be >= 1/,
    }],
    ['a base URL that already holds /merchant_api', {
      given: { ...valid, baseUrl: 'https://staging.example.test/merchant_api' },
      want: /"baseUrl" ends in \/merchant_api: .* Use "https:\/\/staging.example.test"/,
    }],
  ];
  it.each(table)('names the key for %s', (_name, { given, want }) => {
    expect(problem(given)).toMatch(want);
  });

  it('resolves {"env": VAR} tokens from the environment', () => {
    const profile = profileFromValue(valid, { MFC_TEST_PRIMARY: 'tok-env-secret' });
    expect(profile.tokens).toEqual({ primary: 'tok-env-secret', expired: 'tok-exp-1' });
  });

  it('names the missing variable and the key, never a value', () => {
    const message = problem({ ...valid, tokens: { primary: 'tok-literal-secret', otherMerchant: { env: 'MFC_TEST_OTHER' } } }, {});
    expect(message).toMatch(/"tokens.otherMerchant" reads the environment variable MFC_TEST_OTHER, which is not set/);
    expect(message).not.toContain('tok-literal-secret');
  });

  it('resolves the webhook signing token too', () => {
    const profile = profileFromValue(
      { ...valid, webhooks: { host: '127.0.0.1', port: 8787, v1Path: '/v1', v2Path: '/v2', signingToken: { env: 'MFC_TEST_SIGN' } } },
      { MFC_TEST_PRIMARY: 'a', MFC_TEST_SIGN: 'tok-sign' },
    );
    expect(profile.webhooks?.signingToken).toBe('tok-sign');
  });

  it('keeps the public URLs apart from the listen address, and the answer limit', () => {
    const webhooks = {
      host: '127.0.0.1', port: 8787, v1Path: '/webhooks/v1', v2Path: '/webhooks/v2',
      publicV1Url: 'https://hooks.example.test/mfc/v1', publicV2Url: 'https://hooks.example.test/mfc/v2',
      retryWithinMs: 65_000, answerLimitMs: 5_000,
    };
    expect(profileFromValue({ ...valid, webhooks }, { MFC_TEST_PRIMARY: 'a' }).webhooks).toEqual(webhooks);
  });
});

describe('loadProfile', () => {
  it('reads JSON', () => {
    const path = writeProfile({ ...valid, tokens: { primary: 'tok-json' } });
    expect(loadProfile(path).tokens.primary).toBe('tok-json');
  });

  it('reads YAML', () => {
    const path = writeProfile(
      'baseUrl: http://127.0.0.1:1\nenvironment: local\ntokens:\n  primary: tok-yaml\nfixtures:\n  salesChannelId: 11\n',
      'profile.yaml',
    );
    expect(loadProfile(path)).toMatchObject({ environment: 'local', tokens: { primary: 'tok-yaml' } });
  });

  it.each([
    ['YAML', 'baseUrl: http://127.0.0.1:1\nenvironment: local\ntokens:\n  primary: tok-yaml\nfixtures:\n  salesChannelId: 11\n'],
    ['JSON', JSON.stringify({ baseUrl: 'http://127.0.0.1:1', environment: 'local', tokens: { primary: 'tok-yaml' }, fixtures: { salesChannelId: 11 } })],
  ])('reads %s from a file without a .json or .yaml name', (_format, text) => {
    const path = writeProfile(text, 'profile.target');
    expect(loadProfile(path)).toMatchObject({ environment: 'local', tokens: { primary: 'tok-yaml' } });
  });

  it('names both formats when a file without a known extension reads as neither', () => {
    const path = writeProfile('tokens: {primary: "tok-broken-secret"\n  - x', 'profile');
    expect(() => loadProfile(path)).toThrow(/profile .*profile is not valid JSON or YAML/);
    expect(() => loadProfile(path)).not.toThrow(/tok-broken-secret/);
  });

  it('reports unparsable JSON without quoting the file', () => {
    const path = writeProfile('{"tokens": {"primary": "tok-broken-secret"', 'broken.json');
    expect(() => loadProfile(path)).toThrow(ProfileError);
    expect(() => loadProfile(path)).toThrow(/is not valid JSON/);
    expect(() => loadProfile(path)).not.toThrow(/tok-broken-secret/);
  });

  it('reports an unreadable file', () => {
    expect(() => loadProfile('/nonexistent/profile.json')).toThrow(/^cannot read profile \/nonexistent\/profile.json: no such file \(write one with mfc init, or give the right path\)$/);
  });

  it.each([
    ['a { left open, noticed lines later', 'baseUrl: http://127.0.0.1:1\ntokens:\n  primary: {env: tok-secret-1\nfixtures:\n  salesChannelId: 11\n', /is not valid YAML: line 3 opens a \{ that is not closed \(the parser noticed at line 4: Flow map .*end with a \}\)$/],
    ['a quote left open', 'baseUrl: http://127.0.0.1:1\ntokens:\n  primary: "tok-secret-1\nfixtures: 1\n', /is not valid YAML: line 3 opens a quote that is not closed/],
    ['JSON cut short', '{"baseUrl": "http://127.0.0.1:1",\n "tokens": {"primary": "tok-secret-1"\n', /is not valid JSON: line \d+: /],
  ])('gives the parser\'s reason and the line for %s, never the file\'s text', (_name, text, want) => {
    const path = writeProfile(text, text.startsWith('{') ? 'cut.json' : 'open.yaml');
    expect(() => loadProfile(path)).toThrow(want);
    expect(() => loadProfile(path)).not.toThrow(/tok-secret-1/);
  });

  it('tells an empty variable from one that is not set', () => {
    expect(problem(valid, { MFC_TEST_PRIMARY: '' })).toMatch(/^"tokens.primary" reads the environment variable MFC_TEST_PRIMARY, which is set but empty: give it the token's value$/);
    expect(problem(valid, {})).toMatch(/which is not set: export MFC_TEST_PRIMARY=… before running mfc$/);
  });
});

describe('profileFromFlags', () => {
  it('builds a read-only profile with the primary token and no fixtures', () => {
    expect(profileFromFlags('http://127.0.0.1:9', 'tok-flag')).toEqual({
      baseUrl: 'http://127.0.0.1:9', environment: 'local', allowWrites: false, tokens: { primary: 'tok-flag' }, fixtures: {},
      tokenSources: { primary: '$MFC_TOKEN' },
    });
  });

  it('names the flag when the URL is wrong', () => {
    expect(() => profileFromFlags('not a url', 'tok')).toThrow(/^--base-url "not a url" is not a URL: write it as https:\/\/host\[:port\]\[\/path\]$/);
  });

  it.each([
    ['http://localhost:8080', 'local'], ['http://127.0.0.2', 'local'], ['http://[::1]:9', 'local'], ['https://staging.example.test', 'staging'],
  ])('calls %s %s', (baseUrl, environment) => {
    expect(profileFromFlags(baseUrl, 'tok').environment).toBe(environment);
  });

  it('hints at the {base_url} when the URL already holds the version path', () => {
    expect(() => profileFromFlags('http://127.0.0.1:9/merchant_api/v2', 'tok')).toThrow(/--base-url ends in \/merchant_api\/v2: .* Use "http:\/\/127.0.0.1:9"/);
  });
});
