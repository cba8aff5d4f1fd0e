import { describe, expect, it } from 'vitest';
import { idMatcher, isSelected, skipReason, type CheckMeta, type RunConfig } from '../../packages/cli/src/checks/index.js';
import { testProfile } from '../support/profile.js';

describe('idMatcher', () => {
  const table: Array<[string, { pattern: string; matches: string[]; misses: string[] }]> = [
    ['a prefix glob', { pattern: 'v1.orders.*', matches: ['v1.orders.create.duplicate-409', 'v1.orders.x'], misses: ['v2.orders.x', 'v1.ordersx'] }],
    ['a glob on both sides', { pattern: '*duplicate*', matches: ['v1.orders.create.duplicate-409'], misses: ['v1.orders.create'] }],
    ['a full id', { pattern: 'v1.auth.missing-token-401', matches: ['v1.auth.missing-token-401'], misses: ['v1.auth.missing-token-4012', 'v1Xauth.missing-token-401'] }],
    ['a comma-separated list', { pattern: 'v1.auth.a, v2.orders.*', matches: ['v1.auth.a', 'v2.orders.get'], misses: ['v1.auth.b', 'v1.orders.get'] }],
    ['a single-character wildcard', { pattern: 'v?.auth.*', matches: ['v1.auth.a', 'v2.auth.a'], misses: ['v10.auth.a'] }],
  ];
  it.each(table)('%s', (_name, { pattern, matches, misses }) => {
    const match = idMatcher(pattern);
    for (const id of matches) expect(match(id), id).toBe(true);
    for (const id of misses) expect(match(id), id).toBe(false);
  });

  it('combines with --api', () => {
    expect(isSelected('v1.auth.a', { api: 'v2' })).toBe(false);
    expect(isSelected('v2.auth.a', { api: 'v2', only: '*.auth.*' })).toBe(true);
  });
});

describe('skipReason', () => {
  const meta: CheckMeta = { id: 'v1.x.y', api: 'v1', section: '4.1', title: 't' };
  const run = (profile = testProfile('http://127.0.0.1:1'), extra: Partial<RunConfig> = {}): RunConfig => ({
    profile, marker: 'mfc-test', seed: 1, runCommand: 'mfc run --profile p.json', api: 'all', requestTimeoutMs: 1000, checkTimeoutMs: 1000,
    deadlineMs: 60_000, concurrency: 1, files: [], root: '.', ...extra,
  });
  const table: Array<[string, { meta: Partial<CheckMeta>; run: RunConfig; want: string | undefined }]> = [
    ['nothing missing', { meta: { needs: ['fixtures.sku', 'tokens.expired'] }, run: run(), want: undefined }],
    ['a missing fixture', { meta: { needs: ['fixtures.batchSku'] }, run: run(), want: 'needs fixtures.batchSku in the profile' }],
    ['webhooks absent', { meta: { needs: ['webhooks'] }, run: run(), want: 'needs webhooks in the profile' }],
    ['webhooks absent, naming only the outer key', { meta: { needs: ['webhooks', 'webhooks.retryWithinMs', 'fixtures.batchSku'] }, run: run(), want: 'needs webhooks, fixtures.batchSku in the profile' }],
    ['writes not allowed', { meta: { writes: true }, run: run(testProfile('http://127.0.0.1:1', { allowWrites: false })), want: 'needs allowWrites: true in the profile' }],
    ['a 429 check without provoke', { meta: { provokes429: true }, run: run(), want: 'needs rateLimit.provoke: true in the profile' }],
    ['a 429 check with provoke', { meta: { provokes429: true }, run: run(testProfile('http://127.0.0.1:1', { rateLimit: { provoke: true } })), want: undefined }],
    ['a 429 check with provoke against production', {
      meta: { provokes429: true },
      run: run(testProfile('http://127.0.0.1:1', { environment: 'production', rateLimit: { provoke: true } })),
      want: 'never provokes a 429 against production',
    }],
    ['a target the preflight stopped', { meta: {}, run: run(undefined, { stop: 'target unreachable: connection refused' }), want: 'target unreachable: connection refused' }],
    ['a token the preflight found unusable', {
      meta: { needs: ['tokens.otherMerchant'] },
      run: run(undefined, { unusableTokens: { otherMerchant: 'tokens.otherMerchant is unusable: it answered 401' } }),
      want: 'tokens.otherMerchant is unusable: it answered 401',
    }],
  ];
  it.each(table)('%s', (_name, { meta: extra, run: config, want }) => {
    expect(skipReason({ ...meta, ...extra }, config)).toBe(want);
  });
});
