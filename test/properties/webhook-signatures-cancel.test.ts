// The webhook-signature property triggers its events by cancelling restocking shipments it has just
// created. Which states permit a cancel is not shown (§3.1): a deployment that refuses the first cancel
// (4xx) leaves the property without its premise (a skip naming why, no probe shipment spent on finding
// out), while a server error, or a refusal after an earlier cancel succeeded, fails it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/cli/server/index.js';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import type { CheckId } from '../fault-map/check-ids.js';
import { startCountingProxy, type ProxiedRequest } from '../support/counting-proxy.js';
import { startDeliveringServer } from '../support/delivering-server.js';

const id: CheckId = 'v2.properties.webhook-signatures';
const isCancel = (request: ProxiedRequest) => request.method === 'PUT' && /^\/merchant_api\/v2\/restocking_shipments\/\d+\/cancel$/.test(request.url);
const answer = (status: number) => ({ status, body: { errors: ['cannot be cancelled'], success: false, title: 'Not cancelled', status } });

/** One run of the property through a proxy that answers the cancels `refuse` picks (by their number, from 1) with `status`. */
async function runRefusing(server: RunningServer, refuse: (cancel: number) => boolean, status = 422) {
  let cancels = 0;
  const proxy = await startCountingProxy(server.profile.baseUrl, undefined, {
    answerInstead: (request) => (isCancel(request) && refuse((cancels += 1)) ? answer(status) : undefined),
  });
  try {
    const outcome = await runChecks({ profile: { ...server.profile, baseUrl: proxy.url }, include: ['properties/webhook-signatures.property.ts'], only: id, seed: 1 });
    const check = outcome.report.checks.find((c) => c.id === id)!;
    // The writes: the run's preflight reads the list too.
    return { check, requests: proxy.requests.filter((r) => r.method !== 'GET' && r.url.startsWith('/merchant_api/v2/restocking_shipments')) };
  } finally {
    await proxy.close();
  }
}

describe(`${id} and a deployment that refuses cancels`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startDeliveringServer();
  });
  afterAll(() => server.close());

  it('skips, naming the missing premise, when the first cancel is refused, after one shipment', async () => {
    const { check, requests } = await runRefusing(server, () => true);
    expect(check.status).toBe('skipped');
    expect(check.message).toMatch(/^Cancelling a restocking shipment the run had just created, to trigger a status event: the service refused it \(status 422.*the check's premise is not offered$/s);
    expect(requests.map((r) => r.method)).toEqual(['POST', 'PUT']);
  }, 60_000);

  it('fails when the first cancel answers a server error', async () => {
    const { check } = await runRefusing(server, () => true, 500);
    expect(check.status).toBe('failed');
    expect(check.message).toContain('answers success or a refusal');
  }, 60_000);

  it('fails when a cancel is refused after an earlier one succeeded', async () => {
    const { check } = await runRefusing(server, (cancel) => cancel === 2);
    expect(check.status).toBe('failed');
    expect(check.message).toContain('succeeds, as it did earlier in the property');
  }, 60_000);

  it('passes when every cancel succeeds, sending one shipment and one cancel per case', async () => {
    const { check, requests } = await runRefusing(server, () => false);
    expect(check.status).toBe('passed');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(4);
    expect(requests.filter(isCancel)).toHaveLength(4);
  }, 60_000);
});
