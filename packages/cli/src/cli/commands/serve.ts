import { writeFile } from 'node:fs/promises';
import type { ParseArgsConfig } from 'node:util';
import { faults, unknownFaults } from '../../../server/faults/index.js';
import { combinedVariants, conflictingVariants, unknownVariants, variants } from '../../../server/variants/index.js';
import type { Command } from '../command.js';
import { parseFlags } from '../flags.js';
import { UsageError } from '../command.js';

const options = {
  port: { type: 'string' },
  host: { type: 'string' },
  fault: { type: 'string', multiple: true },
  variant: { type: 'string', multiple: true },
  'rate-limit': { type: 'string' },
  'profile-out': { type: 'string' },
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

Usage: mfc serve [--port N] [--host H] [--fault NAME]… [--variant NAME]… [--rate-limit N] [--profile-out FILE]
                 [--webhook-v1-url URL] [--webhook-v2-url URL] [--webhook-time-scale F]
                 [--without-batch-tracking] [--without-expiry-handling]

  --port N                 port to listen on (default 0: a free port; the ready line names it)
  --host H                 address to listen on (default 127.0.0.1)
  --fault NAME             switch on one deviation from the specification (repeatable);
                           --fault list prints every name with its § and exits
  --variant NAME           take another choice the specification leaves open (repeatable;
                           combines with other variants and with faults); --variant list
                           prints every name with the § leaving it open and exits;
                           --variant all takes the largest compatible combination (one of
                           each group of alternatives: ${combinedVariants.filter((n) => variants.find((v) => v.name === n)?.group !== undefined).join(', ')})
  --rate-limit N           requests per calendar minute (UTC), v1 per sales channel, v2 per
                           merchant (default 100, §8)
  --profile-out FILE       write a target profile (docs/PROFILE.md) naming the seeded fixtures and
                           tokens, ready for "mfc run --profile FILE"
  --webhook-v1-url URL     where the primary sales channel's v1 events go (§6.1)
  --webhook-v2-url URL     where the merchant's v2 events go (§6.2)
  --webhook-time-scale F   multiply the webhook retry intervals by F (default 1: about 12 hours
                           over 12 attempts; the profile's retryWithinMs follows F)
  --without-batch-tracking the primary merchant has no batch tracking (profile
                           features.batchTracking false): batch-settings writes that would
                           turn it on answer 422 (§4.2)
  --without-expiry-handling the primary merchant is not enrolled in batch expiry handling
                           (profile features.expiryHandling false): expiry fields and
                           block_reason stay null (§2.4, §2.5)

Once listening it prints "mfc serve: listening on http://HOST:PORT" and serves until SIGINT or
SIGTERM. Every start has the same seed. Choices where the specification says "not shown" are
listed in server/README.md (v2 page size default 20, max 100; cursor parameter "cursor";
by_merchant_order_id query parameters merchant_order_id and sales_channel_id; 413 above 1 MiB;
422 for bodies nested deeper than 32 levels, strings over 65,536 characters or arrays over 1,000
elements).

Faults (name, the § it breaks, what it does):
${faultList()}

Variants (name, the § that leaves the choice open, what it changes):
${variantList()}
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
    });
    const profileOut = values['profile-out'];
    if (profileOut !== undefined) {
      try {
        await writeFile(profileOut, `${JSON.stringify(server.profile, null, 2)}\n`);
      } catch (error) {
        await server.close();
        throw new UsageError(`cannot write --profile-out ${profileOut}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
      }
    }
    const active = [faultNames.length > 0 ? `faults: ${faultNames.join(', ')}` : '', variantNames.length > 0 ? `variants: ${variantNames.join(', ')}` : '']
      .filter(Boolean).map((part) => ` (${part})`).join('');
    process.stdout.write(`mfc serve: listening on ${server.url}${active}\n`);
    await stop;
    await server.close();
    process.stdout.write('mfc serve: stopped\n');
    return 0;
  },
};
