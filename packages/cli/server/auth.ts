import type { IncomingHttpHeaders } from 'node:http';
import type { Principal } from './context.js';
import type { Api } from './http/errors.js';
import { ApiError } from './http/errors.js';
import type { Faults } from './faults/index.js';
import type { Store } from './store.js';

/** The outcome of reading the bearer token: who calls, or the §5 error to answer. */
export type Authentication = { ok: true; principal: Principal } | { ok: false; error: ApiError };

/** Resolves `Authorization: Bearer …` to a principal (§5): 401 missing/unknown, 403 expired or inactive channel. */
export function authenticate(api: Api, headers: IncomingHttpHeaders, store: Store, faults: Faults, now: number): Authentication {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  const value = match?.[1];
  if (value === undefined) {
    if (faults.has(`${api}-auth-missing-token-403`)) return { ok: false, error: new ApiError(403, 'access token is missing') };
    return { ok: false, error: new ApiError(401, 'access token is missing') };
  }
  const token = store.tokens.get(value);
  if (!token) {
    if (faults.has(`${api}-auth-unknown-token-403`)) return { ok: false, error: new ApiError(403, 'access token is not valid') };
    return { ok: false, error: new ApiError(401, 'access token is not known') };
  }
  const channel = store.salesChannels.get(token.salesChannelId);
  const merchant = channel ? store.merchants.get(channel.merchantId) : undefined;
  if (!channel || !merchant) return { ok: false, error: new ApiError(401, 'access token is not known') };
  const principal: Principal = { token, channel, merchant };
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
  if (expired && !faults.has(`${api}-auth-expired-token-accepted`)) {
    const status = faults.has(`${api}-auth-expired-token-401`) ? 401 : 403;
    return { ok: false, error: new ApiError(status, 'access token has expired') };
  }
  if (!channel.active && !faults.has(`${api}-auth-inactive-channel-accepted`)) {
    const status = api === 'v1' && faults.has('v1-auth-inactive-channel-401') ? 401 : 403;
    return { ok: false, error: new ApiError(status, 'the sales channel of this access token is no longer active') };
  }
  return { ok: true, principal };
}
