import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunReport } from '../../packages/cli/src/reports/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** What one `mfc` invocation produced. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** The parsed `report.json` of `--report-dir`, when the run wrote one. */
  report?: RunReport;
}

/** Runs `node bin/mfc.mjs …args` as a child process (CI=true, so no progress line); kills it after `timeoutMs`. */
export async function runCli(
  args: string[],
  options: { env?: Record<string, string>; reportDir?: string; timeoutMs?: number; onSpawn?: (child: ChildProcess) => void } = {},
): Promise<CliResult> {
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, 'packages/cli/bin/mfc.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, CI: 'true', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  options.onSpawn?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', (exit) => resolve(exit)));
  clearTimeout(timer);
  const reportPath = options.reportDir === undefined ? undefined : join(options.reportDir, 'report.json');
  const report = reportPath && existsSync(reportPath) ? (JSON.parse(readFileSync(reportPath, 'utf8')) as RunReport) : undefined;
  return { code, stdout, stderr, durationMs: Date.now() - started, ...(report ? { report } : {}) };
}
