import type { TokenName } from '../profile/index.js';
import { nameGlob } from '../text/glob.js';
import type { ApiVersion, CheckMeta, RunConfig } from './types.js';

/**
 * Turns an `--only` pattern into a matcher: a glob over check ids (`*` any run of characters,
 * `?` one) or a full id; several, separated by commas, select what any of them selects.
 */
export function idMatcher(pattern: string): (id: string) => boolean {
  const matchers = pattern.split(',').map((part) => part.trim()).filter((part) => part !== '').map(nameGlob);
  return (id) => matchers.some((matches) => matches(id));
}

/** Whether the run selects the check with this id (its `--api` and `--only`). */
export function isSelected(id: string, selection: { api: ApiVersion | 'all'; only?: string | undefined }): boolean {
  if (selection.api !== 'all' && !id.startsWith(`${selection.api}.`)) return false;
  return selection.only === undefined || idMatcher(selection.only)(id);
}

/** The value at a dotted profile key such as `fixtures.sku` or `tokens.expired`. */
function profileValue(profile: RunConfig['profile'], key: string): unknown {
  let value: unknown = profile;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Why a selected check does not run against this target, or undefined when it runs. */
export function skipReason(meta: CheckMeta, run: RunConfig): string | undefined {
  if (run.stop !== undefined) return run.stop;
  if (meta.writes && !run.profile.allowWrites) return 'needs allowWrites: true in the profile';
  // A 429 in production would hold up the merchant's own integration for the rest of the minute.
  if (meta.provokes429 && run.profile.environment === 'production') return 'never provokes a 429 against production';
  if (meta.provokes429 && !run.profile.rateLimit?.provoke) return 'needs rateLimit.provoke: true in the profile';
  const absent = (meta.needs ?? []).filter((key) => profileValue(run.profile, key) === undefined);
  // `webhooks.retryWithinMs` is implied when `webhooks` itself is missing: name the outer key only.
  const missing = absent.filter((key) => !absent.some((outer) => key.startsWith(`${outer}.`)));
  if (missing.length > 0) return `needs ${missing.join(', ')} in the profile`;
  const unusable = (meta.needs ?? []).map((key) => run.unusableTokens?.[key.replace(/^tokens\./, '') as TokenName]).find((reason) => reason !== undefined);
  return unusable;
}
