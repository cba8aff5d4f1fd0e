import type { Command } from './command.js';
import { UsageError } from './command.js';
import { safeLine, safeText } from '../text/terminal.js';

// Sub-commands load lazily: `mfc webhooks verify` should not pay for vitest or the server.
const commands: Record<string, () => Promise<Command>> = {
  run: async () => (await import('./commands/run.js')).command,
  serve: async () => (await import('./commands/serve.js')).command,
  generate: async () => (await import('./commands/generate.js')).command,
  lint: async () => (await import('./commands/lint.js')).command,
  webhooks: async () => (await import('./commands/webhooks.js')).command,
  rules: async () => (await import('./commands/rules.js')).command,
};

const usage = `mfc: conformance toolkit for the Merchant Fulfillment API

Usage: mfc <command> [flags]      mfc <command> --help

Commands:`;

async function printUsage(): Promise<void> {
  const lines = [usage];
  for (const [name, load] of Object.entries(commands)) {
    const command = await load();
    lines.push(`  ${name.padEnd(10)} ${command.summary}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Dispatches `mfc COMMAND …` and returns the exit code (CONTRACT §1: 2 for a wrong invocation). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    await printUsage();
    return name === undefined ? 2 : 0;
  }
  const load = commands[name];
  if (!load) {
    process.stderr.write(`mfc: unknown command "${safeLine(name)}". Run "mfc --help" for the list.\n`);
    return 2;
  }
  const command = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.help.trimEnd()}\n`);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    // A message can quote what a user or a target wrote: control characters show escaped.
    if (error instanceof UsageError) {
      process.stderr.write(`mfc ${name}: ${safeText(error.message)}\n`);
      return 2;
    }
    process.stderr.write(`mfc ${name}: ${safeText(error instanceof Error ? error.stack ?? error.message : String(error))}\n`);
    return 1;
  }
}
