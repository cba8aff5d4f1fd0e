// v2.properties.rate-limit-headers catches a v2 window kept per sales channel by going back and forth
// between the merchant's two channels, which shows only where Used is judged against the requests of
// the minute. In the last and the first seconds of the service's minute it is not (the minute an answer
// counted in is uncertain; the Date header has whole seconds), so the property waits a few seconds
// there: the fault matrix missed the fault when the property happened to run at a minute's edge. A
// server started 1.4 s before its minute ends puts the property at one edge or the other.
import { afterEach, describe, expect, it } from 'vitest';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';

const MINUTE_MS = 60_000;
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose clock stands `leftMs` before the end of a minute when the test starts, and runs on from there. */
async function serverNearMinuteEnd(leftMs: number, faults: string[]): Promise<RunningServer> {
  const start = Date.now();
  const offset = MINUTE_MS - leftMs - (start % MINUTE_MS);
  return startServer({ port: 0, faults, rateLimit: 10_000, now: () => Date.now() + offset });
}

describe('v2.properties.rate-limit-headers near the end of the service minute', () => {
  it('still catches a window kept per channel when it starts at the edge of the service minute', async () => {
    server = await serverNearMinuteEnd(1_400, ['v2-rate-limit-per-channel']);
    const run = await runChecks({ profile: server.profile, only: 'v2.properties.rate-limit-headers', seed: 1 });
    const result = run.report.checks.find((check) => check.id === 'v2.properties.rate-limit-headers');
    expect(result?.status).toBe('failed');
  }, 60_000);

  it('passes the conforming server started at the same moment', async () => {
    server = await serverNearMinuteEnd(1_400, []);
    const run = await runChecks({ profile: server.profile, only: 'v2.properties.rate-limit-headers', seed: 1 });
    expect(run.report.checks.find((check) => check.id === 'v2.properties.rate-limit-headers')?.status).toBe('passed');
  }, 60_000);
});
