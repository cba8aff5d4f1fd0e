import { mkdir } from 'node:fs/promises';
import type { Command } from '../command.js';
import { UsageError } from '../command.js';
import { parseFlags, targetFlags } from '../flags.js';
import { targetProfile } from '../target.js';
import { cliVersion } from '../version.js';

const help = `mfc proxy: an integration's own traffic judged as it happens

Usage:
  mfc proxy --profile FILE [--port N] [--host H] [--report-dir DIR] [--fail-on-deployment] [-- COMMAND ARGS…]
  mfc proxy --base-url URL --token T [flags]

Listens on loopback and forwards every request to the profile's deployment, through the profile's
connection settings (proxy, CA, client certificate, gateway headers). Point the application's base
URL at the proxy; it keeps its own token. Answers pass through unchanged. Each exchange is judged
on the integration's side (the request against the documents; §8 limits and Retry-After; v1 pages
within page_count, v2 lists by next_page_url) and on the deployment's (the answer against the
documents, §7 error bodies, §8 headers and counts, the 409's existing id, pagination, a write seen
on the next read). One line per finding; on exit a summary and, in --report-dir, report.html,
report.md, junit.xml, report.json and exchanges.har (HAR 1.2), every token redacted.

The proxy sends only what the application sends: no request of its own, no retry, no change to a
body; a request for another host is refused.

With -- COMMAND, runs the command with the proxy's base URL in MFC_PROXY_URL and stops when it ends.

Flags:
  --profile FILE         the target profile (or --base-url URL --token T)
  --port N               the port to listen on (default 0: a free one; the first line names it)
  --host H               the address to listen on (default 127.0.0.1; another exposes the proxy)
  --report-dir DIR       where the reports and exchanges.har go (default reports/)
  --fail-on-deployment   the deployment's findings fail the session too
  -h, --help             this text

Exit codes: 0 no rule broken on the integration's side (and, with --fail-on-deployment, none on the
deployment's) and the command, if any, succeeded; 1 otherwise; 2 a wrong invocation.`;

const options = {
  ...targetFlags,
  port: { type: 'string' },
  host: { type: 'string' },
  'report-dir': { type: 'string' },
  'fail-on-deployment': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function portOf(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new UsageError(`--port expected an integer from 0 to 65535, received ${JSON.stringify(value)}`);
  return port;
}

// Why the proxy could not start, as a usage error: nothing was forwarded, the invocation must change.
function setupError(error: NodeJS.ErrnoException, host: string, port: number, reportDir: string): Error {
  const code = error.code ?? error.message;
  if (error.syscall === 'listen' || error.syscall === 'getaddrinfo') return new UsageError(`cannot listen on ${host}:${port}: ${code}`);
  if (error.syscall === 'mkdir' || error.syscall === 'open') return new UsageError(`cannot write --report-dir ${reportDir}: ${code}`);
  return error;
}

async function run(args: string[]): Promise<number> {
  const split = args.indexOf('--');
  const flags = split < 0 ? args : args.slice(0, split);
  const commandLine = split < 0 ? [] : args.slice(split + 1);
  const values = parseFlags('proxy', flags, options);
  if (values.help) {
    process.stdout.write(`${help}\n`);
    return 0;
  }
  if (split >= 0 && commandLine.length === 0) throw new UsageError('-- must be followed by a command to run');
  const profile = targetProfile(values);
  const port = portOf(values.port);
  const host = values.host ?? '127.0.0.1';
  const reportDir = values['report-dir'] ?? 'reports';
  await mkdir(reportDir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw setupError(error, host, port, reportDir);
  });
  const { proxyCommand, sessionExitCode, startProxy } = await import('../../proxy/index.js');
  // Lines go to stderr: the command's own output keeps stdout.
  const print = (line: string) => process.stderr.write(`${line}\n`);
  const common = { profile, host, port, reportDir, print, version: cliVersion() };
  const failOnDeployment = values['fail-on-deployment'] === true;
  const abort = new AbortController();
  const onSignal = () => abort.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    if (commandLine.length > 0) {
      const ended = await proxyCommand({ ...common, command: commandLine, failOnDeployment, signal: abort.signal }).catch((error: NodeJS.ErrnoException) => {
        throw setupError(error, host, port, reportDir);
      });
      return ended.exitCode;
    }
    const proxy = await startProxy(common).catch((error: NodeJS.ErrnoException) => {
      throw setupError(error, host, port, reportDir);
    });
    await new Promise<void>((resolve) => abort.signal.addEventListener('abort', () => resolve(), { once: true }));
    const outcome = await proxy.stop('stopped');
    return sessionExitCode(outcome, { failOnDeployment });
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}

/** `mfc proxy`: the recording, judging proxy for an integration's own traffic (docs/CLI.md). */
export const command: Command = {
  summary: "forward an application's API traffic to the profile's deployment and judge each exchange on both sides",
  help,
  run,
};
