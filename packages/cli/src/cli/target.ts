import { loadProfile, profileFromFlags, type TargetProfile } from '../profile/index.js';
import { UsageError } from './command.js';

/**
 * The profile the target flags name (`targetFlags`): a profile file, or a read-only profile of
 * `--base-url` and `--token`. A missing, unreadable or invalid one is a usage error (exit 2):
 * `UsageError` here, `ProfileError` from the loader.
 */
export function targetProfile(values: { profile?: string | undefined; 'base-url'?: string | undefined; token?: string | undefined }): TargetProfile {
  const fromFlags = values['base-url'] !== undefined || values.token !== undefined;
  if (values.profile !== undefined && fromFlags) throw new UsageError('give either --profile or --base-url with --token, not both');
  if (values.profile !== undefined) return loadProfile(values.profile);
  if (values['base-url'] === undefined || values.token === undefined) throw new UsageError('needs --profile FILE, or both --base-url URL and --token T');
  return profileFromFlags(values['base-url'], values.token);
}
