import type { ConnectionOptions } from '@mfc-conformance/api/client';

/** The deployment environments a profile may name (docs/PROFILE.md). */
export type Environment = 'local' | 'staging' | 'production';

/** A token value as written in a profile file: the value itself, or the environment variable holding it. */
export type TokenSource = string | { env: string };

/** The named tokens of a profile (docs/PROFILE.md); only `primary` is required. */
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

/** Records of the target that checks build on (docs/PROFILE.md). */
export interface Fixtures {
  salesChannelId: number;
  warehouseId?: number;
  sku?: SkuFixture;
  otherChannelSku?: SkuFixture;
  batchSku?: SkuFixture;
  /**
   * The records of `tokens.otherMerchant`'s own sales channel: with them, checks that only need a
   * merchant's channel, warehouse and SKU may run as that merchant, in its rate-limit windows.
   */
  otherMerchant?: MerchantFixtures;
}

/** One merchant's sales channel (the token's, in v1), a warehouse and an active SKU of that channel. */
export interface MerchantFixtures {
  salesChannelId: number;
  warehouseId: number;
  sku: SkuFixture;
}

/** What the merchant has switched on; absent means unknown. */
export interface Features {
  batchTracking?: boolean;
  expiryHandling?: boolean;
}

/** Where the run listens for the target's webhook deliveries, and the target's webhook timings (profile.schema.json describes each key). */
export interface WebhookSettings<T = string> {
  /** The local address the run's receiver listens on. */
  host: string;
  port: number;
  /** The paths each version's calls arrive at on the receiver (after any proxy). */
  v1Path: string;
  v2Path: string;
  /** The URLs registered with the provider (v1 through the account manager, v2 in the dashboard, §6), when a tunnel or proxy stands in front of host:port; shown, never used to listen. */
  publicV1Url?: string;
  publicV2Url?: string;
  /** The sales channel's oldest valid token, which signs webhooks (§6.3 point 1); without it the signature checks cannot tell a wrong key from an unknown one. */
  signingToken?: T;
  /** How long a check waits for a delivery after the change it triggered (default 10 s). */
  timeoutMs?: number;
  /** The deployment's first retry wait plus a margin (§6.3 point 4); the retry checks need it. */
  retryWithinMs?: number;
  /** How long the deployment waits for the receiver's answer (§6.3 point 3; default 5000). */
  answerLimitMs?: number;
}

/** A proxy as a profile names it: a URL, `none` (the environment's proxy variables ignored), or a URL with credentials kept apart. */
export type ProxySetting<T = TokenSource> = string | { url: string; username?: string; password?: T };

/**
 * How the toolkit reaches the deployment through a company network (docs/PROFILE.md `connection`):
 * every request of `run`, `doctor`, `init` and `cleanup` takes it. Files are PEM, named relative to
 * the profile's folder; secrets may be `{env: VAR}`.
 */
export interface ConnectionSettings<T = TokenSource> {
  /** Overrides HTTPS_PROXY/HTTP_PROXY/NO_PROXY; `none` turns them off. */
  proxy?: ProxySetting<T>;
  /** A PEM file of certificate authorities trusted besides Node's own. */
  ca?: string;
  /** A client certificate for mutual TLS: PEM files, and the key's passphrase. */
  clientCertificate?: { cert: string; key: string; passphrase?: T };
  /** Headers sent with every API request (not Authorization); a value from the environment is a secret. */
  headers?: Record<string, T>;
  /** The largest answer read, on the wire and once decoded (default 33554432: 32 MiB). */
  maxAnswerBytes?: number;
}

/** The connection block as the toolkit uses it: as written (files made absolute), and as the transport takes it. */
export interface ProfileConnection {
  /** As the profile gave it, file names made absolute and secrets still as written: what `mfc doctor` shows and a replay line names. */
  settings: ConnectionSettings;
  /** Files read and variables resolved (`@mfc-conformance/api/client` `ConnectionOptions`). */
  options: ConnectionOptions;
}

/** A target profile with every token resolved to its value: what the toolkit works with. */
export interface TargetProfile {
  /**
   * How each token was given, as a replay line should name it (never the value): `$MFC_TOKEN` for one
   * read from that environment variable, `<tokens.primary of p.yaml>` for one written in the file.
   */
  tokenSources?: Partial<Record<TokenName, string>>;
  baseUrl: string;
  environment: Environment;
  allowWrites?: boolean;
  tokens: Tokens<string>;
  fixtures: Fixtures;
  features?: Features;
  /** The generated-input checks: `casesPerOperation`, the budget of cases each operation gets (`--cases` overrides it). */
  generatedInputs?: { casesPerOperation?: number };
  /**
   * `maxWaitSeconds`: the longest one request may wait for the rate limit (default 120 s) before the
   * run stops. `share`: the most of each minute's limit the run uses, leaving the rest to the
   * merchant's own integration (default 0.5 for staging and production, 1 for local).
   */
  rateLimit?: { perMinute?: number; provoke?: boolean; maxWaitSeconds?: number; share?: number };
  webhooks?: WebhookSettings<string>;
  connection?: ProfileConnection;
}

/** A target profile as written in a file, before tokens are read from the environment. */
export interface TargetProfileFile extends Omit<TargetProfile, 'tokens' | 'webhooks' | 'connection'> {
  tokens: Tokens<TokenSource>;
  webhooks?: WebhookSettings<TokenSource>;
  connection?: ConnectionSettings;
}
