import { existsSync, writeFileSync } from 'node:fs';
import type { RegisteredCheck } from '../../checks/registry.js';
import { loadProfile, profileProblems, type Environment } from '../../profile/index.js';
import type { GivenFixtures, GivenSku, InitAnswers, InitOptions, OtherToken } from '../../setup/index.js';
import type { Command } from '../command.js';
import { UsageError } from '../command.js';
import { parseFlags } from '../flags.js';
import { connectionFlags, connectionFlagsHelp, connectionFromFlags, resolveFlagConnection } from '../connection-flags.js';
import { safeText } from '../../text/terminal.js';
import { fileProblem } from '../../text/file-problem.js';

const help = `Usage: mfc init --base-url URL --environment local|staging|production --token-env VAR [flags]
       mfc init                       (on a terminal: asks for what the flags do not give)

Writes a target profile (docs/PROFILE.md) for a deployment. It reaches the API with the primary token
(read-only GETs, paced below the rate limit) and discovers the token's sales channel, a warehouse,
an active SKU from recent orders, the rate limit (X-Rate-Limit-Max), and whether the other tokens
belong to the merchant and channel their keys say. The profile is commented YAML: each key says
what it is and which checks need it, discovered values name the request they came from, and each
key it cannot fill is left commented with the checks that skip without it.

Tokens are written as {env: VAR} references, never as values: give the NAME of the environment
variable holding each token, not the token.

Flags:
  --base-url URL                               the specification's {base_url} (env MFC_BASE_URL)
  --environment local|staging|production       (env MFC_ENVIRONMENT)
  --token-env VAR                              the variable holding the primary token (default
                                               MFC_TOKEN when that is set)
  --same-merchant-other-channel-token-env VAR  a token of another sales channel of the merchant
  --other-merchant-token-env VAR               a token of a different merchant
  --expired-token-env VAR                      an expired token
  --inactive-channel-token-env VAR             a token of an inactive sales channel
  --signing-token-env VAR                      the token webhooks are signed with: the sales
                                               channel's OLDEST valid token (§6.3), when the
                                               channel has several (else the primary signs)
  --sales-channel-id N                         the primary token's sales channel, when its orders
                                               and shipments cannot show it
  --warehouse-id N                             fixtures.warehouseId, when GET /warehouses lists none
  --sku-id N                                   fixtures.sku: an active SKU of the primary channel, when
                                               no order names one (a server that starts empty)
  --sku-code CODE                              its code, when GET /skus/N does not show it
  --other-channel-sku-id N                     fixtures.otherChannelSku: an active SKU of the other
                                               channel (with --same-merchant-other-channel-token-env)
  --other-channel-sku-code CODE                its code, when GET /skus/N does not show it
  --batch-sku-id N                             fixtures.batchSku: a SKU of the primary channel the
                                               checks write inventory batches and batch settings on
  --batch-sku-code CODE                        its code, when GET /skus/N does not show it
  --other-merchant-sales-channel-id N          fixtures.otherMerchant (with --other-merchant-token-env):
  --other-merchant-warehouse-id N              that merchant's sales channel, warehouse and active
  --other-merchant-sku-id N                    SKU, when its records cannot show them
  --other-merchant-sku-code CODE
  --batch-tracking true|false                  features.batchTracking: whether the merchant has it
  --expiry-handling true|false                 features.expiryHandling: whether it is enrolled
  --allow-writes                               write allowWrites: true (else false); in production
                                               a run with writes also needs --allow-production-writes
  --out FILE                                   where to write (default mfc-profile.yaml)
  --force                                      overwrite FILE if it exists

${connectionFlagsHelp}
  init reaches the target with them and writes them into the profile's connection block (secrets
  only as {env: VAR}, file names relative to the profile's folder).

What init cannot discover (a server that starts empty shows no order to read a SKU or a channel
from) it takes from the flags above, confirming each where the target can (GET /skus/N, GET
/warehouses); it says which flag each key it left out needs.

Exit codes: 0 the profile was written; 1 the target could not be reached, is not the API, refused
the primary token, showed no sales channel for it, or showed a given value wrong (a deleted SKU,
another merchant's warehouse); 2 wrong invocation (a flag, a variable that is not set, FILE exists
without --force).`;

const otherFlags: Record<OtherToken['key'], string> = {
  sameMerchantOtherChannel: 'same-merchant-other-channel-token-env',
  otherMerchant: 'other-merchant-token-env',
  expired: 'expired-token-env',
  inactiveChannel: 'inactive-channel-token-env',
};

function parse(args: string[]) {
  return parseFlags('init', args, {
    'base-url': { type: 'string' },
    environment: { type: 'string' },
    'token-env': { type: 'string' },
    'same-merchant-other-channel-token-env': { type: 'string' },
    'other-merchant-token-env': { type: 'string' },
    'expired-token-env': { type: 'string' },
    'inactive-channel-token-env': { type: 'string' },
    'signing-token-env': { type: 'string' },
    'sales-channel-id': { type: 'string' },
    'warehouse-id': { type: 'string' },
    'sku-id': { type: 'string' },
    'sku-code': { type: 'string' },
    'other-channel-sku-id': { type: 'string' },
    'other-channel-sku-code': { type: 'string' },
    'batch-sku-id': { type: 'string' },
    'batch-sku-code': { type: 'string' },
    'other-merchant-sales-channel-id': { type: 'string' },
    'other-merchant-warehouse-id': { type: 'string' },
    'other-merchant-sku-id': { type: 'string' },
    'other-merchant-sku-code': { type: 'string' },
    'batch-tracking': { type: 'string' },
    'expiry-handling': { type: 'string' },
    'allow-writes': { type: 'boolean' },
    out: { type: 'string', default: 'mfc-profile.yaml' },
    force: { type: 'boolean', default: false },
    ...connectionFlags,
  });
}

// Conventional variable names are safe to quote back; anything else may be a token pasted by mistake.
const shownName = (name: string): string => (/^[A-Z][A-Z0-9_]{0,63}$/.test(name) ? name : 'the variable named');

/** Why `name` cannot be used as a token's variable, or undefined; never quotes what may be a token. */
function envNameProblem(name: string, env: NodeJS.ProcessEnv): string | undefined {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return 'expected the NAME of an environment variable (letters, digits, _), not a token';
  if ((env[name] ?? '') === '') return `${shownName(name)} is not set in this environment (export it first; mfc init never asks for the token itself)`;
  return undefined;
}

function baseUrlProblem(url: string): string | undefined {
  const problems = profileProblems({ baseUrl: url, environment: 'local', tokens: { primary: { env: 'X' } }, fixtures: { salesChannelId: 0 } });
  return problems.length === 0 ? undefined : problems.map((line) => line.replace('"baseUrl"', 'the base URL')).join('; ');
}

function environmentOf(value: string | undefined): Environment | undefined {
  if (value === undefined) return undefined;
  if (value !== 'local' && value !== 'staging' && value !== 'production') throw new UsageError(`--environment expects local, staging or production, received "${value}"`);
  return value;
}

/** The answers from flags and the environment; what is missing is asked on a terminal, else a usage error. */
async function answers(values: ReturnType<typeof parse>, env: NodeJS.ProcessEnv): Promise<InitAnswers> {
  const others: InitAnswers['others'] = {};
  for (const [key, flag] of Object.entries(otherFlags) as Array<[OtherToken['key'], string]>) {
    const name = (values as Record<string, unknown>)[flag];
    if (typeof name === 'string') others[key] = name;
  }
  const baseUrl = values['base-url'] ?? env.MFC_BASE_URL;
  const environment = environmentOf(values.environment ?? env.MFC_ENVIRONMENT);
  const tokenEnv = values['token-env'] ?? ((env.MFC_TOKEN ?? '') !== '' ? 'MFC_TOKEN' : undefined);
  const given: Partial<InitAnswers> = {
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(environment === undefined ? {} : { environment }),
    ...(tokenEnv === undefined ? {} : { tokenEnv }),
    ...(values['signing-token-env'] === undefined ? {} : { signingEnv: values['signing-token-env'] }),
    ...(values['allow-writes'] === undefined ? {} : { allowWrites: values['allow-writes'] }),
  };
  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  if (!interactive) {
    const missing = [given.baseUrl ? '' : '--base-url', given.environment ? '' : '--environment', given.tokenEnv ? '' : '--token-env'].filter(Boolean);
    if (missing.length > 0) throw new UsageError(`needs ${missing.join(', ')} (no terminal to ask on). Run "mfc init --help".`);
    return { ...given, baseUrl: given.baseUrl!, environment: given.environment!, tokenEnv: given.tokenEnv!, others, allowWrites: given.allowWrites ?? false };
  }
  const { askMissing, terminalAsker } = await import('../../setup/index.js');
  // A flag given for any other token means the user chose them: the rest are not asked for.
  const chosen = Object.keys(others).length > 0 ? { ...given, others } : given;
  const asker = terminalAsker();
  try {
    return await askMissing(chosen, asker, { baseUrl: baseUrlProblem, envName: (name) => envNameProblem(name, env) });
  } finally {
    asker.close();
  }
}

/** A positive integer id given with `--flag`, or undefined. */
function idFlag(values: ReturnType<typeof parse>, flag: keyof ReturnType<typeof parse>): number | undefined {
  const value = values[flag];
  if (typeof value !== 'string') return undefined;
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new UsageError(`--${flag} expects a positive integer, received "${value}"`);
  return Number(value);
}

/** A SKU given with `--<prefix>-id` and maybe `--<prefix>-code`; a code without its id is a usage error. */
function skuFlags(values: ReturnType<typeof parse>, prefix: 'sku' | 'other-channel-sku' | 'batch-sku' | 'other-merchant-sku'): GivenSku | undefined {
  const id = idFlag(values, `${prefix}-id`);
  const code = values[`${prefix}-code`];
  if (code !== undefined && (id === undefined || code.trim() === '')) throw new UsageError(`--${prefix}-code goes with --${prefix}-id N and holds the SKU's code`);
  return id === undefined ? undefined : { id, ...(code === undefined ? {} : { code }) };
}

function featureFlag(values: ReturnType<typeof parse>, flag: 'batch-tracking' | 'expiry-handling'): boolean | undefined {
  const value = values[flag];
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw new UsageError(`--${flag} expects true or false, received "${value}"`);
  return value === 'true';
}

type GivenOptions = Pick<InitOptions, 'given' | 'otherChannelSku' | 'batchSku' | 'otherMerchant' | 'features'>;

/** What the flags give instead of discovery (a server that starts empty shows no record to read it from), checked before any request. */
function givenByFlags(values: ReturnType<typeof parse>, others: readonly OtherToken[]): GivenOptions {
  const fixtures = (channel: number | undefined, warehouse: number | undefined, sku: GivenSku | undefined): GivenFixtures | undefined =>
    channel === undefined && warehouse === undefined && sku === undefined ? undefined : {
      ...(channel === undefined ? {} : { salesChannelId: channel }),
      ...(warehouse === undefined ? {} : { warehouseId: warehouse }),
      ...(sku === undefined ? {} : { sku }),
    };
  const given = fixtures(idFlag(values, 'sales-channel-id'), idFlag(values, 'warehouse-id'), skuFlags(values, 'sku'));
  const otherMerchant = fixtures(idFlag(values, 'other-merchant-sales-channel-id'), idFlag(values, 'other-merchant-warehouse-id'), skuFlags(values, 'other-merchant-sku'));
  if (otherMerchant !== undefined && !others.some((token) => token.key === 'otherMerchant')) throw new UsageError('--other-merchant-… flags describe the merchant of --other-merchant-token-env VAR; give that too');
  const otherChannelSku = skuFlags(values, 'other-channel-sku');
  if (otherChannelSku !== undefined && !others.some((token) => token.key === 'sameMerchantOtherChannel')) throw new UsageError('--other-channel-sku-id names a SKU of the channel of --same-merchant-other-channel-token-env VAR; give that too');
  const batchSku = skuFlags(values, 'batch-sku');
  const batchTracking = featureFlag(values, 'batch-tracking');
  const expiryHandling = featureFlag(values, 'expiry-handling');
  const features = batchTracking === undefined && expiryHandling === undefined ? undefined : {
    ...(batchTracking === undefined ? {} : { batchTracking }),
    ...(expiryHandling === undefined ? {} : { expiryHandling }),
  };
  return {
    ...(given === undefined ? {} : { given }),
    ...(otherChannelSku === undefined ? {} : { otherChannelSku }),
    ...(batchSku === undefined ? {} : { batchSku }),
    ...(otherMerchant === undefined ? {} : { otherMerchant }),
    ...(features === undefined ? {} : { features }),
  };
}

/** Every answer holds up before any request: a base URL the profile accepts, variables that are set, a free FILE. */
function validate(given: InitAnswers, values: ReturnType<typeof parse>, env: NodeJS.ProcessEnv): { others: OtherToken[]; signing?: { env: string; value: string } } {
  const urlProblem = baseUrlProblem(given.baseUrl);
  if (urlProblem) throw new UsageError(`--base-url: ${urlProblem}`);
  const primaryProblem = envNameProblem(given.tokenEnv, env);
  if (primaryProblem) throw new UsageError(`--token-env: ${primaryProblem}`);
  const others: OtherToken[] = [];
  for (const [key, name] of Object.entries(given.others) as Array<[OtherToken['key'], string]>) {
    const problem = envNameProblem(name, env);
    if (problem) throw new UsageError(`--${otherFlags[key]}: ${problem}`);
    others.push({ key, env: name, value: env[name]! });
  }
  const signingProblem = given.signingEnv === undefined ? undefined : envNameProblem(given.signingEnv, env);
  if (signingProblem) throw new UsageError(`--signing-token-env: ${signingProblem}`);
  if (existsSync(values.out) && !values.force) throw new UsageError(`${values.out} exists; give --force to overwrite it, or --out another file`);
  return {
    others,
    ...(given.signingEnv === undefined ? {} : { signing: { env: given.signingEnv, value: env[given.signingEnv]! } }),
  };
}

/** The registered checks, for what each key is needed by; a check file that fails to load leaves the counts out, not the profile. */
async function registered(): Promise<RegisteredCheck[]> {
  const { registeredChecks } = await import('../../rules/index.js');
  try {
    return await registeredChecks();
  } catch (error) {
    process.stderr.write(`mfc init: the profile's comments leave out which checks need each key: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
    return [];
  }
}

/** `mfc init`: asks or reads the target and token variables, discovers the fixtures through the API and writes a commented profile. */
export const command: Command = {
  summary: 'write a commented profile for a deployment, discovering fixtures through the API (GET only)',
  help,
  async run(args) {
    const env = process.env;
    const values = parse(args);
    const given = await answers(values, env);
    const { others, signing } = validate(given, values, env);
    const fromFlags = givenByFlags(values, others);
    const connectionSettings = connectionFromFlags(values, env);
    // Read before any request, so a file that cannot be used is a wrong invocation, not an unreachable target.
    const connection = connectionSettings === undefined ? undefined : resolveFlagConnection(undefined, connectionSettings, env);
    const { initProfile, renderInitSummary, TargetError } = await import('../../setup/index.js');
    const checks = await registered();
    let outcome;
    try {
      outcome = await initProfile({
        baseUrl: given.baseUrl.replace(/\/+$/, ''),
        environment: given.environment,
        allowWrites: given.allowWrites,
        primary: { env: given.tokenEnv, value: env[given.tokenEnv]! },
        others,
        ...(signing === undefined ? {} : { signing }),
        ...fromFlags,
        ...(connection === undefined ? {} : { connection }),
        out: values.out,
        checks,
      });
    } catch (error) {
      if (!(error instanceof TargetError)) throw error;
      process.stderr.write(`mfc init: ${safeText(error.message)}; no profile written\n`);
      return 1;
    }
    try {
      writeFileSync(values.out, outcome.yaml, { flag: values.force ? 'w' : 'wx' });
    } catch (error) {
      throw new UsageError(`cannot write ${values.out}: ${fileProblem(error, 'write')}${(error as NodeJS.ErrnoException).code === 'EEXIST' ? ' (--force replaces it)' : ''}`);
    }
    // The file must load as mfc run will load it: a profile init writes is never one run refuses.
    loadProfile(values.out, env);
    process.stdout.write(safeText(renderInitSummary(outcome, checks)));
    // The one next line, as every command words it: mfc-profile.yaml here is what doctor and run take by themselves.
    const { cliName } = await import('../invocation.js');
    const { DEFAULT_PROFILE } = await import('../target.js');
    const profileFlag = values.out === DEFAULT_PROFILE ? '' : ` --profile ${values.out}`;
    process.stdout.write(`wrote ${values.out}\nnext: ${cliName()} doctor${profileFlag}, then ${cliName()} run${profileFlag}\n`);
    return 0;
  },
};
