import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { faults, unknownFaults } from '../../../server/faults/index.js';
import { combinedVariants, conflictingVariants, unknownVariants, variants } from '../../../server/variants/index.js';
import { seedIds } from '../../../server/seed.js';
import type { Command } from '../command.js';
import { parseFlags } from '../flags.js';
import { UsageError } from '../command.js';
import { fileProblem } from '../../text/file-problem.js';

const options = {
  port: { type: 'string' },
  host: { type: 'string' },
  fault: { type: 'string', multiple: true },
  variant: { type: 'string', multiple: true },
  'rate-limit': { type: 'string' },
  'profile-out': { type: 'string' },
  'env-out': { type: 'string' },
  'webhook-v1-url': { type: 'string' },
  'webhook-v2-url': { type: 'string' },
  'webhook-time-scale': { type: 'string' },
  'without-batch-tracking': { type: 'boolean' },
  'without-expiry-handling': { type: 'boolean' },
} satisfies ParseArgsConfig['options'];

function faultList(): string {
  return faults.map((f) => `  ${f.name.padEnd(52)} §${f.section.padEnd(4)} ${f.description}`).join('\n');
}

function variantList(): string {
  return variants.map((v) => `  ${v.name.padEnd(40)} §${v.section.padEnd(4)} ${v.description}`).join('\n');
}

const help = `mfc serve: the reference implementation of the Merchant Fulfillment API, in memory, with seeded data

Usage: mfc serve [--port N] [--host H] [--rate-limit N] [--env-out FILE] [--profile-out FILE]
                 [--fault NAME]… [--variant NAME]… [--webhook-v1-url URL] [--webhook-v2-url URL]
                 [--webhook-time-scale F] [--without-batch-tracking] [--without-expiry-handling]

  --port N                 port to listen on (default 0: a free port; the ready line names it)
  --host H                 address to listen on (default 127.0.0.1)
  --rate-limit N           requests per calendar minute (UTC), v1 per sales channel, v2 per
                           merchant (default 100, §8)
  --env-out FILE           where the tokens go, by role, as shell variables (default
                           mfc-serve-PORT.env in the system's temporary folder)
  --profile-out FILE       write a target profile (docs/PROFILE.md) naming the seeded fixtures and
                           tokens, ready for "mfc run --profile FILE"
  --fault NAME             switch on one deviation from the specification (repeatable);
                           "mfc serve --fault list" prints every name with the § it breaks
  --variant NAME           take another choice the specification leaves open (repeatable);
                           "mfc serve --variant list" prints every name with its §; --variant all
                           takes the largest compatible combination
  --webhook-v1-url URL     where the primary sales channel's v1 events go (§6.1)
  --webhook-v2-url URL     where the merchant's v2 events go (§6.2)
  --webhook-time-scale F   multiply the webhook retry intervals by F (default 1: about 12 hours
                           over 12 attempts; the profile's retryWithinMs follows F)
  --without-batch-tracking the primary merchant has no batch tracking (features.batchTracking false)
  --without-expiry-handling the primary merchant is not enrolled in expiry handling (features.expiryHandling false)

On start it prints the base URL to give a client and the file holding the tokens, then serves until
SIGINT or SIGTERM (started by npx, until npx ends: it does not pass SIGTERM on). Every start
has the same seed and the same tokens: a test suite may hard-code them. The choices it makes where
the specification says "not shown": docs/SERVER.md.
`;

function integer(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) throw new UsageError(`--${name} expected an integer from ${min} to ${max}, received ${JSON.stringify(value)}`);
  return n;
}

function url(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw new UsageError(`--${name} expected an http(s) URL, received ${JSON.stringify(value)}`);
  return value;
}

// The env file's variables, named as README.md's CI job and the `mfc init --…-token-env` flags name them.
type SandboxVariable = 'MFC_BASE_URL' | 'MFC_TOKEN' | 'MFC_TOKEN_OTHER_CHANNEL' | 'MFC_TOKEN_OTHER_MERCHANT' | 'MFC_TOKEN_EXPIRED' | 'MFC_TOKEN_INACTIVE' | 'MFC_SIGNING_TOKEN';

const { tokens } = seedIds;
const SANDBOX: Record<SandboxVariable, { role: string; value: (baseUrl: string) => string }> = {
  MFC_BASE_URL: { role: 'the base URL: createClient({ baseUrl }), a profile\'s baseUrl', value: (baseUrl) => baseUrl },
  MFC_TOKEN: { role: `tokens.primary: sales channel ${seedIds.primaryChannel} of merchant ${seedIds.merchant}`, value: () => tokens.primary },
  MFC_TOKEN_OTHER_CHANNEL: { role: `tokens.sameMerchantOtherChannel: sales channel ${seedIds.otherChannel}, the same merchant`, value: () => tokens.sameMerchantOtherChannel },
  MFC_TOKEN_OTHER_MERCHANT: { role: `tokens.otherMerchant: sales channel ${seedIds.otherMerchantChannel} of merchant ${seedIds.otherMerchant}`, value: () => tokens.otherMerchant },
  MFC_TOKEN_EXPIRED: { role: 'tokens.expired: every call answers 403 (§5)', value: () => tokens.expired },
  MFC_TOKEN_INACTIVE: { role: `tokens.inactiveChannel: sales channel ${seedIds.inactiveChannel}, no longer active: every call answers 403 (§5)`, value: () => tokens.inactiveChannel },
  MFC_SIGNING_TOKEN: { role: 'the webhook signing token (§6.3): the primary channel\'s oldest valid token', value: () => tokens.signing },
};

/** The env file `mfc serve` writes: the base URL and every seeded token by role, as shell variables with a comment each. */
export function sandboxEnv(baseUrl: string): string {
  const lines = Object.entries(SANDBOX).map(([name, { role, value }]) => `# ${role}\n${name}=${value(baseUrl)}`);
  return `# mfc serve's sandbox, the same tokens on every start. Load with: set -a; . THIS_FILE; set +a\n${lines.join('\n')}\n`;
}

/**
 * Whether the server stops when its parent process ends: only when npm exec started it (`npx mfc
 * serve`, which does not pass SIGTERM on), never when a shell started it in the background.
 */
export function stopsWithParent(env: NodeJS.ProcessEnv): boolean {
  return env.npm_command === 'exec';
}

/** `mfc serve`: starts the reference server until SIGINT/SIGTERM (docs/CLI.md, docs/SERVER.md). */
export const command: Command = {
  summary: 'start the reference implementation with seeded data; --fault switches on one deviation',
  help,
  async run(args) {
    // A stray argument is never quoted back: it may be a token pasted in the wrong place.
    const values = parseFlags('serve', args, options);
    const faultNames = values.fault ?? [];
    if (faultNames.includes('list')) {
      process.stdout.write(`${faultList()}\n`);
      return 0;
    }
    const variantArgs = values.variant ?? [];
    if (variantArgs.includes('list')) {
      process.stdout.write(`${variantList()}\n`);
      return 0;
    }
    const variantNames = [...new Set(variantArgs.flatMap((name): readonly string[] => (name === 'all' ? combinedVariants : [name])))];
    const unknownVariant = unknownVariants(variantNames);
    if (unknownVariant.length > 0) throw new UsageError(`unknown variant ${unknownVariant.map((n) => JSON.stringify(n)).join(', ')}; "mfc serve --variant list" shows them`);
    const conflicts = conflictingVariants(variantNames);
    if (conflicts.length > 0) throw new UsageError(`variants ${conflicts.map((c) => c.join(' and ')).join('; ')} are alternatives to each other; choose one`);
    const unknown = unknownFaults(faultNames);
    if (unknown.length > 0) throw new UsageError(`unknown fault ${unknown.map((n) => JSON.stringify(n)).join(', ')}; "mfc serve --fault list" shows them`);
    const scaleText = values['webhook-time-scale'];
    const timeScale = scaleText === undefined ? undefined : Number(scaleText);
    if (timeScale !== undefined && !(Number.isFinite(timeScale) && timeScale > 0)) {
      throw new UsageError(`--webhook-time-scale expected a positive number, received ${JSON.stringify(scaleText)}`);
    }
    // Loaded here so that --help and --fault list stay instant.
    const { startServer } = await import('../../../server/index.js');
    const server = await startServer({
      host: values.host ?? '127.0.0.1',
      port: integer('port', values.port, 0, 65_535) ?? 0,
      faults: faultNames,
      variants: variantNames,
      rateLimit: integer('rate-limit', values['rate-limit'], 1, 1_000_000),
      webhookV1Url: url('webhook-v1-url', values['webhook-v1-url']),
      webhookV2Url: url('webhook-v2-url', values['webhook-v2-url']),
      webhookTimeScale: timeScale,
      batchTracking: values['without-batch-tracking'] !== true,
      expiryHandling: values['without-expiry-handling'] !== true,
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.syscall === 'listen') throw new UsageError(`cannot listen on ${values.host ?? '127.0.0.1'}:${values.port ?? 0}: ${error.code ?? error.message}`);
      throw error;
    });
    const stop = new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
      // `npx mfc serve` runs under npm exec and a shell: on SIGTERM they end without passing it on, and
      // the server would go on alone. Started so, a server whose parent is gone stops as if it had been
      // told to. Started otherwise (`mfc serve &` in a CI step), it outlives the shell that started it.
      if (!stopsWithParent(process.env)) return;
      const parent = process.ppid;
      setInterval(() => {
        if (process.ppid !== parent) resolve();
      }, 250).unref();
    });
    const profileOut = values['profile-out'];
    if (profileOut !== undefined) {
      try {
        await writeFile(profileOut, `${JSON.stringify(server.profile, null, 2)}\n`);
      } catch (error) {
        await server.close();
        throw new UsageError(`cannot write --profile-out ${profileOut}: ${fileProblem(error, 'write')}`);
      }
    }
    const envOut = values['env-out'] ?? join(tmpdir(), `mfc-serve-${new URL(server.url).port}.env`);
    try {
      await writeFile(envOut, sandboxEnv(server.url), { mode: 0o600 });
    } catch (error) {
      await server.close();
      throw new UsageError(`cannot write --env-out ${envOut}: ${fileProblem(error, 'write')}`);
    }
    const active = [faultNames.length > 0 ? `faults: ${faultNames.join(', ')}` : '', variantNames.length > 0 ? `variants: ${variantNames.join(', ')}` : '']
      .filter(Boolean).map((part) => ` (${part})`).join('');
    // The tokens themselves never reach the output (a CI log keeps it): the file holds them.
    process.stdout.write([
      `mfc serve: listening on ${server.url}${active}`,
      `  base URL for a client or a profile: ${server.url} (the API under /merchant_api/v1 and /merchant_api/v2)`,
      `  tokens by role, the same on every start: ${envOut}`,
      `    ${Object.keys(SANDBOX).join(', ')}`,
      `    load them with: set -a; . ${envOut}; set +a`,
    ].join('\n') + '\n');
    await stop;
    await server.close();
    process.stdout.write('mfc serve: stopped\n');
    return 0;
  },
};
