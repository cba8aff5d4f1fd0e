import type { TargetProfile } from './types.js';

/**
 * The share of each minute's rate limit a run (or any mfc command) may use: the profile's, else
 * half of it against a staging or production deployment (the merchant's own integration keeps the
 * rest), all of it locally. Undefined stands for all of it.
 */
export function rateShare(profile: Pick<TargetProfile, 'environment' | 'rateLimit'>): number | undefined {
  const share = profile.rateLimit?.share ?? (profile.environment === 'local' ? undefined : 0.5);
  return share === 1 ? undefined : share;
}
