// The measured request costs (packages/cli/suites/request-costs.json, `npm run costs`) are what a
// run's plan and scheduler go by: which windows a check spends and about how much. A table out of
// date plans a new check as a few requests of its own version, and lets other checks into a window
// an X-Rate-Limit-Used check holds. This test measures today's checks and says when to run
// `npm run costs`.
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../packages/cli/src/layout.js';
import { loadCosts, type CheckCost } from '../../packages/cli/src/runner/plan.js';
import { measureCosts } from '../support/measure-costs.js';

// A plan is an estimate: a check whose requests moved by a few (a property's cases, a premise another
// check made first) is still planned well. Beyond this, the table no longer says what the check sends.
const TOLERATED = (recorded: number) => Math.max(3, Math.ceil(recorded * 0.25));

/** Where `measured` and `recorded` disagree beyond the tolerance, one line per check and window. */
function staleRows(recorded: Record<string, CheckCost>, measured: Record<string, CheckCost>): string[] {
  const rows: string[] = [];
  for (const id of new Set([...Object.keys(recorded), ...Object.keys(measured)])) {
    const was = recorded[id]?.requests;
    const now = measured[id]?.requests;
    if (was === undefined) rows.push(`${id}: not in the table`);
    else if (now === undefined) rows.push(`${id}: in the table, but no longer a check of a full run`);
    else {
      for (const window of new Set([...Object.keys(was), ...Object.keys(now)])) {
        const [before, after] = [was[window] ?? 0, now[window] ?? 0];
        if (Math.abs(before - after) > TOLERATED(before)) rows.push(`${id}: ${window} ${before} in the table, ${after} measured`);
      }
    }
  }
  return rows;
}

describe('the request costs table', () => {
  it('says what each check of a full run sends to each window (else: npm run costs)', async () => {
    const stale = staleRows(loadCosts(packageRoot), await measureCosts());
    expect(stale, 'run `npm run costs` to measure them again').toEqual([]);
  }, 120_000);

  it('names a new check, a removed one and a window whose count moved', () => {
    const table = { 'a.one': { requests: { 'v1 primary': 4 } }, 'a.two': { requests: { 'v2 merchant': 20 } } };
    expect(staleRows(table, { 'a.one': { requests: { 'v1 primary': 6 } }, 'a.two': { requests: { 'v2 merchant': 25 } } })).toEqual([]);
    expect(staleRows(table, { 'a.two': { requests: { 'v2 merchant': 27, 'v1 primary': 4 } }, 'a.three': { requests: { 'v1 primary': 1 } } })).toEqual([
      'a.one: in the table, but no longer a check of a full run',
      'a.two: v2 merchant 20 in the table, 27 measured',
      'a.two: v1 primary 0 in the table, 4 measured',
      'a.three: not in the table',
    ]);
  });
});
