import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TargetProfile, TargetProfileFile } from '../../packages/cli/src/profile/index.js';

/** Distinctive token values, so a test can grep every output for them. */
export const testTokens = {
  primary: 'tok-primary-3f9a1c0e7b',
  sameMerchantOtherChannel: 'tok-samemerchant-8d2e4a',
  otherMerchant: 'tok-othermerchant-51c7b9',
  expired: 'tok-expired-a04f6d',
  inactiveChannel: 'tok-inactive-7e13c2',
} as const;

/** A resolved profile for `baseUrl` with every test token; `overrides` replace top-level keys. */
export function testProfile(baseUrl: string, overrides: Partial<TargetProfile> = {}): TargetProfile {
  return {
    baseUrl,
    environment: 'local',
    allowWrites: true,
    tokens: { ...testTokens },
    fixtures: { salesChannelId: 11, warehouseId: 3, sku: { id: 501, sku_code: 'TSHIRT-WHITE-M' } },
    ...overrides,
  };
}

/** A fresh temporary directory. */
export function tempDir(prefix = 'mfc-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Writes a profile file (JSON, or raw text such as YAML) into a fresh directory and returns its path. */
export function writeProfile(content: TargetProfileFile | Omit<TargetProfile, 'connection'> | Record<string, unknown> | string, name = 'profile.json'): string {
  const path = join(tempDir('mfc-profile-'), name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}
