import { readFile } from 'node:fs/promises';
import type { ParseArgsConfig } from 'node:util';
import { createRedactor } from '@mfc-conformance/api/internal';
import { verifySignature } from '@mfc-conformance/api/webhooks';
import type { Command } from '../command.js';
import { parseFlags } from '../flags.js';
import { UsageError } from '../command.js';
import { fileProblem } from '../../text/file-problem.js';

const help = `mfc webhooks: check the webhooks of the Merchant Fulfillment API (§6)

Usage:
  mfc webhooks verify --token-env VAR --signature HEX [--file BODY]
  mfc webhooks listen --port N --token-env VAR [--host H] [--report-dir DIR] [--expect N]
                      [--timeout DURATION] [--v1-path P] [--v2-path P] [--forward URL]

verify   Checks an x-service-signature value: the hex HMAC-SHA256 of the raw body keyed
         with the API token (§6.3).
  --token-env VAR    the variable holding the signing token; repeat it to accept any of
                     several tokens (--token T gives a token itself, on the command line)
  --signature HEX    the x-service-signature header as received
  --file BODY        the file holding the raw body, byte for byte (default: read stdin)
  Exit code: 0 valid, 1 invalid (the reason is printed: missing, not-hex, wrong-length,
  mismatch), 2 wrong invocation.

listen   Receives webhook calls and checks each: the signature, v1's x-service-event-id,
         and the payload against the schemas (§6.1-§6.3). A v1 body must be the bare
         resource of a §6.1 event: a restocking shipment valid against its schema, or a
         shipment or return with its integer id and its new status or delivery_status (the
         v1 Shipment and Return fields are not shown, so that is all §6.1 states of them).
         A v2 body must be an envelope valid against the schema of its event_type; an
         event_type §6.2 does not list (a v2 return event exists whose name is not shown) is
         acknowledged and reported as skipped, its data not judged. The version comes from
         the path (--v1-path, --v2-path), else from the shape: a body with event_type, or
         with data beside event_id or timestamp, is v2; any other body is v1.
         Answers: 204 a valid call (an unknown v2 event_type included), 401 a missing or
         wrong signature, 422 a payload refused, 400 a body that is not JSON, 413 a body
         over 1 MiB, 408 a body that takes more than 10 s to arrive.
         Prints one line per call. Stops on SIGINT (Ctrl-C), SIGTERM or --timeout, then
         writes report.json, junit.xml, report.html and report.md (the formats of mfc run) and
         session.json (counts over every call). calls.ndjson gets one line per call as it
         arrives: its verdicts, redacted, never its body. Memory stays bounded however many
         calls arrive: the report lists check by check the first 100 calls and the next 100
         that failed a check (with the exchange, body clipped to 4,000 characters); every
         other call is counted in one check per version and rule (v1.webhooks.payload, ...)
         that names the first failing calls.
  --port N           the port to listen on (0 picks a free one; the first line names it)
  --host H           the address to listen on (default 127.0.0.1)
  --token-env VAR    the variable holding the signing token; repeat it to accept any of
                     several tokens (--token T gives a token itself, on the command line)
  --report-dir DIR   where the reports and calls.ndjson go (default reports/)
  --expect N         the session fails unless at least N calls arrived (default 1; 0
                     accepts a session without calls); the session is not cut short at N
  --timeout DURATION stop after this long and write the reports: seconds (90), or a
                     number with ms, s, m or h (500ms, 30s, 2m, 1h); default: no limit
  --v1-path P        the path v1 calls come to (e.g. /webhooks/v1)
  --v2-path P        the path v2 calls come to (e.g. /webhooks/v2)
  --forward URL      pass each call on to the application at URL (the call's path
                     appended), byte for byte with its headers, and answer the deployment
                     what the application answered; the application's answer time is
                     judged (<api>.webhooks.delivery-<n>.answered-in-time: within 5 s, §6.3)
  Exit code: 0 at least --expect calls arrived and every check passed; 1 a check failed
  or fewer calls arrived ("no webhook call arrived" when none did); 2 wrong invocation
  (a bad flag value) or nothing to listen with: the port is in use, the address is not
  this machine's, or --report-dir cannot be written.
`;

const verifyOptions = {
  token: { type: 'string', multiple: true },
  'token-env': { type: 'string', multiple: true },
  signature: { type: 'string' },
  file: { type: 'string' },
} satisfies ParseArgsConfig['options'];

const listenOptions = {
  port: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string', multiple: true },
  'token-env': { type: 'string', multiple: true },
  'report-dir': { type: 'string' },
  expect: { type: 'string' },
  timeout: { type: 'string' },
  'v1-path': { type: 'string' },
  'v2-path': { type: 'string' },
  forward: { type: 'string' },
} satisfies ParseArgsConfig['options'];

// A stray argument is never quoted back: it may be the token, pasted after the wrong flag.
function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  return parseFlags('webhooks', args, options);
}

/** The signing tokens: `--token` values and the values of the `--token-env` variables, in that order; a variable unset or empty is an error naming it. */
function tokensOf(values: { token?: string[] | undefined; 'token-env'?: string[] | undefined }, env: NodeJS.ProcessEnv = process.env): string[] {
  const fromEnv = (values['token-env'] ?? []).map((name) => {
    const value = env[name];
    if (value === undefined) throw new UsageError(`--token-env ${name}: the environment variable ${name} is not set: export ${name}=… first`);
    if (value === '') throw new UsageError(`--token-env ${name}: the environment variable ${name} is set but empty: give it the signing token's value`);
    return value;
  });
  const tokens = [...(values.token ?? []).filter((token) => token !== ''), ...fromEnv];
  if (tokens.length === 0) throw new UsageError('needs the signing token: --token-env VAR (the variable holding it), or --token T');
  return tokens;
}

async function readRawBody(file: string | undefined): Promise<Buffer> {
  if (file !== undefined) {
    try {
      return await readFile(file);
    } catch (error) {
      throw new UsageError(`cannot read --file ${file}: ${fileProblem(error)}`);
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function verify(args: string[]): Promise<number> {
  const values = parse(args, verifyOptions);
  const tokens = tokensOf(values);
  if (values.signature === undefined) throw new UsageError('--signature is required');
  const verdict = verifySignature(await readRawBody(values.file), values.signature, tokens);
  if (verdict.valid) {
    process.stdout.write(tokens.length > 1 ? `valid: signed with --token number ${verdict.tokenIndex + 1}\n` : 'valid\n');
    return 0;
  }
  process.stdout.write(`invalid (${verdict.reason}): ${createRedactor(tokens)(verdict.message)}\n`);
  return 1;
}

function forwardOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^https?:\/\/[^/]/.test(value) || !URL.canParse(value)) throw new UsageError(`--forward expected an http:// or https:// URL, received ${JSON.stringify(value)}`);
  return value;
}

function portOf(value: string | undefined): number {
  if (value === undefined) throw new UsageError('--port is required');
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new UsageError(`--port expected an integer from 0 to 65535, received ${JSON.stringify(value)}`);
  return port;
}

function expectOf(value: string | undefined): number {
  if (value === undefined) return 1;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--expect expected a whole number of calls (0 or more), received ${JSON.stringify(value)}`);
  }
  return Number(value);
}

const unitMs: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
// The longest delay a Node.js timer keeps (2^31 - 1 ms, about 596 hours).
const LONGEST_TIMEOUT_MS = 2_147_483_647;

function timeoutOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value);
  if (!match) throw new UsageError(`--timeout expected a duration such as 90, 30s, 2m or 1h (a bare number is seconds), received ${JSON.stringify(value)}`);
  const ms = Math.round(Number(match[1]) * unitMs[match[2] ?? 's']!);
  if (ms <= 0) throw new UsageError(`--timeout expected a duration over 0, received ${JSON.stringify(value)}`);
  if (ms > LONGEST_TIMEOUT_MS) throw new UsageError(`--timeout expected at most 596h, received ${JSON.stringify(value)}`);
  return ms;
}

function pathsOf(v1: string | undefined, v2: string | undefined): { v1?: string; v2?: string } | undefined {
  for (const [flag, path] of [['--v1-path', v1], ['--v2-path', v2]] as const) {
    if (path !== undefined && !path.startsWith('/')) throw new UsageError(`${flag} expected a path starting with /, received ${JSON.stringify(path)}`);
  }
  if (v1 !== undefined && v1 === v2) throw new UsageError(`--v1-path and --v2-path expected two different paths, received ${JSON.stringify(v1)} for both`);
  if (v1 === undefined && v2 === undefined) return undefined;
  return { ...(v1 === undefined ? {} : { v1 }), ...(v2 === undefined ? {} : { v2 }) };
}

const listenProblems: Record<string, string> = {
  EADDRINUSE: 'the port is already in use',
  EACCES: 'permission denied (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'the address is not one of this machine\'s',
  ENOTFOUND: 'the host name does not resolve',
};

// Why the listener could not start, as a usage error: nothing was received, the invocation must change.
function setupError(error: NodeJS.ErrnoException, host: string, port: number, reportDir: string): Error {
  const code = error.code ?? error.message;
  if (error.syscall === 'listen' || error.syscall === 'getaddrinfo') {
    const problem = listenProblems[error.code ?? ''];
    return new UsageError(`cannot listen on ${host}:${port}: ${problem === undefined ? code : `${problem} (${code})`}`);
  }
  if (error.syscall === 'mkdir' || error.syscall === 'open') return new UsageError(`cannot write --report-dir ${reportDir}: ${fileProblem(error, 'write')} (${code})`);
  return error;
}

async function listenCommand(args: string[]): Promise<number> {
  const values = parse(args, listenOptions);
  const tokens = tokensOf(values);
  const port = portOf(values.port);
  const host = values.host ?? '127.0.0.1';
  const expect = expectOf(values.expect);
  const timeoutMs = timeoutOf(values.timeout);
  const paths = pathsOf(values['v1-path'], values['v2-path']);
  const reportDir = values['report-dir'] ?? 'reports';
  const forward = forwardOf(values.forward);
  // Loaded here so that \`verify\` does not pay for the schema validators.
  const { listen } = await import('../../listen/index.js');
  let onSignal: ((signal: NodeJS.Signals) => void) | undefined;
  const stop = new Promise<string>((resolve) => {
    onSignal = resolve;
    process.once('SIGINT', resolve).once('SIGTERM', resolve);
  });
  try {
    const outcome = await listen({
      host,
      port,
      tokens,
      reportDir,
      expect,
      ...(paths ? { paths } : {}),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(forward === undefined ? {} : { forward }),
      print: (line) => process.stdout.write(`${line}\n`),
      stop,
    }).catch((error: NodeJS.ErrnoException) => {
      throw setupError(error, host, port, reportDir);
    });
    return outcome.exitCode;
  } finally {
    // A session that ended by --timeout (or never started) leaves Ctrl-C its usual meaning.
    process.off('SIGINT', onSignal!).off('SIGTERM', onSignal!);
  }
}

/** `mfc webhooks verify|listen`: the integrator's webhook tools (docs/CLI.md). */
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
