// Issue 12: against a staging or production deployment the run uses at most its share of each
// minute's limit, so the merchant's own integration keeps working during a run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { startServer, type RunningServer } from '../../packages/cli/server/index.js';
import { busiestMinute, startCountingProxy, type CountingProxy } from '../support/counting-proxy.js';

describe('the rate budget', () => {
  let server: RunningServer;
  let proxy: CountingProxy;
  beforeAll(async () => {
    server = await startServer({ host: '127.0.0.1', port: 0, rateLimit: 100 });
    proxy = await startCountingProxy(server.url);
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it('sends at most 50 requests per window in any calendar minute at share 0.5 against a 100/min server', async () => {
    // The default share off `local`; every read-only v1 check, more than 60 requests with the primary token, so the budget must hold some back.
    const profile = { ...server.profile, baseUrl: proxy.url, environment: 'staging' as const, allowWrites: false };
    const outcome = await runChecks({ profile, only: 'v1.*', checkTimeoutMs: 150_000 });
    expect(outcome.report.summary.failed).toBe(0);
    expect(proxy.requests.filter((request) => request.api === 'v1').length).toBeGreaterThan(60);
    expect(busiestMinute(proxy.requests, 'v1')).toBeLessThanOrEqual(50);
    expect(busiestMinute(proxy.requests, 'v2')).toBeLessThanOrEqual(50);
    // The report tells the same: the share, the requests per minute and the peak share used.
    expect(outcome.report.run?.share).toBe(0.5);
    // The preflight's requests count only while their minute lasts.
    const reported = outcome.report.run?.traffic?.reduce((sum, minute) => sum + minute.requests, 0) ?? 0;
    expect(reported).toBeGreaterThanOrEqual(proxy.requests.length - 6);
    expect(reported).toBeLessThanOrEqual(proxy.requests.length);
    // The peak is the busiest minute's share of its limit: 0.5 when the run fills a minute, less when
    // its requests straddle a minute's end (where the run starts in the minute is not ours to choose).
    const shares = (outcome.report.run?.traffic ?? []).flatMap((minute) => (minute.limit === undefined ? [] : [minute.requests / minute.limit]));
    expect(outcome.report.run?.peakShare).toBe(Math.round(Math.max(...shares) * 1000) / 1000);
    expect(outcome.report.run?.peakShare).toBeLessThanOrEqual(0.5);
  }, 180_000);
});
