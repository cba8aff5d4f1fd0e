// The webhook checks against a deployment that behaves as §6.3 point 5 allows: calls about other
// records and other statuses, the expected call out of order and repeated, the other sales channel's
// copy (§6.1) first. They still find their
// call by resource id and status. And where the specification leaves a choice open (which order
// states may be cancelled), a refusal skips the check instead of failing it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../packages/cli/src/net/free-port.js';
import { runChecks } from '../../packages/cli/src/runner/index.js';
import { signBody } from '../../packages/cli/src/webhooks/index.js';
import { startFakeTarget, type FakeRoute, type FakeTarget } from '../support/fake-target.js';
import { testProfile, testTokens } from '../support/profile.js';
import { v1RestockingShipment } from '../webhooks/fixtures.js';

const signingToken = 'fake-deployment-signing-token';
const otherChannelToken = testTokens.sameMerchantOtherChannel;
// How long after the other channel's copy the deployment sends the primary's calls: longer than the
// wait a signature check gives the other calls of a change once the first is in (promptMs, 400 ms at
// the profile's answerLimitMs of 1 s), within its timeoutMs.
const COPY_GAP_MS = 1_000;

/** A v2 order as §2.1 shows it, built from the create body the check sent. */
function v2Order(input: Record<string, unknown>, id: number): Record<string, unknown> {
  const now = new Date().toISOString();
  return { ...input, id, created_at: now, updated_at: now, fulfillment_status: 'waiting_for_picking' };
}

/** Sends one signed v1 call as a deployment would; `key`: the other sales channel's token for that channel's own copy (§6.1). */
async function sendV1(url: string, body: unknown, eventId: string, key = signingToken): Promise<void> {
  const raw = JSON.stringify(body);
  await fetch(url, { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-service-signature': signBody(raw, key), 'x-service-event-id': eventId } });
}

describe('webhook checks against a deployment that sends calls out of order, repeated and unasked', () => {
  let target: FakeTarget;
  let webhooksPort: number;
  beforeAll(async () => {
    webhooksPort = await freePort();
    const v1Url = `http://127.0.0.1:${webhooksPort}/hooks/v1`;
    let lastShipmentId = 4240;
    const route: FakeRoute = (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const shipmentId = Number(/^\/merchant_api\/v[12]\/restocking_shipments\/(\d+)/.exec(path)?.[1]);
      if (request.method === 'GET' && path === '/merchant_api/v1/orders') {
        return reply(200, { data: [], pagination: { current_page: 1, item_count: 0, page_count: 0, items_per_page: 1 } });
      }
      // The preflight's v2 read.
      if (request.method === 'GET' && path === '/merchant_api/v2/restocking_shipments') {
        return reply(200, { data: [], pagination: { first_page_url: request.url, limit: 1, next_page_url: null } });
      }
      if (request.method === 'POST' && path === '/merchant_api/v1/restocking_shipments') return reply(201, v1RestockingShipment((lastShipmentId += 2), 'shipped'));
      if (request.method === 'GET' && path === `/merchant_api/v1/restocking_shipments/${shipmentId}`) return reply(200, v1RestockingShipment(shipmentId, 'cancelled'));
      if (request.method === 'PUT' && path === `/merchant_api/v2/restocking_shipments/${shipmentId}/cancel`) {
        reply(200, {});
        const eventId = randomUUID();
        // Another record's change, this record's earlier status, then the cancellation twice. The run
        // closes its receiver once its checks have their calls, so the late repeat may be refused, as
        // it would be for a real deployment: that refusal is the deployment's to retry, not an error here.
        void (async () => {
          // The other sales channel's copy first, keyed with its own token, and the primary's a while
          // later (the order of calls is not guaranteed, §6.3 point 5).
          await sendV1(v1Url, v1RestockingShipment(shipmentId, 'cancelled'), randomUUID(), otherChannelToken);
          await new Promise((resolve) => setTimeout(resolve, COPY_GAP_MS));
          await sendV1(v1Url, v1RestockingShipment(shipmentId + 1, 'cancelled'), randomUUID());
          await sendV1(v1Url, v1RestockingShipment(shipmentId, 'shipped'), randomUUID());
          await sendV1(v1Url, v1RestockingShipment(shipmentId, 'cancelled'), eventId);
          await sendV1(v1Url, v1RestockingShipment(shipmentId, 'cancelled'), eventId);
        })().catch(() => undefined);
        return;
      }
      if (request.method === 'POST' && path === '/merchant_api/v2/orders') return reply(200, v2Order(JSON.parse(request.body) as Record<string, unknown>, 77));
      if (request.method === 'PUT' && path === '/merchant_api/v2/orders/77/cancel') {
        return reply(422, { success: false, title: 'Unprocessable', status: 422, errors: ['this order can no longer be cancelled'] });
      }
      reply(404, { success: false, errors: ['not found'] });
    };
    target = await startFakeTarget(route, { rateLimitMax: 1000 });
  });
  afterAll(async () => {
    await target.close();
  });

  it('matches by resource id and status, and skips the order check when the target refuses the cancellation', async () => {
    const profile = testProfile(target.url, {
      webhooks: { host: '127.0.0.1', port: webhooksPort, v1Path: '/hooks/v1', v2Path: '/hooks/v2', signingToken, timeoutMs: 3_000, answerLimitMs: 1_000 },
    });
    const ids = ['v1.webhooks.restocking-status-updated', 'v1.webhooks.signature', 'v1.webhooks.event-id', 'v2.webhooks.order-status-updated'];
    const outcome = await runChecks({ profile, include: ['suites/*/webhooks.check.ts'], only: '*.webhooks.*' });
    const byId = Object.fromEntries(outcome.report.checks.map((check) => [check.id, check]));
    for (const id of ids.slice(0, 3)) expect(byId[id]).toMatchObject({ status: 'passed' });
    expect(byId['v2.webhooks.order-status-updated']).toMatchObject({ status: 'skipped' });
    expect(byId['v2.webhooks.order-status-updated']?.message).toMatch(/cancelling order 77.*refused it \(status 422/);
    // Retry checks need retryWithinMs, which this profile leaves out.
    expect(byId['v1.webhooks.retry.after-500']).toMatchObject({ status: 'skipped', message: 'needs webhooks.retryWithinMs in the profile' });
  }, 60_000);
});
