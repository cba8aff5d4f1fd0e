import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';

// The pilot checks against the reference implementation: all pass, and each auth fault of the
// server is caught by exactly the check that enforces that rule. Only the pilot files are loaded,
// so this proves the engine and the pilots whatever state the other suites are in.
const pilots = ['suites/v1/auth.check.ts', 'suites/v2/auth.check.ts'];

describe('pilot auth checks against the reference server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('pass, quickly', async () => {
    const outcome = await runChecks({ profile: server.profile, include: pilots });
    expect(outcome.report.checks.map((c) => `${c.id} ${c.status}`).sort()).toEqual([
      'v1.auth.expired-token-403 passed', 'v1.auth.inactive-channel-403 passed', 'v1.auth.missing-token-401 passed', 'v1.auth.unknown-token-401 passed',
      'v2.auth.expired-token-403 passed', 'v2.auth.inactive-channel-403 passed', 'v2.auth.missing-token-401 passed', 'v2.auth.unknown-token-401 passed',
    ]);
    expect(outcome.exitCode).toBe(0);
    // vitest start-up plus eight checks; generous for a loaded CI machine.
    expect(outcome.durationMs).toBeLessThan(15_000);
  });

  const faults: Array<[fault: string, check: string]> = [
    ['v1-auth-missing-token-403', 'v1.auth.missing-token-401'],
    ['v2-auth-missing-token-403', 'v2.auth.missing-token-401'],
    ['v1-auth-unknown-token-403', 'v1.auth.unknown-token-401'],
    ['v2-auth-unknown-token-403', 'v2.auth.unknown-token-401'],
    ['v1-auth-expired-token-accepted', 'v1.auth.expired-token-403'],
    ['v2-auth-expired-token-401', 'v2.auth.expired-token-403'],
    ['v1-auth-inactive-channel-accepted', 'v1.auth.inactive-channel-403'],
    ['v2-auth-inactive-channel-accepted', 'v2.auth.inactive-channel-403'],
  ];
  it.each(faults)('catch the fault %s in %s only', async (fault, checkId) => {
    const broken = await startServer({ host: '127.0.0.1', port: 0, faults: [fault] });
    try {
      const outcome = await runChecks({ profile: broken.profile, include: pilots, api: checkId.startsWith('v1.') ? 'v1' : 'v2' });
      expect(outcome.exitCode).toBe(1);
      const failed = outcome.report.checks.filter((c) => c.status === 'failed');
      expect(failed.map((c) => c.id)).toEqual([checkId]);
      expect(failed[0]?.message).toMatch(/\nExpected: status 40[13]\nReceived: status \d+\n/);
      expect(failed[0]?.requests.length).toBeGreaterThan(0);
    } finally {
      await broken.close();
    }
  });
});
