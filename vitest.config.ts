import { defineConfig } from 'vitest/config';
import { sourceConditions } from './packages/cli/src/runner/conditions.js';

// The project's own tests (`npm test`). Conformance suites are not listed here: `mfc run`
// drives them through vitest's node API with its own configuration (src/runner).
export default defineConfig({
  // The tests run on the TypeScript sources: `@mfc-conformance/api/...` resolves through its exports'
  // `mfc-source` condition to packages/api/src, never to a dist/ that may be older than the sources.
  // Vitest runs test files in Vite's server (ssr) environment, which reads `ssr.resolve.conditions`.
  ssr: { resolve: { conditions: [...sourceConditions] } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The fault matrix and the variants run a full conformance run per case, about 4 s of CPU in 6 s
    // of wall time now that each run's checks overlap their waits: eight at a time keep both cores
    // busy without starving the webhook checks' timings.
    maxConcurrency: 8,
    // Two workers (vitest takes one on a 2-core machine): the other files run beside the matrix.
    maxWorkers: 2,
  },
});
