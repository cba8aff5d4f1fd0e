import type { RegisteredCheck } from '../checks/registry.js';

/** What each profile key means (docs/PROFILE.md), in one line: the comment `mfc init` writes above it. */
export const keyMeaning: Record<string, string> = {
  baseUrl: "the specification's {base_url}; v1 lives under /merchant_api/v1, v2 under /merchant_api/v2",
  environment: 'local, staging or production',
  allowWrites: 'checks that create, update, delete or cancel records run only when true',
  'tokens.primary': "the token every check calls with; in v1 bound to fixtures.salesChannelId, in v2 scoped to that channel's merchant",
  'tokens.sameMerchantOtherChannel': 'a token of another active sales channel of the same merchant (v1 isolation, v2 merchant scope)',
  'tokens.otherMerchant': 'a token of a different merchant (nothing of the primary merchant may be visible)',
  'tokens.expired': 'an expired token: every call answers 403 (§5)',
  'tokens.inactiveChannel': 'a token whose sales channel is no longer active: every call answers 403 (§5)',
  'fixtures.salesChannelId': "the primary token's sales channel (required)",
  'fixtures.warehouseId': 'a warehouse of the merchant (restocking checks)',
  'fixtures.sku': 'an active SKU of the primary sales channel (order, SKU and restocking checks)',
  'fixtures.otherChannelSku': 'an active SKU of the sameMerchantOtherChannel channel',
  'fixtures.batchSku': 'a SKU of the primary channel the checks create inventory batches and write batch settings on',
  'fixtures.otherMerchant': "tokens.otherMerchant's own sales channel, a warehouse and an active SKU of it: write checks that need nothing more then run as that merchant, in its own rate-limit windows, so a rate-limited run takes about a third less time; with allowWrites the run then creates (and removes) records in that merchant's account too",
  'features.batchTracking': 'whether the merchant has batch tracking (§4.2: false means a write that would turn it on answers 422)',
  'features.expiryHandling': 'whether the merchant is enrolled in batch expiry handling (§2.4, §2.5)',
  'rateLimit.perMinute': 'the requests per minute the target allows (§8); when absent, taken from X-Rate-Limit-Max',
  'rateLimit.provoke': 'true lets the run exceed the limit once to check the 429 answer and Retry-After (§8), then wait for the next minute',
  webhooks: "where the run listens for the target's webhook calls (§6); the target must be set up to send them there",
  'webhooks.publicV1Url': 'the URLs registered with the provider when a tunnel or reverse proxy stands in front of host:port (shown by mfc doctor; the receiver does not use them)',
  'webhooks.signingToken': "the token webhooks are signed with: the sales channel's OLDEST valid token (§6.3 point 1), which is not tokens.primary when the channel has several; the primary itself when it has only one",
  'webhooks.timeoutMs': 'how long a check waits for a delivery after the change it triggered',
  'webhooks.retryWithinMs': "the deployment's first retry wait plus a margin for the retry's trip (§6.3 point 4)",
  'webhooks.answerLimitMs': 'how long the deployment waits for an answer before it counts the call as timed out (§6.3 point 3: 5000, the default); the slow-answer check answers after half of it',
};

/** The checks whose `needs` name `key` or a key under it (`webhooks` covers `webhooks.retryWithinMs`). */
export function checksNeeding(checks: readonly RegisteredCheck[], key: string): RegisteredCheck[] {
  return checks.filter((check) => check.needs.some((need) => need === key || need.startsWith(`${key}.`)));
}

/** `20 checks (v2.batches 12, v2.batch-settings 8)`: how many, grouped by api and resource, largest first. */
export function describeChecks(checks: readonly RegisteredCheck[]): string {
  if (checks.length === 0) return 'no check';
  const groups = new Map<string, number>();
  for (const check of checks) {
    const group = check.id.split('.').slice(0, 2).join('.');
    groups.set(group, (groups.get(group) ?? 0) + 1);
  }
  const shown = [...groups.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const listed = shown.slice(0, 4).map(([group, count]) => `${group} ${count}`);
  if (shown.length > 4) listed.push(`${shown.length - 4} more group${shown.length === 5 ? '' : 's'}`);
  return `${checks.length} check${checks.length === 1 ? '' : 's'} (${listed.join(', ')})`;
}
