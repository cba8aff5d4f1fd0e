import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { RegisteredCheck } from '../../src/checks/registry.js';
import { profileFromValue } from '../../src/profile/index.js';
import { renderProfileYaml, type ProfileDraft } from '../../src/setup/index.js';

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
    ["a SKU code with quotes, a line break and controls from the target stays one value", {
      given: draft({ discovery: { ...draft().discovery, sku: { value: { id: 5, sku_code: 'A"B\n# c\u0085\u2028:' }, source: 'GET /x\nevil: 1', note: 'line\nbreak' } } }),
      want: { fixtures: { salesChannelId: 11, sku: { id: 5, sku_code: 'A"B\n# c\u0085\u2028:' } } },
    }],
  ];
  it.each(table)('%s', (_name, { given, want }) => {
    const text = renderProfileYaml(given, checks);
    const parsed = parseYaml(text) as Record<string, unknown>;
    expect(parsed).toMatchObject(want);
    expect(parsed).not.toHaveProperty('evil');
    expect(() => profileFromValue(parsed, { MFC_TOKEN: 'x' })).not.toThrow();
  });

  it('names, for each key left out, the checks that need it', () => {
    const text = renderProfileYaml(draft(), checks);
    expect(text).toMatch(/# batchSku: .*Needed by 1 check \(v2\.batch-settings 1\)\.\n {2}# Not filled: not chosen by mfc init/);
    expect(text).toMatch(/# {3}batchTracking: .*Needed by 1 check/);
    expect(text).toMatch(/retryWithinMs: 60000 .*: 1 check \(v1\.webhooks 1\)/);
    expect(text).toMatch(/# allowWrites: .* 3 checks \(.*\) write\.\n/);
  });
});
