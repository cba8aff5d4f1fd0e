import { configDefaults, defineConfig } from 'vitest/config';
import { sourceConditions } from './packages/cli/src/runner/conditions.js';
import { LongestFirstSequencer } from './test/support/sequencer.js';

// Test files that replace a module (vi.mock) and so need a module graph of their own.
const mocking = ['test/webhooks/signature.test.ts'];

/**
 * `npm run test:quick` (vitest.quick.config.ts) leaves these out: the full conformance runs of the
 * fault matrix and the variants, the packed packages installed into an empty project, the runs paced
 * at a real rate limit and the slowest end-to-end files. `npm test` runs them.
 */
export const slowTests = [
  'test/fault-matrix/**',
  'test/package/consumer.test.ts',
  'test/package/generate-out.test.ts',
  'test/runner/rate-budget.test.ts',
  // End to end: a real browser, hostile targets that must time out, webhooks through real listeners,
  // `mfc init` answering its prompts then running on what it wrote, seven `mfc run --baseline` runs
  // (test/baseline/ also reads and compares baselines without a run, in the quick tier).
  'test/reports/html-browser.test.ts',
  'test/baseline/cli.test.ts',
  'test/runner/hardening.test.ts',
  'test/webhooks-run/run.test.ts',
  'test/setup/init.test.ts',
];

// The project's own tests (`npm test`). Conformance suites are not listed here: `mfc run`
// drives them through vitest's node API with its own configuration (src/runner).
export default defineConfig({
  // The tests run on the TypeScript sources: `@mfc-conformance/api/...` resolves through its exports'
  // `mfc-source` condition to packages/api/src, never to a dist/ that may be older than the sources.
  // Vitest runs test files in Vite's server (ssr) environment, which reads `ssr.resolve.conditions`.
  ssr: { resolve: { conditions: [...sourceConditions] } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The fault matrix and the variants run a full conformance run per case, about 3.5 s of CPU in 6 s
    // of wall time: eight at a time keep both cores busy without starving the webhook checks' timings.
    maxConcurrency: 8,
    // Two workers (vitest takes one on a 2-core machine): the other files run beside the matrix. A
    // third was tried: 699 s instead of 810 s in a warm checkout, but 821 s on a fresh clone, where the
    // matrix, the last file to end, got less of the two cores.
    maxWorkers: 2,
    // Worker threads start faster than forked processes, and files that share a worker share its
    // modules rather than importing the toolkit again each (a third of the quick tier's time went to
    // imports). No test changes process-wide state it does not restore; one that mocks a module runs apart.
    pool: 'threads',
    // A dist/ older than the sources is rebuilt before any test runs the built CLI; every temporary
    // file goes under one directory, removed when the run ends.
    globalSetup: ['test/support/fresh-build.ts', 'test/support/temp-root.ts'],
    // The fault matrix starts first, also on a fresh clone where vitest has no timings yet.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...mocking], isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocking } },
    ],
  },
});
