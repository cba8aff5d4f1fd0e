// The order test files start in. The full conformance runs (the variants, the conforming runs, the fault
// matrix's area files) hold most of `npm test`'s CPU; the files that mostly wait (a run paced at a real
// rate limit, targets that must time out, npm installing the packed packages, a browser, `mfc init` at
// its prompts) start among the first, so their waits overlap that CPU instead of leaving a core idle at
// the end. The variants start first: one of their runs answers slowly on purpose and takes longest. The
// matrix's rate-limit and webhook areas come next: their low-limit runs wait for rate-limit minutes and
// their webhook runs for deliveries, so each holds a worker two to three minutes; started late, they
// left every worker waiting at once (the cores 30 to 70% idle for 20 s at a time).
// vitest starts the longest files first once it has timed them, but a fresh clone (CI) has no timings
// and vitest then starts the largest files first, which these are not. The rest keep vitest's order.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const first = [
  'test/fault-matrix/variants.test.ts',
  'test/fault-matrix/faults/rate-limit.test.ts',
  'test/fault-matrix/faults/webhooks.test.ts',
  'test/fault-matrix/conforming.test.ts',
  'test/connection/gateway-run.test.ts',
  'test/runner/hardening.test.ts',
  'test/runner/rate-budget.test.ts',
  'test/webhooks-run/run.test.ts',
  'test/webhooks-run/retry-ties.test.ts',
  'test/reports/html-browser.test.ts',
  'test/setup/init.test.ts',
  'test/package/consumer.test.ts',
];

// The fault matrix's area files come right after, in vitest's order.
const matrixAreas = '/test/fault-matrix/faults/';

// A path is a bare string: a renamed file would silently lose its place, so a missing one stops the run.
const root = fileURLToPath(new URL('../../', import.meta.url));
const missing = [...first, matrixAreas.slice(1)].filter((file) => !existsSync(`${root}${file}`));
if (missing.length > 0) throw new Error(`test/support/sequencer.ts names files that do not exist: ${missing.join(', ')}`);

/** Where `spec` stands: among the files that start first, then the matrix's areas, then the rest. */
function rank(spec: TestSpecification): number {
  const index = first.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  if (index !== -1) return index;
  return spec.moduleId.includes(matrixAreas) ? first.length : first.length + 1;
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the files of one rank keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
