// vitest's global setup: the tests that run the CLI as built (the fault matrix, every `mfc` a test
// spawns, which runs packages/cli/dist when it exists) must not run a dist/ older than the sources. A
// missing or stale build is rebuilt once, before any test file starts; `npm test` builds first, so there
// it finds dist/ fresh and does nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

// What each package's build compiles or copies (packages/*/tsconfig.build.json, scripts/build.mjs),
// and a file of its dist/ written by every build (the build empties dist/ first).
const packages = [
  { name: 'api', sources: ['src', 'generated'], built: 'src/client/index.js' },
  { name: 'cli', sources: ['src', 'server', 'suites', 'properties'], built: 'src/runner/run.js' },
];

/** The newest modification time among the files under `dir` (0 when none). */
function newestUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => !name.endsWith('.test.ts'))
    .reduce((newest, name) => Math.max(newest, statSync(join(dir, name)).mtimeMs), 0);
}

/** Why the build is out of date, or undefined when every package's dist/ is newer than its sources. */
export function staleBuild(): string | undefined {
  for (const { name, sources, built } of packages) {
    const marker = join(root, 'packages', name, 'dist', built);
    if (!existsSync(marker)) return `packages/${name}/dist is missing`;
    const builtAt = statSync(marker).mtimeMs;
    const changed = sources.find((dir) => newestUnder(join(root, 'packages', name, dir)) > builtAt);
    if (changed !== undefined) return `packages/${name}/${changed} changed since packages/${name}/dist was built`;
  }
  return undefined;
}

export default function setup(): void {
  const reason = staleBuild();
  if (reason === undefined) return;
  process.stdout.write(`${reason}: npm run build:emit\n`);
  // Emitted without a type check: `npm run typecheck` is where types are checked, once.
  const build = spawnSync('npm', ['run', 'build:emit'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build:emit failed (${reason}); the tests that run the built CLI cannot run`);
}
