import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../packages/cli/server/index.js';
import type { RunningServer } from '../../packages/cli/server/index.js';
import { forResource, startReceiver, verifySignature } from '../../packages/cli/src/webhooks/index.js';
import type { WebhookReceiver } from '../../packages/cli/src/webhooks/index.js';

// The reference server's status changes, delivered end to end to the receiver of `mfc run`.
let server: RunningServer;
let receiver: WebhookReceiver;
let signingToken: string;
beforeAll(async () => {
  receiver = await startReceiver({ tokens: [], paths: { v1: '/webhooks/v1', v2: '/webhooks/v2' } });
  server = await startServer({
    webhookV1Url: `${receiver.url}/webhooks/v1`,
    webhookV2Url: `${receiver.url}/webhooks/v2`,
    webhookTimeScale: 0.0001,
  });
  signingToken = server.profile.webhooks?.signingToken ?? '';
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

async function v2(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await request(`${server.url}/merchant_api/v2${path}`, {
    method: method as 'POST',
    headers: { authorization: `Bearer ${server.profile.tokens.primary}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.body.text();
  return { status: response.statusCode, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe('reference server webhook delivery, end to end', () => {
  it('writes its scaled timings into the profile: the answer limit it keeps and the first retry wait with a margin', () => {
    // Time scale 0.0001: 5 s would be 0.5 ms, so the 4 s floor; the first retry wait, 60 s, is 6 ms, plus 2/5 of the limit.
    expect(server.profile.webhooks).toMatchObject({ answerLimitMs: 4_000, retryWithinMs: 6 + 1_600, timeoutMs: 10_000 });
  });


  it('announces a cancelled restocking shipment to v1 and v2, signed with the oldest token', async () => {
    expect(signingToken).not.toBe('');
    expect(signingToken).not.toBe(server.profile.tokens.primary);
    const created = await v2('POST', '/restocking_shipments', {
      delivery_option: 'courier',
      estimated_arrival_date: '2026-12-01',
      warehouse_id: server.profile.fixtures.warehouseId,
      restocking_shipment_items: [{ sku_id: server.profile.fixtures.sku?.id, announced_quantity: 2 }],
    });
    expect(created.status).toBe(201);
    const id = created.body['id'] as number;
    expect((await v2('PUT', `/restocking_shipments/${id}/cancel`)).status).toBeLessThan(300);

    const [v1Call, v2Call] = await Promise.all([
      receiver.waitFor(forResource({ api: 'v1', id, status: 'cancelled' }), 15_000),
      receiver.waitFor(forResource({ api: 'v2', kind: 'restocking_shipment', id, status: 'cancelled' }), 15_000),
    ]);
    for (const call of [v1Call, v2Call]) {
      const arrived = receiver.deliveries.map((delivery) => `${delivery.api} ${String(delivery.resource?.id)} ${String(delivery.resource?.status)}`);
      expect(call, `arrived: ${arrived.join(', ') || 'nothing'}`).toBeDefined();
      expect(call!.event).toMatchObject({ ok: true });
      const header = call!.headers['x-service-signature'] as string | undefined;
      expect(verifySignature(call!.rawBody, header, [signingToken])).toEqual({ valid: true, tokenIndex: 0 });
      expect(verifySignature(call!.rawBody, header, [server.profile.tokens.primary]).valid).toBe(false);
    }
    expect(v1Call!.event).toMatchObject({ ok: true, event: { events: ['restocking_shipment_status_updated'] } });
    expect(v1Call!.eventId).toMatch(/\S/);
  });
});
