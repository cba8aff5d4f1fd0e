import { headerRecord, type MfcDispatchOptions } from '../http/index.js';
import type { TargetProfile, TokenName } from '../profile/index.js';

/**
 * The rate-limit windows of one profile (§8: v1 per sales channel, v2 per merchant), named by the
 * profile token that reaches them, never by the token: `v1 primary`, `v1 otherMerchant`, and
 * `v2 merchant` for the primary's merchant, which its other sales channel shares.
 */
export type WindowName = string;

const SAME_MERCHANT: readonly TokenName[] = ['primary', 'sameMerchantOtherChannel'];

/** The window a token of the profile counts in on one version. */
export function windowName(api: 'v1' | 'v2', token: TokenName | 'anonymous' | 'unknown token'): WindowName {
  if (api === 'v2' && SAME_MERCHANT.includes(token as TokenName)) return 'v2 merchant';
  return `${api} ${token}`;
}

/** Where a request of the primary's windows goes when its check runs as the other merchant (src/runner/other-merchant.ts). */
export function windowAsOtherMerchant(window: WindowName): WindowName {
  if (window === windowName('v1', 'primary')) return windowName('v1', 'otherMerchant');
  if (window === windowName('v2', 'primary')) return windowName('v2', 'otherMerchant');
  return window;
}

/** How replay lines name the token of an Authorization header: as the profile was given it (`$VAR`), else undefined. */
export function profileReplayTokens(profile: Pick<TargetProfile, 'tokens' | 'tokenSources'>): (authorization: string) => string | undefined {
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(profile.tokens) as Array<[TokenName, string | undefined]>) {
    const source = profile.tokenSources?.[name];
    if (value !== undefined && source !== undefined && !byValue.has(value)) byValue.set(value, source);
  }
  return (authorization) => byValue.get(authorization.replace(/^Bearer\s+/i, ''));
}

/** Names the window of each request from its version and its bearer token, for the pacer (a key without any token in it). */
export function profileWindows(profile: Pick<TargetProfile, 'tokens'>): (opts: MfcDispatchOptions) => WindowName {
  const byValue = new Map<string, TokenName>();
  for (const [name, value] of Object.entries(profile.tokens) as Array<[TokenName, string | undefined]>) {
    if (value !== undefined && !byValue.has(value)) byValue.set(value, name);
  }
  return (opts) => {
    const api = opts.path.startsWith('/merchant_api/v2') ? 'v2' : 'v1';
    const authorization = headerRecord(opts.headers).authorization;
    if (authorization === undefined) return windowName(api, 'anonymous');
    const token = byValue.get(authorization.replace(/^Bearer\s+/i, ''));
    return windowName(api, token ?? 'unknown token');
  };
}
