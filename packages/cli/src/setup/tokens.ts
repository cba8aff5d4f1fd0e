import type { SkuFixture, TokenName } from '../profile/index.js';
import { activeSku, merchantEvidence, skusOfOrders, type Found, type MerchantEvidence, type PrimaryDiscovery } from './discover.js';
import { idOf, records, type TargetReader } from './reader.js';

/** A token other than the primary, named by its profile key and the environment variable holding it. */
export interface OtherToken {
  key: Exclude<TokenName, 'primary'>;
  env: string;
  value: string;
}

/** What the target showed about one such token: whether the profile should use it, and why. */
export interface TokenVerdict {
  key: OtherToken['key'];
  env: string;
  /** false: the token cannot stand for its key; the profile leaves it out (commented) with `why`. */
  use: boolean;
  /** One line: what was asked and what came back. */
  why: string;
  /** For `sameMerchantOtherChannel`: an active SKU of its channel (`fixtures.otherChannelSku`). */
  otherChannelSku?: Found<SkuFixture>;
}

/** Whether two tokens' evidence shows one merchant, and how; undefined when nothing tells. */
export function sameMerchant(primary: MerchantEvidence, other: MerchantEvidence): { same: boolean; how: string } | undefined {
  if (primary.merchantId && other.merchantId) {
    return { same: primary.merchantId.value === other.merchantId.value, how: `merchant_id ${other.merchantId.value} (${other.merchantId.source}) against the primary's ${primary.merchantId.value}` };
  }
  const overlap = (a: number[] | undefined, b: number[] | undefined) => (a && b && a.length > 0 && b.length > 0 ? a.some((id) => b.includes(id)) : undefined);
  const warehouses = overlap(primary.warehouses, other.warehouses);
  if (warehouses !== undefined) return { same: warehouses, how: `its warehouses (GET /merchant_api/v1/warehouses, merchant-scoped) ${warehouses ? 'are' : 'are not'} the primary's` };
  const restocking = overlap(primary.restocking, other.restocking);
  if (restocking !== undefined) return { same: restocking, how: `its restocking shipments (GET /merchant_api/v2/restocking_shipments) ${restocking ? 'are' : 'are not'} the primary's` };
  return undefined;
}

const refusal: Record<number, string> = { 401: 'a missing or unknown token', 403: 'an expired token or an inactive sales channel' };

/** Expired and inactive-channel tokens: §5 says every call answers 403; one that answers 2xx cannot stand for them. */
async function verifyRefusedToken(reader: TargetReader, token: OtherToken): Promise<TokenVerdict> {
  const read = await reader.get('v1', '/orders?limit=1', token.value);
  const base = { key: token.key, env: token.env };
  if (read.status === undefined) return { ...base, use: true, why: `not confirmed: ${read.source} got no answer (${read.error})` };
  if (read.status === 403) return { ...base, use: true, why: `${read.source} answered 403, as §5 states` };
  if (read.status >= 200 && read.status < 300) return { ...base, use: false, why: `${read.source} answered ${read.status}: the token works, so it is not ${token.key === 'expired' ? 'an expired token' : "a token of an inactive sales channel"}` };
  return { ...base, use: true, why: `${read.source} answered ${read.status}${refusal[read.status] ? ` (${refusal[read.status]})` : ''} where §5 states 403; the §5 checks will report it if the token is right` };
}

/** Tokens that stand for another client: each must work, and be of the merchant (and channel) its key says. */
async function verifyIdentityToken(reader: TargetReader, token: OtherToken, primary: PrimaryDiscovery): Promise<TokenVerdict> {
  const base = { key: token.key, env: token.env };
  const orders = await reader.get('v1', '/orders?limit=100', token.value);
  if (orders.status === undefined) return { ...base, use: true, why: `not confirmed: ${orders.source} got no answer (${orders.error})` };
  if (orders.status !== 200) {
    return { ...base, use: false, why: `${orders.source} answered ${orders.status}${refusal[orders.status] ? ` (${refusal[orders.status]}, §5)` : ''}: the token does not work` };
  }
  const channels = new Set(records(orders).map((order) => idOf(order.sales_channel_id)).filter((id) => id !== undefined));
  const primaryChannel = primary.salesChannelId?.value;
  const ownChannel = channels.size === 1 ? [...channels][0] : undefined;
  const merchant = sameMerchant(primary.merchant, await merchantEvidence(reader, token.value));
  if (token.key === 'otherMerchant') {
    if (merchant === undefined) return { ...base, use: true, why: 'not confirmed: nothing the token reads tells its merchant apart' };
    return merchant.same
      ? { ...base, use: false, why: `it is a token of the primary's merchant: ${merchant.how}` }
      : { ...base, use: true, why: `another merchant: ${merchant.how}` };
  }
  if (ownChannel !== undefined && ownChannel === primaryChannel) {
    return { ...base, use: false, why: `its orders (${orders.source}) belong to the primary's sales channel ${primaryChannel}: it is a token of the same channel` };
  }
  if (merchant?.same === false) return { ...base, use: false, why: `it is a token of another merchant: ${merchant.how}` };
  const channelLine = ownChannel === undefined ? 'its sales channel could not be read from its orders' : `sales channel ${ownChannel} (${orders.source})`;
  const verdict: TokenVerdict = merchant === undefined
    ? { ...base, use: true, why: `not confirmed: ${channelLine}; nothing it reads tells its merchant` }
    : { ...base, use: true, why: `${channelLine}; the same merchant: ${merchant.how}` };
  const sku = await activeSku(reader, token.value, skusOfOrders(records(orders)), `${orders.source} with tokens.sameMerchantOtherChannel (items' sku_id, sku_code)`);
  return sku ? { ...verdict, otherChannelSku: sku } : verdict;
}

/** The webhook signing token as given (`--signing-token-env`), and what the target showed of it. */
export interface SigningVerdict {
  env: string;
  /** false: it cannot be the channel's signing token; the profile leaves it commented with `why`. */
  use: boolean;
  why: string;
}

/**
 * The signing token must be a valid token of the primary's sales channel (§6.3 point 1 keys webhooks
 * with the channel's oldest valid token): it must work, and its v1 orders must be of that channel.
 * Which of the channel's tokens is the oldest no read can tell.
 */
export async function verifySigningToken(reader: TargetReader, signing: { env: string; value: string }, primaryToken: string, primary: PrimaryDiscovery): Promise<SigningVerdict> {
  const base = { env: signing.env };
  if (signing.value === primaryToken) return { ...base, use: true, why: "the same token as tokens.primary: right when it is the channel's only (or oldest) valid token" };
  const orders = await reader.get('v1', '/orders?limit=100', signing.value);
  if (orders.status === undefined) return { ...base, use: true, why: `not confirmed: ${orders.source} got no answer (${orders.error})` };
  if (orders.status !== 200) {
    return { ...base, use: false, why: `${orders.source} answered ${orders.status}${refusal[orders.status] ? ` (${refusal[orders.status]}, §5)` : ''}: webhooks are signed with a valid token (§6.3 point 1), and this one does not work` };
  }
  const channels = [...new Set(records(orders).map((order) => idOf(order.sales_channel_id)).filter((id) => id !== undefined))];
  const primaryChannel = primary.salesChannelId?.value;
  if (channels.length === 0) return { ...base, use: true, why: `not confirmed: it works, and no order it reads (${orders.source}) shows its sales channel` };
  if (channels.length === 1 && channels[0] === primaryChannel) return { ...base, use: true, why: `a token of the primary's sales channel ${primaryChannel} (${orders.source})` };
  return { ...base, use: false, why: `its orders (${orders.source}) belong to sales channel ${channels.join(', ')}, not the primary's ${primaryChannel}: it is not a token of the channel whose webhooks the run receives` };
}

/** Tries every token besides the primary with read-only GETs and says whether it can stand for its key. */
export async function verifyTokens(reader: TargetReader, primaryToken: string, tokens: OtherToken[], primary: PrimaryDiscovery): Promise<TokenVerdict[]> {
  const verdicts: TokenVerdict[] = [];
  for (const token of tokens) {
    const twin = token.value === primaryToken ? 'primary' : tokens.find((other) => other !== token && other.value === token.value)?.key;
    if (twin !== undefined) {
      verdicts.push({ key: token.key, env: token.env, use: false, why: `${token.env} holds the same token as tokens.${twin}` });
      continue;
    }
    verdicts.push(token.key === 'expired' || token.key === 'inactiveChannel'
      ? await verifyRefusedToken(reader, token)
      : await verifyIdentityToken(reader, token, primary));
  }
  return verdicts;
}
