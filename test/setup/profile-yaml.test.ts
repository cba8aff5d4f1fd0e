import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { RegisteredCheck } from '../../packages/cli/src/checks/registry.js';
import { profileFromValue, profileProblems } from '../../packages/cli/src/profile/index.js';
import { renderProfileYaml, type ProfileDraft } from '../../packages/cli/src/setup/index.js';

const checks: RegisteredCheck[] = [
  { id: 'v1.orders.create.201', api: 'v1', section: '4.1', title: 't', needs: ['fixtures.sku'], writes: true, provokes429: false, file: 'suites/v1/orders.check.ts' },
  { id: 'v2.batch-settings.put', api: 'v2', section: '4.2', title: 't', needs: ['fixtures.batchSku', 'features.batchTracking'], writes: true, provokes429: false, file: 'suites/v2/batch.check.ts' },
  { id: 'v1.webhooks.retry', api: 'v1', section: '6.3', title: 't', needs: ['webhooks.retryWithinMs'], writes: true, provokes429: false, file: 'suites/v1/webhooks.check.ts' },
];

function draft(overrides: Partial<ProfileDraft> = {}): ProfileDraft {
  return {
    baseUrl: 'https://staging.example.test',
    environment: 'staging',
    allowWrites: false,
    primaryEnv: 'MFC_TOKEN',
    discovery: { salesChannelId: { value: 11, source: 'GET /merchant_api/v1/orders?limit=100 (sales_channel_id)' }, merchant: {}, versionProblems: {} },
    verdicts: [],
    out: 'mfc-profile.yaml',
    writtenAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('the profile mfc init writes', () => {
  const table: Array<[string, { given: ProfileDraft; want: Record<string, unknown> }]> = [
    ['only the channel: every other key commented, the profile still valid', {
      given: draft(),
      want: { baseUrl: 'https://staging.example.test', environment: 'staging', allowWrites: false, tokens: { primary: { env: 'MFC_TOKEN' } }, fixtures: { salesChannelId: 11 }, rateLimit: { provoke: false } },
    }],
    ['a signing token given: written, commented, in the commented webhooks block', {
      given: draft({ signing: { env: 'MFC_SIGNING', use: true, why: "a token of the primary's sales channel 11" } }),
      want: { fixtures: { salesChannelId: 11 } },
    }],
    ["a SKU code with quotes, a line break and controls from the target stays one value", {
      given: draft({ discovery: { ...draft().discovery, sku: { value: { id: 5, sku_code: 'A"B\n# c\u0085\u2028:' }, source: 'GET /x\nevil: 1', note: 'line\nbreak' } } }),
      want: { fixtures: { salesChannelId: 11, sku: { id: 5, sku_code: 'A"B\n# c\u0085\u2028:' } } },
    }],
    ['connection flags given: the connection block, files relative to the profile\'s folder, secrets as {env: VAR}', {
      given: draft({
        out: '/work/profiles/gateway.yaml',
        connection: {
          proxy: { url: 'http://proxy.corp:3128/', username: 'jo', password: { env: 'PROXY_PASS' } },
          ca: '/work/profiles/certs/ca.pem',
          clientCertificate: { cert: '/elsewhere/client.pem', key: '/work/profiles/client.key', passphrase: { env: 'KEY_PASS' } },
          headers: { 'X-Api-Key': { env: 'GATEWAY_KEY' }, 'X-Stage': 'blue' },
        },
      }),
      want: {
        connection: {
          proxy: { url: 'http://proxy.corp:3128/', username: 'jo', password: { env: 'PROXY_PASS' } },
          ca: 'certs/ca.pem',
          clientCertificate: { cert: '/elsewhere/client.pem', key: 'client.key', passphrase: { env: 'KEY_PASS' } },
          headers: { 'X-Api-Key': { env: 'GATEWAY_KEY' }, 'X-Stage': 'blue' },
        },
      },
    }],
  ];
  it.each(table)('%s', (_name, { given, want }) => {
    const text = renderProfileYaml(given, checks);
    const parsed = parseYaml(text) as Record<string, unknown>;
    expect(parsed).toMatchObject(want);
    expect(parsed).not.toHaveProperty('evil');
    // Valid as written; the files are read when the profile loads, so the connection block is checked by the schema here.
    const { connection: _files, ...rest } = parsed;
    expect(() => profileFromValue(rest, { MFC_TOKEN: 'x' })).not.toThrow();
    expect(profileProblems(parsed)).toEqual([]);
  });

  it('explains the webhooks block: public URLs, the signing token, what retryWithinMs costs', () => {
    // What a user gets by uncommenting the block's lines (its own comments stay comments).
    const uncommented = (text: string) => {
      const [head, block] = text.split(/^# webhooks:$/m);
      return parseYaml(`${head}webhooks:${block!.replace(/^#( {3}[a-zA-Z])/gm, ' $1')}`) as Record<string, any>;
    };
    const given = uncommented(renderProfileYaml(draft({ signing: { env: 'MFC_SIGNING', use: true, why: 'checked' } }), checks));
    expect(given.webhooks).toEqual({
      host: '127.0.0.1', port: 8787, v1Path: '/webhooks/v1', v2Path: '/webhooks/v2',
      publicV1Url: 'https://hooks.example.test/webhooks/v1', publicV2Url: 'https://hooks.example.test/webhooks/v2',
      signingToken: { env: 'MFC_SIGNING' }, timeoutMs: 10000, retryWithinMs: 65000, answerLimitMs: 5000,
    });
    expect(() => profileFromValue(given, { MFC_TOKEN: 'x', MFC_SIGNING: 'y' })).not.toThrow();
    const text = renderProfileYaml(draft(), checks);
    expect(text).toMatch(/for v1 through\n# the account manager, for v2 in the merchant dashboard \(§6\)/);
    expect(text).toMatch(/# {3}# signingToken: .* OLDEST valid token \(§6\.3 point 1\).*\n.*skip a call no profile token signed/);
    expect(text).toMatch(/# {3}# Not given \(mfc init --signing-token-env VAR\)/);
    expect(uncommented(text).webhooks).not.toHaveProperty('signingToken');
    const refused = renderProfileYaml(draft({ signing: { env: 'MFC_SIGNING', use: false, why: 'answered 401' } }), checks);
    expect(refused).toMatch(/# {3}# Left out: answered 401\.\n# {3}# signingToken: \{env: MFC_SIGNING\}/);
  });

  it('names, for each key left out, the checks that need it', () => {
    const text = renderProfileYaml(draft(), checks);
    expect(text).toMatch(/# batchSku: .*Needed by 1 check \(v2\.batch-settings 1\)\.\n {2}# Not filled: not chosen by mfc init/);
    expect(text).toMatch(/# {3}batchTracking: .*Needed by 1 check/);
    expect(text).toMatch(/# retryWithinMs: the deployment's first retry wait plus a margin .*\n#   # Needed by 1 check \(v1\.webhooks 1\): each waits about this long/);
    expect(text).toMatch(/# allowWrites: .* 3 checks \(.*\) write\.\n/);
  });
});
