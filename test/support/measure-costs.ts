import type { CheckCost } from '../../packages/cli/src/runner/plan.js';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { startDeliveringServer } from './delivering-server.js';

/**
 * Each check's requests per rate-limit window in one full run against the reference server with
 * every token and webhook delivery (as `npm start` runs it, but every check as the primary), sorted
 * by check id.
 */
export async function measureCosts(seed = 1): Promise<Record<string, CheckCost>> {
  const server = await startDeliveringServer();
  try {
    // Measured as the primary: the run moves a check's requests to the other merchant's windows itself.
    const { otherMerchant: _asRun, ...fixtures } = server.profile.fixtures;
    const outcome = await runChecks({ profile: { ...server.profile, fixtures }, seed });
    const failed = outcome.report.checks.filter((check) => check.status === 'failed').map((check) => check.id);
    if (failed.length > 0) throw new Error(`the conforming run failed ${failed.join(', ')}: no costs measured`);
    // A check that ran and sent nothing (its premise made by another check) is measured as such: left
    // out, the plan would count it as a check never measured.
    const entries = outcome.report.checks
      .filter((check) => check.status !== 'skipped')
      .map((check): [string, CheckCost] => [check.id, { requests: Object.fromEntries(Object.entries(check.windows ?? {}).sort(([a], [b]) => a.localeCompare(b))) }]);
    return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  } finally {
    await server.close();
  }
}
