import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { main } from '../../packages/cli/src/cli/main.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const mainModule = new URL('../../packages/cli/src/cli/main.ts', import.meta.url).href;
// The CLI from the TypeScript sources, as bin/mfc.mjs runs it in a checkout without a build: a
// dist/ left by `npm run build` would otherwise answer with code older than the sources under test.
const entry = `const { main } = await import(${JSON.stringify(mainModule)}); process.exitCode = await main(process.argv.slice(1));`;

/** Spawns `mfc ARGS…` from the sources in its own process (signals, exit codes, real ports). */
export function spawnMfcSource(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--conditions=mfc-source', '--import', 'tsx', '--input-type=module', '-e', entry, ...args], { cwd: root, stdio: 'pipe' });
}

/** Runs the dispatcher in-process with stdout and stderr captured: the exit code and everything written. */
export async function runMfcInProcess(args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const capture = (chunk: string | Uint8Array): boolean => {
    out += String(chunk);
    return true;
  };
  const stdout = process.stdout.write;
  const stderr = process.stderr.write;
  process.stdout.write = capture as typeof process.stdout.write;
  process.stderr.write = capture as typeof process.stderr.write;
  try {
    return { code: await main(args), out };
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
  }
}
