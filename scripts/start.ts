// `npm start`: the newcomer's first run. Starts the reference server on a free port with
// webhook delivery pointed at the run's receiver, then runs the full suite against it and
// writes the reports to reports/. Exits with the run's exit code.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../packages/cli/server/index.js';
import { freePort } from '../packages/cli/src/net/free-port.js';

// The repository root: reports/ is here, the CLI in packages/cli.
const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs `mfc run` as a child process, as a user would, and resolves to its exit code. */
function runSuite(profilePath: string): Promise<number> {
  const child = spawn(
    process.execPath,
    [join(root, 'packages/cli/bin/mfc.mjs'), 'run', '--profile', profilePath, '--report-dir', join(root, 'reports')],
    { stdio: 'inherit' },
  );
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

const started = performance.now();
const webhookPort = await freePort();
// A high limit keeps the local run fast; the rate-limit checks read the limit from the headers.
const server = await startServer({
  port: 0,
  rateLimit: 10_000,
  webhookV1Url: `http://127.0.0.1:${webhookPort}/webhooks/v1`,
  webhookV2Url: `http://127.0.0.1:${webhookPort}/webhooks/v2`,
  webhookTimeScale: 0.0002,
});
// The profile holds tokens, so it lives in a private temporary folder, never in reports/.
const profileDir = await mkdtemp(join(tmpdir(), 'mfc-start-'));
const profilePath = join(profileDir, 'profile.json');
await writeFile(profilePath, JSON.stringify(server.profile, null, 2), { mode: 0o600 });
process.stdout.write(`mfc start: reference server on ${server.url}; running the full suite\n`);
try {
  const code = await runSuite(profilePath);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // The last line is the newcomer's next step: the report, then their own server.
  process.stdout.write(`mfc start: done in ${seconds} s; reports in reports/ (report.html, report.md, report.json, junit.xml)\n`);
  process.stdout.write('next: open reports/report.html, then point mfc at your own server: README.md, "A first run against your server"\n');
  process.exitCode = code;
} finally {
  await server.close();
  await rm(profileDir, { recursive: true, force: true });
}
