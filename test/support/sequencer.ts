// The order test files start in. The fault matrix is one file of about ten minutes of CPU: started
// last, it alone decides when `npm test` ends. vitest starts the longest files first once it has timed
// them, but a fresh clone (CI) has no timings and vitest then starts the largest files first, which the
// matrix is not. The full-run files start first, the matrix before them; the rest keep vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const first = ['test/fault-matrix/fault-matrix.test.ts', 'test/fault-matrix/variants.test.ts', 'test/fault-matrix/conforming.test.ts'];

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
