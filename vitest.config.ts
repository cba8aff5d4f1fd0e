import { defineConfig } from 'vitest/config';

// The project's own tests (`npm test`). Conformance suites are not listed here: `mfc run`
// drives them through vitest's node API with its own configuration (src/runner).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The fault matrix and the variants run a full conformance run per case, each mostly waiting on
    // webhook answers and retries (about 2 s of CPU in 25 s): fourteen at a time keep both cores busy.
    maxConcurrency: 14,
    // Two workers (vitest takes one on a 2-core machine): the other files run beside the matrix.
    maxWorkers: 2,
  },
});
