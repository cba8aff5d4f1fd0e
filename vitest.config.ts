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
  'test/webhooks-run/retry-ties.test.ts',
  'test/setup/init.test.ts',
  // Two full runs side by side, one through a loopback company proxy and TLS gateway (issue 31).
  'test/connection/gateway-run.test.ts',
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
    // The fault matrix and the variants run a full conformance run per case, about 1 to 2 s of CPU in
    // 5 s of wall time, most of it waits (webhook answer limits, slow answers). The matrix's runs go nine
    // to a vitest run and worker, three side by side (test/fault-matrix/fault-runs.ts), so sixteen tests
    // of a file at a time keep about six of its runs going.
    maxConcurrency: 16,
    // Five workers on two cores: most files wait more than they compute (timeouts, paced runs, spawned
    // CLIs, npm installing the packed packages, the matrix's low-limit and webhook areas), so five side by
    // side keep both cores busy. Measured on two cores, the whole suite: 419 s at 172% CPU with the matrix
    // as one file and two workers; 369 s at 193% as one file per area with four (720 to 750 CPU-s); 331 s
    // at 177% (590 CPU-s) with the matrix's runs three to a worker, one after another; 327 s at 188% with
    // five workers; 266 s at 185% (490 CPU-s) with nine to a worker, three side by side.
    maxWorkers: 5,
    // Worker threads start faster than forked processes, and files that share a worker share its
    // modules rather than importing the toolkit again each (a third of the quick tier's time went to
    // imports). No test changes process-wide state it does not restore; one that mocks a module runs apart.
    pool: 'threads',
    // A dist/ older than the sources is rebuilt before any test runs the built CLI; the fault matrix's
    // areas add up to one summary line at the end; every temporary file goes under one directory,
    // removed when the run ends.
    globalSetup: ['test/support/fresh-build.ts', 'test/support/matrix-summary.ts', 'test/support/temp-root.ts'],
    // The full conformance runs and the files that mostly wait start first, also on a fresh clone where
    // vitest has no timings yet.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...mocking], isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocking } },
    ],
  },
});
