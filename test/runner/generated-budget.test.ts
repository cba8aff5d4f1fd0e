// The budget of the generated-input checks (issue 38): one place decides how many cases each operation
// draws (--cases, else --runs, else the profile's, else the default), the kinds share it boundary
// first, and the plan scales their measured requests with it.
import { describe, expect, it } from 'vitest';
import { casesPerOperation, DEFAULT_CASES_PER_OPERATION } from '../../packages/cli/src/checks/generated-budget.js';
import { planRun, renderPlan } from '../../packages/cli/src/runner/plan.js';
import { casesPerKind } from '../../packages/cli/properties/inputs/budget.js';

const profile = { generatedInputs: { casesPerOperation: 40 } };

describe('cases per operation', () => {
  it.each([
    ['nothing given: the default', {}, {}, DEFAULT_CASES_PER_OPERATION],
    ['the profile', {}, profile, 40],
    ['--runs over the profile', { runs: 3 }, profile, 3],
    ['--cases over --runs and the profile', { cases: 2000, runs: 3 }, profile, 2000],
  ] as const)('%s', (_name, flags, given, want) => {
    expect(casesPerOperation({ ...flags, profile: given })).toBe(want);
  });
});

describe('the kinds share the budget', () => {
  it.each([
    ['one case: a boundary one', 1, ['valid', 'boundary', 'limits', 'invalid'], { boundary: 1 }],
    ['the default: two of each', 8, ['valid', 'boundary', 'limits', 'invalid'], { boundary: 2, invalid: 2, valid: 2, limits: 2 }],
    ['a query without open limits', 8, ['valid', 'boundary', 'invalid'], { boundary: 3, invalid: 3, valid: 2 }],
  ] as const)('%s', (_name, budget, available, want) => {
    expect(casesPerKind(budget, available)).toEqual(want);
  });
});

describe('the plan', () => {
  const checks = [
    { id: 'v2.properties.generated.orders-create', api: 'v2' as const, provokes429: false, waitMs: 0 },
    { id: 'v2.orders.create.sales-channel', api: 'v2' as const, provokes429: false, waitMs: 0 },
  ];
  const costs = { 'v2.properties.generated.orders-create': { requests: { 'v2 merchant': 16 } }, 'v2.orders.create.sales-channel': { requests: { 'v2 merchant': 4 } } };
  const plan = (generatedCases?: number) => planRun({ checks, costs, limitOf: () => 100, ratePerMinute: (limit) => limit / 2, concurrency: 6, ...(generatedCases === undefined ? {} : { generatedCases }) });

  it('scales the generated checks\' measured requests with the budget, and only theirs', () => {
    expect(plan().requests).toBe(20);
    expect(plan().generated).toEqual({ checks: 1, casesPerOperation: DEFAULT_CASES_PER_OPERATION, requests: 16 });
    expect(plan(2000).requests).toBe(4000 + 4);
    expect(plan(2000).generated).toEqual({ checks: 1, casesPerOperation: 2000, requests: 4000 });
  });

  it('says how many generated cases will run and what they cost', () => {
    expect(renderPlan(plan(), { mood: 'doctor' })).toContain('generated inputs: 1 operations × 8 cases (valid, boundary, past the open limits, invalid) = 8 cases, about 16 requests');
  });
});
