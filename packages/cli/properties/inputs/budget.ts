// A check's budget of cases shared among the kinds, boundary first: one case is a boundary case (the
// most each request can show), two add an invalid one, three a valid one, four one past the limits, and
// so on round the kinds an operation has.
import { casesPerOperation as budgetOf } from '../../src/checks/generated-budget.js';
import type { CheckContext } from '../../src/checks/index.js';
import type { CaseKind } from './cases.js';

const order: readonly CaseKind[] = ['boundary', 'invalid', 'valid', 'limits'];

/** The run's budget for one generated-input check (src/checks/generated-budget.ts). */
export function casesPerOperation(t: CheckContext): number {
  return budgetOf({ cases: t.cases, runs: t.runs, profile: t.profile });
}

/** `budget` cases shared round the `available` kinds in the order above. */
export function casesPerKind(budget: number, available: readonly CaseKind[]): Partial<Record<CaseKind, number>> {
  const kinds = order.filter((kind) => available.includes(kind));
  const counts: Partial<Record<CaseKind, number>> = {};
  for (let index = 0; index < budget && kinds.length > 0; index += 1) {
    const kind = kinds[index % kinds.length]!;
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}
