// The §8 window of a request, named without its token: by the profile's key where the token is one
// of the profile's, else by the order tokens first appeared in. v1 counts per sales channel (one
// token), v2 per merchant: the primary token and its merchant's other channel share `v2 merchant`.
import type { TargetProfile, TokenName } from '../profile/index.js';
import type { WindowNamer } from './exchange.js';

/** Names windows for one session: the profile's tokens by key, any other token by number. */
export function sessionWindows(profile: TargetProfile): WindowNamer {
  const byValue = new Map<string, TokenName>();
  for (const [name, value] of Object.entries(profile.tokens) as Array<[TokenName, string | undefined]>) {
    if (value !== undefined && !byValue.has(value)) byValue.set(value, name);
  }
  const others = new Map<string, number>();
  return (api, token) => {
    if (token === undefined) return `${api} anonymous`;
    const name = byValue.get(token);
    if (name !== undefined) return api === 'v2' && (name === 'primary' || name === 'sameMerchantOtherChannel') ? 'v2 merchant' : `${api} ${name}`;
    let number = others.get(token);
    if (number === undefined) {
      number = others.size + 1;
      others.set(token, number);
    }
    return `${api} token ${number}`;
  };
}
