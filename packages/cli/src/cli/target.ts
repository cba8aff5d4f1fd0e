import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { baseUrlProblem } from '@mfc-conformance/api/internal';
import { loadProfile, profileFromFlags, type TargetProfile } from '../profile/index.js';
import { UsageError } from './command.js';

/** The target flags as parsed (`targetFlags`). */
export interface TargetValues {
  profile?: string | undefined;
  'base-url'?: string | undefined;
  token?: string | undefined;
  'token-env'?: string | undefined;
}

/** The file `mfc init` writes, taken by `mfc doctor` and `mfc run` when no target flag is given. */
export const DEFAULT_PROFILE = 'mfc-profile.yaml';

/** `values` with `profile: mfc-profile.yaml` when no target flag names one and that file is in the working directory. */
export function withDefaultProfile<T extends TargetValues>(values: T, folder = process.cwd()): T {
  const named = values.profile ?? values['base-url'] ?? values.token ?? values['token-env'];
  return named === undefined && existsSync(join(folder, DEFAULT_PROFILE)) ? { ...values, profile: DEFAULT_PROFILE } : values;
}

/**
 * The profile the target flags name (`targetFlags`): a profile file, or a read-only profile of
 * `--base-url` with the token of `--token-env VAR` (or `--token`). A missing, unreadable or invalid
 * one is a usage error (exit 2): `UsageError` here, `ProfileError` from the loader.
 */
export function targetProfile(values: TargetValues, env: NodeJS.ProcessEnv = process.env): TargetProfile {
  const fromFlags = values['base-url'] !== undefined || values.token !== undefined || values['token-env'] !== undefined;
  if (values.profile !== undefined && fromFlags) throw new UsageError('give either --profile or --base-url with --token-env, not both');
  if (values.profile !== undefined) return loadProfile(values.profile);
  if (values.token !== undefined && values['token-env'] !== undefined) throw new UsageError('give --token-env VAR or --token T, not both');
  const tokenEnv = values['token-env'];
  if (values['base-url'] === undefined || (values.token === undefined && tokenEnv === undefined)) {
    throw new UsageError(`needs --profile FILE (in this folder ${DEFAULT_PROFILE}, which mfc init writes, is taken without it), or --base-url URL --token-env VAR`);
  }
  const urlProblem = baseUrlProblem(values['base-url'], '--base-url');
  if (urlProblem !== undefined) throw new UsageError(urlProblem);
  const token = values.token ?? env[tokenEnv!];
  if (token === undefined) throw new UsageError(`--token-env ${tokenEnv}: the environment variable ${tokenEnv} is not set: export ${tokenEnv}=… first`);
  if (token === '') throw new UsageError(`--token-env ${tokenEnv}: the environment variable ${tokenEnv} is set but empty: give it the token's value`);
  return profileFromFlags(values['base-url'], token, undefined, `$${tokenEnv ?? 'MFC_TOKEN'}`);
}

/** The target flags a printed command repeats: the profile, or the base URL with the token's variable, never a token. */
export function targetArgs(values: TargetValues): string {
  return values.profile === undefined ? `--base-url ${values['base-url']} --token-env ${values['token-env'] ?? 'MFC_TOKEN'}` : `--profile ${values.profile}`;
}
