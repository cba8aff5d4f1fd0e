/** The deployment environments a profile may name (CONTRACT §2). */
export type Environment = 'local' | 'staging' | 'production';

/** A token value as written in a profile file: the value itself, or the environment variable holding it. */
export type TokenSource = string | { env: string };

/** The named tokens of a profile (CONTRACT §2); only `primary` is required. */
export interface Tokens<T = string> {
  primary: T;
  sameMerchantOtherChannel?: T;
  otherMerchant?: T;
  expired?: T;
  inactiveChannel?: T;
}

/** The name of one profile token. */
export type TokenName = keyof Tokens;

/** A SKU named by a profile fixture. */
export interface SkuFixture {
  id: number;
  sku_code: string;
}

/** Records of the target that checks build on (CONTRACT §2). */
export interface Fixtures {
  salesChannelId: number;
  warehouseId?: number;
  sku?: SkuFixture;
  otherChannelSku?: SkuFixture;
  batchSku?: SkuFixture;
}

/** What the merchant has switched on; absent means unknown. */
export interface Features {
  batchTracking?: boolean;
  expiryHandling?: boolean;
}

/** Where the run listens for the target's webhook deliveries. */
export interface WebhookSettings<T = string> {
  host: string;
  port: number;
  v1Path: string;
  v2Path: string;
  signingToken?: T;
  timeoutMs?: number;
  retryWithinMs?: number;
}

/** A target profile with every token resolved to its value: what the toolkit works with. */
export interface TargetProfile {
  baseUrl: string;
  environment: Environment;
  allowWrites?: boolean;
  tokens: Tokens<string>;
  fixtures: Fixtures;
  features?: Features;
  /**
   * `maxWaitSeconds`: the longest one request may wait for the rate limit (default 120 s) before the
   * run stops. `share`: the most of each minute's limit the run uses, leaving the rest to the
   * merchant's own integration (default 0.5 for staging and production, 1 for local).
   */
  rateLimit?: { perMinute?: number; provoke?: boolean; maxWaitSeconds?: number; share?: number };
  webhooks?: WebhookSettings<string>;
}

/** A target profile as written in a file, before tokens are read from the environment. */
export interface TargetProfileFile extends Omit<TargetProfile, 'tokens' | 'webhooks'> {
  tokens: Tokens<TokenSource>;
  webhooks?: WebhookSettings<TokenSource>;
}
