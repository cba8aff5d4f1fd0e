import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { createRedactor } from '../../http/redact.js';
import { verifySignature } from '../../webhooks/signature.js';
import type { Command } from '../command.js';
import { UsageError } from '../command.js';

const help = `mfc webhooks: check the webhooks of the Merchant Fulfillment API (§6)

Usage:
  mfc webhooks verify --token T --signature HEX [--file BODY]
  mfc webhooks listen --port N --token T [--host H] [--report-dir DIR]

verify   Checks an x-service-signature value: the hex HMAC-SHA256 of the raw body keyed
         with the API token (§6.3).
  --token T          the signing token; repeat it to accept any of several tokens
  --signature HEX    the x-service-signature header as received
  --file BODY        the file holding the raw body, byte for byte (default: read stdin)
  Exit code: 0 valid, 1 invalid (the reason is printed: missing, not-hex, wrong-length,
  mismatch), 2 wrong invocation.

listen   Receives webhook calls and checks each: the signature, v1's x-service-event-id,
         and the v1 bare payload or v2 envelope against the schemas (§6.1-§6.3). Prints one
         line per call. Answers 204 to a valid call, 401 to a missing or wrong signature, 422
         to a payload the schemas refuse, 400 to a body that is not JSON, 413 to a body over
         1 MiB and 408 to a body that takes more than 10 s to arrive. On SIGINT (Ctrl-C) or
         SIGTERM it stops, writes the report and exits 0 when every call passed, else 1.
  --port N           the port to listen on (0 picks a free one; the first line names it)
  --host H           the address to listen on (default 127.0.0.1)
  --token T          the signing token; repeat it to accept any of several tokens
  --report-dir DIR   where report.json, junit.xml and report.html go (default reports/)
`;

const verifyOptions = {
  token: { type: 'string', multiple: true },
  signature: { type: 'string' },
  file: { type: 'string' },
} satisfies ParseArgsConfig['options'];

const listenOptions = {
  port: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string', multiple: true },
  'report-dir': { type: 'string' },
} satisfies ParseArgsConfig['options'];

function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    // parseArgs words its errors for people already ("Unknown option '--x'"); only the family changes.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function tokensOf(values: string[] | undefined): string[] {
  const tokens = (values ?? []).filter((token) => token !== '');
  if (tokens.length === 0) throw new UsageError('--token is required');
  return tokens;
}

async function readRawBody(file: string | undefined): Promise<Buffer> {
  if (file !== undefined) {
    try {
      return await readFile(file);
    } catch (error) {
      throw new UsageError(`cannot read --file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function verify(args: string[]): Promise<number> {
  const values = parse(args, verifyOptions);
  const tokens = tokensOf(values.token);
  if (values.signature === undefined) throw new UsageError('--signature is required');
  const verdict = verifySignature(await readRawBody(values.file), values.signature, tokens);
  if (verdict.valid) {
    process.stdout.write(tokens.length > 1 ? `valid: signed with --token number ${verdict.tokenIndex + 1}\n` : 'valid\n');
    return 0;
  }
  process.stdout.write(`invalid (${verdict.reason}): ${createRedactor(tokens)(verdict.message)}\n`);
  return 1;
}

function portOf(value: string | undefined): number {
  if (value === undefined) throw new UsageError('--port is required');
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new UsageError(`--port expected an integer from 0 to 65535, received ${JSON.stringify(value)}`);
  return port;
}

async function listenCommand(args: string[]): Promise<number> {
  const values = parse(args, listenOptions);
  const tokens = tokensOf(values.token);
  const port = portOf(values.port);
  const host = values.host ?? '127.0.0.1';
  // Loaded here so that \`verify\` does not pay for the schema validators.
  const { listen } = await import('../../webhooks/listen.js');
  const stop = new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  const outcome = await listen({
    host,
    port,
    tokens,
    reportDir: values['report-dir'] ?? 'reports',
    print: (line) => process.stdout.write(`${line}\n`),
    stop,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.syscall === 'listen') throw new UsageError(`cannot listen on ${host}:${port}: ${error.code ?? error.message}`);
    throw error;
  });
  return outcome.failed === 0 ? 0 : 1;
}

/** `mfc webhooks verify|listen`: the integrator's webhook tools (CONTRACT §1). */
export const command: Command = {
  summary: 'verify a webhook signature, or listen for webhook calls and check each (§6)',
  help,
  async run(args) {
    const [sub, ...rest] = args;
    if (sub === 'verify') return verify(rest);
    if (sub === 'listen') return listenCommand(rest);
    throw new UsageError(sub === undefined ? 'expected a sub-command: verify or listen' : `unknown sub-command "${sub}": expected verify or listen`);
  },
};
