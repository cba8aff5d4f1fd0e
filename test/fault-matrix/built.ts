// The fault matrix, the variants and the conforming runs prove the CLI as it is built and shipped:
// the reference server, the runner and the checks from packages/cli/dist (`npm test` builds first;
// vitest's global setup rebuilds a stale one), with their types from the sources. A run of the built
// CLI leaves its modules to Node (no per-run transform), which makes each of these files' 236 full
// runs about a fifth cheaper than from the sources. The checks' worker loads both packages' dist/; in
// this process, where the tests' `mfc-source` condition holds, the server's imports of
// `@mfc-conformance/api` resolve to its sources.
import type * as ServerModule from '../../packages/cli/server/index.js';
import type * as RunnerModule from '../../packages/cli/src/runner/index.js';
import { staleBuild } from '../support/fresh-build.js';

// The global setup rebuilt a stale dist/; this holds when the file is run some other way.
const stale = staleBuild();
if (stale !== undefined) throw new Error(`${stale}: run \`npm run build\` before the fault matrix`);

const built = (path: string) => new URL(`../../packages/cli/dist/${path}`, import.meta.url).href;
const server = (await import(built('server/index.js'))) as typeof ServerModule;
const runner = (await import(built('src/runner/index.js'))) as typeof RunnerModule;

export const { startServer, faults, variants, combinedVariants } = server;
export const { runChecks, RunBatch } = runner;
