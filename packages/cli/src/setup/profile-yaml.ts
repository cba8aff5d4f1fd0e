import type { RegisteredCheck } from '../checks/registry.js';
import { safeLine } from '../text/terminal.js';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import type { ConnectionSettings, Environment, Features, MerchantFixtures, SkuFixture, TokenName, TokenSource } from '../profile/index.js';
import type { Found, PrimaryDiscovery } from './discover.js';
import { checksNeeding, describeChecks, keyMeaning } from './keys.js';
import type { OtherToken, SigningVerdict, TokenVerdict } from './tokens.js';

/** Everything `mfc init` knows when it writes the profile. */
export interface ProfileDraft {
  baseUrl: string;
  environment: Environment;
  allowWrites: boolean;
  /** The environment variable holding the primary token. */
  primaryEnv: string;
  discovery: PrimaryDiscovery;
  /** The other tokens that were given, each with what the target showed. */
  verdicts: TokenVerdict[];
  /** The webhook signing token, when given (`--signing-token-env`), with what the target showed. */
  signing?: SigningVerdict;
  perMinute?: Found<number>;
  /** The other merchant's channel, warehouse and SKU (`fixtures.otherMerchant`), or why they could not be read; absent without a usable `tokens.otherMerchant`. */
  otherMerchantFixtures?: Found<MerchantFixtures> | { missing: string };
  /** `fixtures.batchSku`, when given with `--batch-sku-id` (never discovered). */
  batchSku?: Found<SkuFixture>;
  /** `features`, as given with `--batch-tracking` and `--expiry-handling` (no read can tell). */
  features?: Features;
  /** The file name, for the commands the header suggests. */
  out: string;
  /** How the target was reached (the connection flags): file names absolute, secrets as `{env: VAR}`. */
  connection?: ConnectionSettings;
  /** When it was written (ISO 8601). */
  writtenAt: string;
}

/** A profile key the draft cannot fill, with the checks that skip without it and how to fill it. */
export interface MissingKey {
  key: string;
  checks: RegisteredCheck[];
  /** What to do about it, in one line. */
  hint: string;
  /** The `mfc init` flag that fills it, when one does (`--sku-id N`). */
  flag?: string;
}

/** The flag that names each other token's environment variable. */
export const tokenFlags: Record<OtherToken['key'], string> = {
  sameMerchantOtherChannel: '--same-merchant-other-channel-token-env',
  otherMerchant: '--other-merchant-token-env',
  expired: '--expired-token-env',
  inactiveChannel: '--inactive-channel-token-env',
};

const otherTokenKeys = Object.keys(tokenFlags) as Array<OtherToken['key']>;

// A comment is one line: what a target or a user wrote cannot break the file's structure or a terminal.
const oneLine = safeLine;

/**
 * A YAML scalar for a string: JSON's double-quoted form is YAML too; the characters YAML does not
 * print (DEL, C1 controls, the line and paragraph separators, BOM) are escaped as well.
 */
const quoted = (text: string): string =>
  JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

const skuYaml = (sku: SkuFixture): string => `{id: ${sku.id}, sku_code: ${quoted(sku.sku_code)}}`;

const foundLine = (found: Found<unknown>): string =>
  `${found.source.startsWith('given ') ? `G${found.source.slice(1)}` : `Discovered from ${found.source}`}${found.note ? `; ${found.note}` : ''}.`;

/** The keys the draft leaves out that some check needs, in profile order. */
export function missingKeys(draft: ProfileDraft, checks: readonly RegisteredCheck[]): MissingKey[] {
  const missing: MissingKey[] = [];
  const add = (key: string, hint: string, flag?: string) => {
    const needing = checksNeeding(checks, key);
    if (needing.length > 0) missing.push({ key, checks: needing, hint: flag === undefined ? hint : `${hint}: give ${flag}`, ...(flag === undefined ? {} : { flag }) });
  };
  for (const key of otherTokenKeys) {
    const verdict = draft.verdicts.find((given) => given.key === key);
    if (verdict === undefined) add(`tokens.${key}`, `give ${tokenFlags[key]} VAR`);
    else if (!verdict.use) add(`tokens.${key}`, `left out: ${verdict.why}`);
  }
  const { discovery } = draft;
  if (!discovery.warehouseId) add('fixtures.warehouseId', 'GET /merchant_api/v1/warehouses listed none; name a warehouse of the merchant', '--warehouse-id N');
  if (!discovery.sku) add('fixtures.sku', "no order of the channel names an active SKU (a server that starts empty has none); name one of the channel's active SKUs", '--sku-id N');
  const otherChannel = draft.verdicts.find((verdict) => verdict.key === 'sameMerchantOtherChannel' && verdict.use);
  if (!otherChannel?.otherChannelSku) {
    if (otherChannel) add('fixtures.otherChannelSku', 'no order of that channel names an active SKU; name one', '--other-channel-sku-id N');
    else add('fixtures.otherChannelSku', 'needs tokens.sameMerchantOtherChannel first');
  }
  if (!draft.batchSku) add('fixtures.batchSku', 'not chosen by mfc init, as the checks write batch settings on it and may turn its batch tracking on (§4.2); name a SKU you can spare', '--batch-sku-id N');
  if (draft.features?.batchTracking === undefined) add('features.batchTracking', 'a read cannot tell; say how the merchant is set up', '--batch-tracking true|false');
  if (draft.features?.expiryHandling === undefined) add('features.expiryHandling', 'a read cannot tell; say how the merchant is set up', '--expiry-handling true|false');
  if (!draft.perMinute) add('rateLimit.perMinute', 'no answer carried X-Rate-Limit-Max; set the limit you were given');
  add('webhooks', 'register with the provider URLs that reach a receiver on this machine (v1 through the account manager, v2 in the merchant dashboard; a tunnel or reverse proxy may stand in front), then fill the block');
  return missing;
}

/** `needed by 15 checks (v1.orders 8, …)`, or nothing when no check names the key. */
function neededBy(checks: readonly RegisteredCheck[], key: string): string {
  const needing = checksNeeding(checks, key);
  return needing.length === 0 ? '' : ` Needed by ${describeChecks(needing)}.`;
}

function tokenLines(draft: ProfileDraft, checks: readonly RegisteredCheck[], key: TokenName): string[] {
  const head = `  # ${key}: ${keyMeaning[`tokens.${key}`]}.${neededBy(checks, `tokens.${key}`)}`;
  if (key === 'primary') return [`  # primary: ${keyMeaning['tokens.primary']}. Every check uses it.`, `  primary: {env: ${draft.primaryEnv}}`];
  const verdict = draft.verdicts.find((given) => given.key === key);
  if (verdict === undefined) {
    return [head, `  # Not given: those checks are skipped. Give the variable's name with ${tokenFlags[key]} VAR, or uncomment:`, `  # ${key}: {env: VAR}`];
  }
  if (!verdict.use) return [head, oneLine(`  # Left out, so those checks are skipped: ${verdict.why}.`), `  # ${key}: {env: ${verdict.env}}`];
  return [head, oneLine(`  # Checked: ${verdict.why}.`), `  ${key}: {env: ${verdict.env}}`];
}

function fixtureLines(draft: ProfileDraft, checks: readonly RegisteredCheck[], missing: readonly MissingKey[]): string[] {
  const { discovery } = draft;
  const lines = ['fixtures:'];
  const entry = (key: string, found: Found<unknown> | undefined, value: string | undefined, example: string) => {
    lines.push(oneLine(`  # ${key}: ${keyMeaning[`fixtures.${key}`]}.${neededBy(checks, `fixtures.${key}`)}`));
    if (found && value !== undefined) {
      lines.push(oneLine(`  # ${foundLine(found)}`), `  ${key}: ${value}`);
      return;
    }
    const gap = missing.find((item) => item.key === `fixtures.${key}`);
    lines.push(oneLine(`  # Not filled${gap ? `: ${gap.hint}` : ''}. Without it those checks are skipped.`), `  # ${key}: ${example}`);
  };
  const channel = discovery.salesChannelId;
  entry('salesChannelId', channel, channel ? String(channel.value) : undefined, '0');
  entry('warehouseId', discovery.warehouseId, discovery.warehouseId ? String(discovery.warehouseId.value) : undefined, '0');
  entry('sku', discovery.sku, discovery.sku ? skuYaml(discovery.sku.value) : undefined, '{id: 0, sku_code: "SKU-CODE"}');
  const otherSku = draft.verdicts.find((verdict) => verdict.key === 'sameMerchantOtherChannel' && verdict.use)?.otherChannelSku;
  entry('otherChannelSku', otherSku, otherSku ? skuYaml(otherSku.value) : undefined, '{id: 0, sku_code: "SKU-CODE"}');
  entry('batchSku', draft.batchSku, draft.batchSku ? skuYaml(draft.batchSku.value) : undefined, '{id: 0, sku_code: "SKU-CODE"}');
  const other = draft.otherMerchantFixtures;
  if (other !== undefined) {
    lines.push(oneLine(`  # otherMerchant: ${keyMeaning['fixtures.otherMerchant']}.`));
    if ('value' in other) {
      const { salesChannelId, warehouseId, sku } = other.value;
      lines.push(oneLine(`  # For tokens.otherMerchant: ${other.source}${other.note ? `; ${other.note}` : ''}.`), `  otherMerchant: {salesChannelId: ${salesChannelId}, warehouseId: ${warehouseId}, sku: ${skuYaml(sku)}}`);
    } else {
      lines.push(oneLine(`  # Not filled: ${other.missing}. Without it every write check runs as the primary.`), '  # otherMerchant: {salesChannelId: 0, warehouseId: 0, sku: {id: 0, sku_code: "SKU-CODE"}}');
    }
  }
  return lines;
}

function allowWritesLines(draft: ProfileDraft, checks: readonly RegisteredCheck[]): string[] {
  const writers = checks.filter((check) => check.writes);
  const lines = [`# allowWrites: ${keyMeaning.allowWrites}. ${describeChecks(writers)} write.`];
  if (draft.environment === 'production') {
    lines.push(
      '# This is production: write checks create, update and cancel real records of the merchant. With true, mfc run',
      '# also needs --allow-production-writes, else it exits 2 before any request. mfc init writes true only with --allow-writes.',
    );
  } else if (!draft.allowWrites) {
    lines.push('# mfc init writes true only with --allow-writes: the write checks create records (each carries the run marker) and cancel them.');
  }
  lines.push(`allowWrites: ${draft.allowWrites}`);
  return lines;
}

function featureLines(draft: ProfileDraft, checks: readonly RegisteredCheck[]): string[] {
  const lines = [
    oneLine(`#   batchTracking: ${keyMeaning['features.batchTracking']}.${neededBy(checks, 'features.batchTracking')}`),
    oneLine(`#   expiryHandling: ${keyMeaning['features.expiryHandling']}.${neededBy(checks, 'features.expiryHandling')}`),
  ];
  const given = draft.features ?? {};
  if (given.batchTracking === undefined && given.expiryHandling === undefined) {
    return [
      '# features: what the merchant has switched on. A read cannot tell, so the block is left for you (mfc init --batch-tracking,',
      '# --expiry-handling); each absent key skips its checks.',
      ...lines, '# features:', '#   batchTracking: true', '#   expiryHandling: true',
    ];
  }
  const value = (key: keyof Features) => (given[key] === undefined ? `  # ${key}: true` : `  ${key}: ${given[key]}`);
  return ['# features: what the merchant has switched on, as given to mfc init (a read cannot tell); an absent key skips its checks.', ...lines, 'features:', value('batchTracking'), value('expiryHandling')];
}

function rateLimitLines(draft: ProfileDraft, checks: readonly RegisteredCheck[]): string[] {
  const lines = ['rateLimit:', oneLine(`  # perMinute: ${keyMeaning['rateLimit.perMinute']}.${neededBy(checks, 'rateLimit.perMinute')}`)];
  if (draft.perMinute) lines.push(oneLine(`  # Discovered from X-Rate-Limit-Max on ${draft.perMinute.source}${draft.perMinute.note ? `; ${draft.perMinute.note}` : ''}.`), `  perMinute: ${draft.perMinute.value}`);
  else lines.push('  # Not discovered: no answer carried X-Rate-Limit-Max. The run then paces by what the answers show.', '  # perMinute: 100');
  const provokers = checks.filter((check) => check.provokes429);
  lines.push(oneLine(`  # provoke: ${keyMeaning['rateLimit.provoke']}. false skips ${describeChecks(provokers)}; no other check may cause a 429.`));
  if (draft.environment !== 'local') lines.push("  # Against a shared deployment a provoked 429 also slows the merchant's own integration for the rest of that minute.");
  lines.push('  provoke: false');
  return lines;
}

/** The signing token's lines inside the commented webhooks block: what it is, then the key as given, checked, or to fill. */
function signingLines(draft: ProfileDraft): string[] {
  const lines = [
    `#   # signingToken: ${keyMeaning['webhooks.signingToken']}.`,
    '#   # Without it the signature checks skip a call no profile token signed, naming this key; with it they are strict.',
  ];
  const signing = draft.signing;
  if (signing === undefined) return [...lines, '#   # Not given (mfc init --signing-token-env VAR); when the channel has several tokens, fill:', '#   # signingToken: {env: VAR}'];
  if (!signing.use) return [...lines, oneLine(`#   # Left out: ${signing.why}.`), `#   # signingToken: {env: ${signing.env}}`];
  return [...lines, oneLine(`#   # Checked: ${signing.why}.`), `#   signingToken: {env: ${signing.env}}`];
}

function webhookLines(draft: ProfileDraft, checks: readonly RegisteredCheck[]): string[] {
  const retryChecks = checksNeeding(checks, 'webhooks.retryWithinMs');
  return [
    oneLine(`# webhooks: ${keyMeaning.webhooks}.${neededBy(checks, 'webhooks')}`),
    '# Not discoverable through the API. The deployment posts to the URLs registered with the provider: for v1 through',
    '# the account manager, for v2 in the merchant dashboard (§6). The run receives them on host:port at v1Path and',
    '# v2Path; behind a tunnel or reverse proxy, register its public URLs (publicV1Url, publicV2Url: mfc doctor shows',
    '# them) and have it forward to host:port with the raw body and headers unchanged. Then uncomment and fill:',
    '# webhooks:',
    '#   host: 127.0.0.1',
    '#   port: 8787',
    '#   v1Path: /webhooks/v1',
    '#   v2Path: /webhooks/v2',
    `#   # publicV1Url, publicV2Url: ${keyMeaning['webhooks.publicV1Url']}.`,
    '#   publicV1Url: https://hooks.example.test/webhooks/v1',
    '#   publicV2Url: https://hooks.example.test/webhooks/v2',
    ...signingLines(draft),
    `#   # timeoutMs: ${keyMeaning['webhooks.timeoutMs']}.`,
    '#   timeoutMs: 10000',
    oneLine(`#   # retryWithinMs: ${keyMeaning['webhooks.retryWithinMs']}; 65000 for a 60 s first wait.`),
    oneLine(`#   # ${retryChecks.length === 0 ? 'The retry checks need it' : `Needed by ${describeChecks(retryChecks)}`}: each waits about this long, for the retry or to see`),
    "#   # that none comes, several side by side: the longer it is, the longer the run; shorter than the deployment's wait fails them.",
    '#   retryWithinMs: 65000',
    `#   # answerLimitMs: ${keyMeaning['webhooks.answerLimitMs']}.`,
    '#   answerLimitMs: 5000',
  ];
}

const sourceYaml = (source: TokenSource): string => (typeof source === 'string' ? quoted(source) : `{env: ${source.env}}`);

/** The connection block: what the flags gave, file names relative to the profile's folder; without flags, a commented example. */
function connectionLines(draft: ProfileDraft): string[] {
  const head = [
    '# connection: how every request of mfc run, doctor, init and cleanup reaches the deployment (docs/PROFILE.md): a company',
    '# proxy (else HTTPS_PROXY/HTTP_PROXY/NO_PROXY, as curl reads them), certificate authorities besides Node\'s own, a client',
    '# certificate for mutual TLS, headers a gateway wants (a value read with {env: VAR} is a secret), the answer bound.',
  ];
  const settings = draft.connection;
  if (settings === undefined) {
    return [...head, '# connection:', '#   proxy: "http://proxy.example.test:3128"', '#   ca: "company-ca.pem"', '#   clientCertificate: {cert: "client.pem", key: "client.key", passphrase: {env: CLIENT_KEY_PASSPHRASE}}', '#   headers:', '#     "X-Api-Key": {env: GATEWAY_KEY}'];
  }
  const folder = dirname(resolve(draft.out));
  // Relative to the profile's folder, as the loader reads them; a file elsewhere keeps its absolute name.
  const file = (path: string) => {
    const near = relative(folder, path);
    return quoted(near.startsWith('..') || isAbsolute(near) ? path : near);
  };
  const lines = [...head, '# Written from the connection flags mfc init was given.', 'connection:'];
  const { proxy, ca, clientCertificate, headers, maxAnswerBytes } = settings;
  if (typeof proxy === 'string') lines.push(`  proxy: ${quoted(proxy)}`);
  else if (proxy !== undefined) {
    const parts = [`url: ${quoted(proxy.url)}`, ...(proxy.username === undefined ? [] : [`username: ${quoted(proxy.username)}`]), ...(proxy.password === undefined ? [] : [`password: ${sourceYaml(proxy.password)}`])];
    lines.push(`  proxy: {${parts.join(', ')}}`);
  }
  if (ca !== undefined) lines.push(`  ca: ${file(ca)}`);
  if (clientCertificate !== undefined) {
    const passphrase = clientCertificate.passphrase === undefined ? '' : `, passphrase: ${sourceYaml(clientCertificate.passphrase)}`;
    lines.push(`  clientCertificate: {cert: ${file(clientCertificate.cert)}, key: ${file(clientCertificate.key)}${passphrase}}`);
  }
  if (headers !== undefined) lines.push('  headers:', ...Object.entries(headers).map(([name, value]) => `    ${quoted(name)}: ${sourceYaml(value)}`));
  if (maxAnswerBytes !== undefined) lines.push(`  maxAnswerBytes: ${maxAnswerBytes}`);
  return lines.map(oneLine);
}

/**
 * The profile as commented YAML: each key with a line saying what it is and which checks need it,
 * discovered values with the request they came from, and every key left out commented in place with
 * the checks skipped without it. Tokens are `{env: VAR}` references; no token value is ever written.
 */
export function renderProfileYaml(draft: ProfileDraft, checks: readonly RegisteredCheck[]): string {
  const missing = missingKeys(draft, checks);
  const v2Problem = draft.discovery.versionProblems.v2;
  const lines = [
    oneLine(`# mfc target profile (docs/PROFILE.md) for ${draft.baseUrl}, written by mfc init at ${draft.writtenAt}.`),
    '# No token value is stored here: each token is read from the environment variable it names when mfc runs.',
    oneLine(`# Check it without writing anything: mfc doctor --profile ${draft.out}   Then: mfc run --profile ${draft.out}`),
    '# A key left out (commented below) skips the checks that need it; the report names the key for each skip.',
    ...(v2Problem ? [oneLine(`# v2 could not be used with the primary token: ${v2Problem}. Run with --api v1 until it can.`)] : []),
    '',
    oneLine(`# baseUrl: ${keyMeaning.baseUrl}.`),
    `baseUrl: ${quoted(draft.baseUrl)}`,
    `# environment: ${keyMeaning.environment}.`,
    `environment: ${draft.environment}`,
    ...allowWritesLines(draft, checks),
    '',
    ...connectionLines(draft),
    '',
    '# tokens: each {env: VAR} is read from the environment variable VAR when mfc runs.',
    'tokens:',
    ...(['primary', ...otherTokenKeys] as TokenName[]).flatMap((key) => tokenLines(draft, checks, key)),
    '',
    ...fixtureLines(draft, checks, missing),
    '',
    ...featureLines(draft, checks),
    '',
    ...rateLimitLines(draft, checks),
    '',
    ...webhookLines(draft, checks),
  ];
  return `${lines.join('\n')}\n`;
}
