import { connectionSecrets } from '@mfc-conformance/api/client';
import { connectionCurlOptions, type HttpClientOptions } from '../http/index.js';
import type { TargetProfile } from '../profile/index.js';
import { profileReplayTokens, profileWindows } from './windows.js';

/** Every secret of a profile (its tokens, the webhook signing token, the connection's secrets): what the redaction step must never let through. */
export function profileSecrets(profile: TargetProfile): string[] {
  const tokens = Object.values(profile.tokens).filter((token): token is string => typeof token === 'string');
  const signing = profile.webhooks?.signingToken === undefined ? [] : [profile.webhooks.signingToken];
  return [...tokens, ...signing, ...connectionSecrets(profile.connection?.options)];
}

/**
 * What every HTTP client of a profile's target takes from the profile (the run's, its preflight's,
 * `mfc doctor`'s): the secrets to redact, the rate-limit windows, how replay lines name the tokens,
 * and the connection with the curl options that replay it.
 */
export function profileClientOptions(profile: TargetProfile): Pick<HttpClientOptions, 'secrets' | 'windowOf' | 'replayTokenOf' | 'connection' | 'replayOptions'> {
  const replay = connectionCurlOptions(profile.connection?.settings);
  return {
    secrets: profileSecrets(profile),
    windowOf: profileWindows(profile),
    replayTokenOf: profileReplayTokens(profile),
    ...(profile.connection === undefined ? {} : { connection: profile.connection.options }),
    ...(replay === undefined ? {} : { replayOptions: replay }),
  };
}
