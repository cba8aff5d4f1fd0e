// The fault matrix, the variants and the conforming runs prove the CLI as it is built and shipped:
// the reference server, the runner and the checks from packages/cli/dist (`npm test` builds first),
// with their types from the sources. A run of the built CLI leaves its modules to Node (no per-run
// transform), which makes each of the matrix's 230 full runs about a fifth cheaper than from the
// sources. The checks' worker loads both packages' dist/; in this process, where the tests' `mfc-source`
// condition holds, the server's imports of `@mfc-conformance/api` resolve to its sources.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as ServerModule from '../../packages/cli/server/index.js';
import type * as RunnerModule from '../../packages/cli/src/runner/index.js';

const packagesDir = fileURLToPath(new URL('../../packages/', import.meta.url));
// What the build compiles, per package (packages/*/tsconfig.build.json).
const compiled: Record<string, string[]> = {
  api: ['src', 'generated'],
  cli: ['src', 'server', 'suites', 'properties'],
};

/** The newest modification time among the files under `dir` whose names pass `keep` (0 when none). */
function newest(dir: string, keep: (name: string) => boolean): number {
  let time = 0;
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (keep(name)) time = Math.max(time, statSync(join(dir, name)).mtimeMs);
  }
  return time;
}

/**
 * Refuses a dist/ older than the sources it was built from, so a matrix run after an edit without
 * `npm run build` cannot prove the code before the edit. The build empties dist/ first: its oldest file
 * is when it began.
 */
function assertBuiltFromCurrentSources(): void {
  for (const [name, dirs] of Object.entries(compiled)) {
    const dist = join(packagesDir, name, 'dist');
    let builtAt: number;
    try {
      builtAt = statSync(join(dist, name === 'cli' ? 'src/runner/run.js' : 'src/client/index.js')).mtimeMs;
    } catch {
      throw new Error(`packages/${name}/dist is missing: run \`npm run build\` (npm test does) before the fault matrix`);
    }
    const changed = Math.max(...dirs.map((dir) => newest(join(packagesDir, name, dir), (file) => /\.(ts|json|js)$/.test(file) && !file.endsWith('.test.ts'))));
    if (changed > builtAt) {
      throw new Error(`packages/${name}/dist is older than its sources: run \`npm run build\` (npm test does) before the fault matrix`);
    }
  }
}

assertBuiltFromCurrentSources();

const built = (path: string) => new URL(`../../packages/cli/dist/${path}`, import.meta.url).href;
const server = (await import(built('server/index.js'))) as typeof ServerModule;
const runner = (await import(built('src/runner/index.js'))) as typeof RunnerModule;

export const { startServer, faults, variants, combinedVariants } = server;
export const { runChecks } = runner;
