// `npm test` after its `pretest` build: the static checks (the generated files match spec/, the
// documents lint clean, every package, test and script type-checks) beside the vitest suite, not
// before it. The static checks use one core for about 15 s; the suite keeps both cores busy for
// minutes, so side by side they finish about 12 s sooner on two cores than one after the other. The
// static checks' output is held back and printed when they end, so it never cuts into vitest's lines.
// Exit code: the worst of the two. Plain JavaScript, so it runs before anything is compiled.
import { spawn } from 'node:child_process';

/** Runs `command` in a shell; resolves to its exit code, its output streamed or (`held`) returned. */
function run(command, held) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (held) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }));
  });
}

const staticChecks = run('npm run --silent generate:check && npm run --silent lint && npm run --silent typecheck', true).then((result) => {
  process.stdout.write(`\n${result.output}${result.code === 0 ? '' : 'npm test: generate:check, lint or typecheck failed (above)\n'}`);
  return result;
});
const suite = run(`vitest run ${process.argv.slice(2).join(' ')}`, false);
const codes = (await Promise.all([staticChecks, suite])).map((result) => result.code);
process.exit(Math.max(...codes));
