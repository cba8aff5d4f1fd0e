import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { loadRules } from '../../packages/cli/src/rules/index.js';

// A run of the two auth files against the conforming server: every §5 rule one of their checks
// covers passes, the other checked §5 rules are skipped (none of their checks ran).
const authFiles = ['suites/v1/auth.check.ts', 'suites/v2/auth.check.ts'];

describe('a run reports rule coverage', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('per § from its own results and the inventory', async () => {
    const outcome = await runChecks({ profile: server.profile, include: authFiles });
    const coverage = outcome.report.coverage!;
    const ran = new Set(outcome.report.checks.map((check) => check.id));
    const checked = loadRules().filter((rule) => rule.section === '5' && rule.checks.length > 0);
    const passed = checked.filter((rule) => rule.checks.some((id) => ran.has(id))).length;
    expect(passed).toBeGreaterThan(0);
    expect(coverage.sections.find((section) => section.section === '5')).toMatchObject({
      checked: checked.length, passed, failed: 0, skipped: checked.length - passed,
    });
    expect(coverage.total.failed).toBe(0);
    expect(coverage.total.passed).toBeGreaterThanOrEqual(4);
    expect(coverage.total.rules).toBe(coverage.total.checked + coverage.total.unobservable + coverage.total.withoutCheck);
  });
});
