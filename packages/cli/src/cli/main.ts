import { MfcError } from '@mfc-conformance/api/errors';
import type { Command } from './command.js';
import { safeLine, safeText } from '../text/terminal.js';
import { cliVersion } from './version.js';
import { didYouMean } from '../text/did-you-mean.js';

/** A sub-command as the dispatcher knows it before loading it: its `mfc --help` line and its module. */
export interface CommandEntry {
  /** The same line as the module's `summary` (test/package/cli-start.test.ts holds them equal). */
  summary: string;
  load: () => Promise<Command>;
  /** The reference server's and the OpenAPI documents' own commands, which `mfc --help` lists after a user's. */
  tool?: true;
}

// Sub-commands load lazily and `mfc --help` loads none of them: a bare start must stay within a few
// times a bare `node` start, and `mfc webhooks verify` should not pay for vitest or the server.
// `mfc --help` lists them in this order: a user's (set up, check, run, clean up), then the tools.
export const commands: Record<string, CommandEntry> = {
  init: { summary: 'write a commented profile for a deployment, discovering fixtures through the API (GET only)', load: async () => (await import('./commands/init.js')).command },
  doctor: { summary: 'check a profile against its target without writing: reachability, rate-limit headers, what would run or skip', load: async () => (await import('./commands/doctor.js')).command },
  run: {
    summary: 'run the conformance suites and property checks against a target; write reports',
    load: async () => (await import('./commands/run.js')).command,
  },
  cleanup: {
    summary: 'cancel the records a cut-short run left behind, found by its marker (or its report.json)',
    load: async () => (await import('./commands/cleanup.js')).command,
  },
  baseline: {
    summary: 'write a waiver file listing the failed checks of a report.json, for mfc run --baseline',
    load: async () => (await import('./commands/baseline.js')).command,
  },
  proxy: {
    summary: "forward an application's API traffic to the profile's deployment and judge each exchange on both sides",
    load: async () => (await import('./commands/proxy.js')).command,
  },
  webhooks: {
    summary: 'verify a webhook signature, or listen for webhook calls and check each (§6)',
    load: async () => (await import('./commands/webhooks.js')).command,
  },
  rules: {
    summary: 'list the specification rules with the checks that cover them, and the coverage line',
    load: async () => (await import('./commands/rules.js')).command,
  },
  serve: {
    summary: 'start the reference implementation with seeded data; --fault switches on one deviation',
    load: async () => (await import('./commands/serve.js')).command,
    tool: true,
  },
  generate: {
    summary: 'regenerate the api package\'s generated/ (types, validators, bundled documents) from spec/',
    load: async () => (await import('./commands/generate.js')).command,
    tool: true,
  },
  lint: {
    summary: 'validate and lint the OpenAPI documents under spec/',
    load: async () => (await import('./commands/lint.js')).command,
    tool: true,
  },
};

const usage = `mfc: conformance toolkit for the Merchant Fulfillment API

Usage: mfc <command> [flags]      mfc <command> --help      mfc --version (-v)

Commands:`;

function printUsage(): void {
  const line = ([name, entry]: [string, CommandEntry]) => `  ${name.padEnd(10)} ${entry.summary}`;
  const entries = Object.entries(commands);
  const lines = [
    usage, ...entries.filter(([, entry]) => !entry.tool).map(line),
    '', 'The reference server and the OpenAPI documents:', ...entries.filter(([, entry]) => entry.tool).map(line),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Dispatches `mfc COMMAND …` and returns the exit code (docs/CLI.md: 2 for a wrong invocation). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    printUsage();
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${cliVersion()}\n`);
    return 0;
  }
  const entry = commands[name];
  if (!entry) {
    process.stderr.write(`mfc: unknown command "${safeLine(name)}".${didYouMean(name, Object.keys(commands))} Run "mfc --help" for the list.\n`);
    return 2;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.help.trimEnd()}\n`);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    // A message can quote what a user or a target wrote: control characters show escaped.
    if (error instanceof MfcError) {
      process.stderr.write(`mfc ${name}: ${safeText(error.message)}\n`);
      return error.exitCode;
    }
    // Anything else is a bug: its stack helps the report.
    process.stderr.write(`mfc ${name}: ${safeText(error instanceof Error ? error.stack ?? error.message : String(error))}\n`);
    return 1;
  }
}
