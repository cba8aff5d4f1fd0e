// docs/ci-profile.yaml, the profile template for a server that starts empty in CI, holds the ids of
// the reference server's seed and passes `mfc doctor` against that server started empty, with nearly
// every check counted as one that would run.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { loadProfile, type TargetProfile } from '../../packages/cli/src/profile/index.js';
import { tempDir } from '../support/profile.js';
import { runCli } from '../support/run-cli.js';

const template = fileURLToPath(new URL('../../docs/ci-profile.yaml', import.meta.url));

// The variables the template names, by profile key.
const variables = { primary: 'MFC_TOKEN', sameMerchantOtherChannel: 'MFC_TOKEN_OTHER_CHANNEL', otherMerchant: 'MFC_TOKEN_OTHER_MERCHANT', expired: 'MFC_TOKEN_EXPIRED', inactiveChannel: 'MFC_TOKEN_INACTIVE' } as const;

describe('docs/ci-profile.yaml', () => {
  let server: RunningServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startServer({ host: '127.0.0.1', port: 0, variants: ['seed-empty'] });
    env = Object.fromEntries(Object.entries(variables).map(([key, name]) => [name, server.profile.tokens[key as keyof typeof variables]!]));
  });
  afterAll(async () => {
    await server.close();
  });

  it('names the seed\'s fixtures and reads every token from a variable', () => {
    const profile = loadProfile(template, env);
    expect(profile.fixtures).toEqual(server.profile.fixtures);
    expect((parseYaml(readFileSync(template, 'utf8')) as { tokens: unknown }).tokens).toEqual(Object.fromEntries(Object.entries(variables).map(([key, name]) => [key, { env: name }])));
    expect(profile).toMatchObject({ environment: 'local', allowWrites: true, features: { batchTracking: true, expiryHandling: true } } satisfies Partial<TargetProfile>);
  });

  it('passes mfc doctor against the reference server started empty, with all but the webhook and 429 checks to run', async () => {
    // The template's base URL is a fixed port; the server here listens on a free one.
    const profilePath = join(tempDir('mfc-ci-profile-'), 'mfc-profile.yaml');
    writeFileSync(profilePath, readFileSync(template, 'utf8').replace(/^baseUrl: .*$/m, `baseUrl: ${server.url}`));
    const doctor = await runCli(['doctor', '--profile', profilePath], { env });
    expect(doctor.code, doctor.stdout).toBe(0);
    const [, selected, wouldRun] = /checks: (\d+) selected · (\d+) would run/.exec(doctor.stdout)!.map(Number);
    expect(wouldRun).toBeGreaterThanOrEqual(165);
    const skips = [...doctor.stdout.matchAll(/^ +(\d+) {2}skip: (.*)$/gm)].map(([, count, reason]) => [reason, Number(count)]);
    expect(Object.fromEntries(skips)).toEqual({ 'needs webhooks in the profile': expect.any(Number), 'needs rateLimit.provoke: true in the profile': 2 });
    expect(wouldRun! + skips.reduce((sum, [, count]) => sum + Number(count), 0)).toBe(selected);
  }, 60_000);
});
