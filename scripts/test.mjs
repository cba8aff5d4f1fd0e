// `npm test` after its `pretest` build: the static checks (the generated files match spec/, the
// documents lint clean, every package, test and script type-checks) beside the vitest suite, not
// before it. The static checks use one core for about 15 s; the suite keeps both cores busy for
// minutes, so side by side they finish about 12 s sooner on two cores than one after the other. The
// static checks' output is held back and printed when they end, so it never cuts into vitest's lines.
// Exit code: the worst of the two. Plain JavaScript, so it runs before anything is compiled.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Runs `command` with `args` (in a shell when `args` is a string); resolves to its exit code, its output streamed or (`held`) returned. */
function run(command, args, held) {
  return new Promise((resolve) => {
    const shell = typeof args === 'string';
    const child = spawn(shell ? `${command} ${args}` : command, shell ? [] : args, { shell, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (held) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('error', (error) => resolve({ code: 1, output: `${command}: ${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }));
  });
}

const staticChecks = run('npm', 'run --silent generate:check && npm run --silent lint && npm run --silent typecheck', true).then((result) => {
  process.stdout.write(`\n${result.output}${result.code === 0 ? '' : 'npm test: generate:check, lint or typecheck failed (above)\n'}`);
  return result;
});
// vitest's own entry, so the script also runs outside npm; `npm test -- -t "a name"` hands its
// arguments to vitest as they were given.
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const suite = run(process.execPath, [vitest, 'run', ...process.argv.slice(2)], false);
const codes = (await Promise.all([staticChecks, suite])).map((result) => result.code);
process.exit(Math.max(...codes));
