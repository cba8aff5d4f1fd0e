import type { RegisteredCheck } from '../checks/registry.js';
import type { Environment, Features, ProfileConnection } from '../profile/index.js';
import { rateShare } from '../profile/share.js';
import { discoverOtherMerchant, discoverPrimary, GivenFixtureError, givenSku, origin, TargetError, type Found, type GivenFixtures, type GivenSku } from './discover.js';
import { describeChecks } from './keys.js';
import { missingKeys, renderProfileYaml, type MissingKey, type ProfileDraft } from './profile-yaml.js';
import { TargetReader } from './reader.js';
import { verifySigningToken, verifyTokens, type OtherToken, type TokenVerdict } from './tokens.js';

/** What `mfc init` was told: the target, the tokens (by variable, with their values to call with) and where to write. */
export interface InitOptions {
  baseUrl: string;
  environment: Environment;
  allowWrites: boolean;
  primary: { env: string; value: string };
  others: OtherToken[];
  /** The webhook signing token (`--signing-token-env`): the channel's oldest valid token (§6.3 point 1). */
  signing?: { env: string; value: string };
  /** What a server that starts empty cannot show, given with flags: the primary's channel, warehouse and SKU (else discovered). */
  given?: GivenFixtures;
  /** `fixtures.otherChannelSku` (`--other-channel-sku-id`), confirmed with `tokens.sameMerchantOtherChannel`. */
  otherChannelSku?: GivenSku;
  /** `fixtures.batchSku` (`--batch-sku-id`): never discovered, as the checks write batch settings on it. */
  batchSku?: GivenSku;
  /** `fixtures.otherMerchant`'s channel, warehouse and SKU (`--other-merchant-…`), else discovered with its token. */
  otherMerchant?: GivenFixtures;
  /** `features` as the user gives them (`--batch-tracking`, `--expiry-handling`): no read can tell. */
  features?: Features;
  out: string;
  /** The registered checks: which keys they need. */
  checks: readonly RegisteredCheck[];
  now?: Date;
  requestTimeoutMs?: number;
  /** How the target is reached (the connection flags), written into the profile as given. */
  connection?: ProfileConnection;
}

/** The written profile's text, what went into it, and the keys it leaves out. */
export interface InitOutcome {
  yaml: string;
  draft: ProfileDraft;
  missing: MissingKey[];
  /** GETs sent to the target. */
  requests: number;
}

/** The lower of the limits the versions announced (v1 per channel, v2 per merchant, §8). */
function perMinuteOf(reader: TargetReader): Found<number> | undefined {
  const seen = [reader.rateLimitMax.v1, reader.rateLimitMax.v2].filter((max) => max !== undefined);
  const lowest = seen.sort((a, b) => a.value - b.value)[0];
  if (!lowest) return undefined;
  const differs = seen.some((max) => max.value !== lowest.value);
  return { value: lowest.value, source: lowest.source, ...(differs ? { note: `the versions announced ${seen.map((max) => max.value).join(' and ')}; the lower is taken` } : {}) };
}

/**
 * Discovers what the profile needs through the API (read-only GETs, at most half of each rate-limit
 * window outside `local`) and renders the commented profile. Throws `TargetError` when the target
 * cannot be reached, refuses the primary token, or shows no sales channel for it.
 */
export async function initProfile(options: InitOptions): Promise<InitOutcome> {
  const share = rateShare({ environment: options.environment });
  const reader = new TargetReader({
    baseUrl: options.baseUrl,
    secrets: [options.primary.value, ...options.others.map((token) => token.value), ...(options.signing ? [options.signing.value] : [])],
    ...(share === undefined ? {} : { share }),
    ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
    ...(options.connection === undefined ? {} : { connection: options.connection }),
  });
  try {
    const discovery = await discoverPrimary(reader, options.baseUrl, options.primary.value, options.primary.env, options.given);
    const verdicts = await verifyTokens(reader, options.primary.value, options.others, discovery);
    if (options.otherChannelSku !== undefined) await giveOtherChannelSku(reader, options.otherChannelSku, options.others, verdicts);
    const batchSku = options.batchSku && await givenSku(reader, options.primary.value, options.batchSku, { id: '--batch-sku-id', code: '--batch-sku-code' });
    const signing = options.signing && await verifySigningToken(reader, options.signing, options.primary.value, discovery);
    // With the other merchant's own channel, warehouse and SKU, write checks can run in its windows too.
    const otherMerchant = verdicts.some((verdict) => verdict.key === 'otherMerchant' && verdict.use) ? options.others.find((token) => token.key === 'otherMerchant') : undefined;
    const otherMerchantFixtures = otherMerchant && await discoverOtherMerchant(reader, options.baseUrl, otherMerchant, options.otherMerchant);
    const perMinute = perMinuteOf(reader);
    const draft: ProfileDraft = {
      baseUrl: options.baseUrl,
      environment: options.environment,
      allowWrites: options.allowWrites,
      primaryEnv: options.primary.env,
      discovery,
      verdicts,
      ...(signing ? { signing } : {}),
      ...(otherMerchantFixtures ? { otherMerchantFixtures } : {}),
      ...(batchSku ? { batchSku } : {}),
      ...(options.features === undefined ? {} : { features: options.features }),
      ...(perMinute ? { perMinute } : {}),
      out: options.out,
      ...(options.connection === undefined ? {} : { connection: options.connection.settings }),
      writtenAt: (options.now ?? new Date()).toISOString(),
    };
    const missing = missingKeys(draft, options.checks);
    // The one key a profile cannot do without: said with every other flag the target made necessary, so one more try is enough.
    if (!discovery.salesChannelId) {
      const others = missing.filter((item) => item.flag !== undefined).map((item) => `${item.key} (${item.flag})`);
      if (otherMerchantFixtures !== undefined && 'missing' in otherMerchantFixtures) others.push(`fixtures.otherMerchant (${otherMerchantFixtures.missing})`);
      throw new TargetError(
        "the primary token's sales channel could not be discovered: neither GET /merchant_api/v1/orders nor GET /merchant_api/v1/shipments lists a record with sales_channel_id; give it with --sales-channel-id N"
        + (others.length === 0 ? '' : `. Not discovered either, and skipped without: ${others.join(', ')}`),
      );
    }
    return { yaml: renderProfileYaml(draft, options.checks), draft, missing, requests: reader.http.requestCount };
  } finally {
    await reader.close();
  }
}

/** `--other-channel-sku-id`: confirmed with `tokens.sameMerchantOtherChannel`, which must be given and usable, and put in its verdict. */
async function giveOtherChannelSku(reader: TargetReader, given: GivenSku, others: readonly OtherToken[], verdicts: TokenVerdict[]): Promise<void> {
  const token = others.find((other) => other.key === 'sameMerchantOtherChannel');
  const verdict = verdicts.find((candidate) => candidate.key === 'sameMerchantOtherChannel');
  if (token === undefined || verdict === undefined) throw new GivenFixtureError('--other-channel-sku-id needs the other channel\'s token: give --same-merchant-other-channel-token-env VAR');
  if (!verdict.use) throw new GivenFixtureError(`--other-channel-sku-id needs a usable tokens.sameMerchantOtherChannel, and ${token.env} is left out: ${verdict.why}`);
  verdict.otherChannelSku = await givenSku(reader, token.value, given, { id: '--other-channel-sku-id', code: '--other-channel-sku-code' });
}

/** What `mfc init` prints: what it found and from where, the tokens it checked, and the checks that skip for each key left out. */
export function renderInitSummary(outcome: InitOutcome, checks: readonly RegisteredCheck[]): string {
  const { draft } = outcome;
  const { discovery } = draft;
  const lines = [`mfc init: ${draft.baseUrl} answers; the token in ${draft.primaryEnv} works (${outcome.requests} GET requests, nothing written to the target)`];
  if (discovery.versionProblems.v2) lines.push(`  v2: ${discovery.versionProblems.v2}`);
  const found: Array<[string, Found<unknown> | undefined, string]> = [
    ['fixtures.salesChannelId', discovery.salesChannelId, String(discovery.salesChannelId?.value)],
    ['fixtures.warehouseId', discovery.warehouseId, String(discovery.warehouseId?.value)],
    ['fixtures.sku', discovery.sku, `${discovery.sku?.value.id} ${discovery.sku?.value.sku_code}`],
    ['rateLimit.perMinute', draft.perMinute, String(draft.perMinute?.value)],
  ];
  const otherSku = draft.verdicts.find((verdict) => verdict.key === 'sameMerchantOtherChannel')?.otherChannelSku;
  found.splice(3, 0, ['fixtures.otherChannelSku', otherSku, `${otherSku?.value.id} ${otherSku?.value.sku_code}`], ['fixtures.batchSku', draft.batchSku, `${draft.batchSku?.value.id} ${draft.batchSku?.value.sku_code}`]);
  for (const [key, value, shown] of found) {
    if (value) lines.push(`  ${key} ${shown}: ${origin(value)}${value.note ? ` (${value.note})` : ''}`);
  }
  for (const verdict of draft.verdicts) lines.push(`  tokens.${verdict.key} (${verdict.env}): ${verdict.use ? 'used' : 'left out'}: ${verdict.why}`);
  const otherMerchant = draft.otherMerchantFixtures;
  if (otherMerchant && 'value' in otherMerchant) lines.push(`  fixtures.otherMerchant channel ${otherMerchant.value.salesChannelId}, warehouse ${otherMerchant.value.warehouseId}, SKU ${otherMerchant.value.sku.id} ${otherMerchant.value.sku.sku_code}: for tokens.otherMerchant, ${otherMerchant.source}`);
  if (otherMerchant && 'missing' in otherMerchant) lines.push(`  fixtures.otherMerchant: left out (${otherMerchant.missing}); the run keeps every write check on the primary's windows`);
  const features = Object.entries(draft.features ?? {}).map(([key, value]) => `${key} ${String(value)}`);
  if (features.length > 0) lines.push(`  features ${features.join(', ')}: as given`);
  if (draft.signing) lines.push(`  webhooks.signingToken (${draft.signing.env}): ${draft.signing.use ? 'written in the commented webhooks block' : 'left out'}: ${draft.signing.why}`);
  const writers = checks.filter((check) => check.writes);
  if (!draft.allowWrites) lines.push(`  allowWrites false: skips ${describeChecks(writers)}${draft.environment === 'production' ? '' : ' (--allow-writes turns them on)'}`);
  if (outcome.missing.length > 0) {
    lines.push('Not in the profile, so their checks are skipped:');
    for (const item of outcome.missing) lines.push(`  ${item.key}: ${describeChecks(item.checks)}; ${item.hint}`);
  }
  return `${lines.join('\n')}\n`;
}
