// The order test files start in. The fault matrix is one file of about ten minutes of CPU: started
// last, it alone decides when `npm test` ends. vitest starts the longest files first once it has timed
// them, but a fresh clone (CI) has no timings and vitest then starts the largest files first, which the
// matrix is not. The full-run files start first, the matrix before them; then the files that mostly
// wait (a run paced at a real rate limit, targets that must time out, npm installing the packed
// packages, a browser, `mfc init` at its prompts), so their waits overlap the matrix's CPU instead of
// leaving a core idle at the end; the rest keep vitest's order.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const first = [
  'test/fault-matrix/fault-matrix.test.ts',
  'test/fault-matrix/variants.test.ts',
  'test/fault-matrix/conforming.test.ts',
  'test/runner/hardening.test.ts',
  'test/runner/rate-budget.test.ts',
  'test/webhooks-run/run.test.ts',
  'test/reports/html-browser.test.ts',
  'test/setup/init.test.ts',
  'test/package/consumer.test.ts',
];

// A path is a bare string: a renamed file would silently lose its place, so a missing one stops the run.
const root = fileURLToPath(new URL('../../', import.meta.url));
const missing = first.filter((file) => !existsSync(`${root}${file}`));
if (missing.length > 0) throw new Error(`test/support/sequencer.ts names files that do not exist: ${missing.join(', ')}`);

/** Where `spec` stands among the files that start first (their count when it is not one of them). */
function rank(spec: TestSpecification): number {
  const index = first.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? first.length : index;
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the files outside `first` keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
