import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { answerFirst, forResource, signBody, startReceiver } from '../../packages/cli/src/webhooks/index.js';
import type { ReceiverOptions, WebhookReceiver } from '../../packages/cli/src/webhooks/index.js';
import { TOKEN, deliver, v1RestockingShipment, v2RestockingEnvelope } from './fixtures.js';

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(options: Partial<ReceiverOptions> = {}): Promise<WebhookReceiver> {
  const started = await startReceiver({ tokens: [TOKEN], paths: { v1: '/webhooks/v1', v2: '/webhooks/v2' }, ...options });
  receivers.push(started);
  return started;
}

// Writes a request by hand, so a test controls when (and whether) the body ends.
function rawRequest(port: number, head: string, body: string): Promise<{ status: number; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n${body}`));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (match) {
        resolve({ status: Number(match[1]), elapsedMs: Date.now() - started });
        socket.destroy();
      }
    });
    socket.on('error', reject);
  });
}

describe('webhook receiver', () => {
  it('accepts a signed v1 call, verifying it and naming the event from the shape', async () => {
    const hooks = await receiver();
    const eventId = randomUUID();
    const answer = await deliver(`${hooks.url}/webhooks/v1`, v1RestockingShipment(41, 'cancelled'), { headers: { 'x-service-event-id': eventId } });
    expect(answer.status).toBe(204);
    const [delivery] = hooks.deliveries;
    expect(delivery).toMatchObject({ seq: 1, api: 'v1', path: '/webhooks/v1', eventId, refusal: undefined, answer: 204 });
    expect(delivery!.signature).toEqual({ valid: true, tokenIndex: 0 });
    expect(delivery!.event).toMatchObject({ ok: true, event: { api: 'v1', kind: 'restocking_shipment', events: ['restocking_shipment_status_updated'] } });
    expect(delivery!.rawBody.toString()).toBe(JSON.stringify(v1RestockingShipment(41, 'cancelled')));
    expect(delivery!.receivedAt).toBeInstanceOf(Date);
  });

  it('accepts a signed v2 envelope and reads its event id from the body', async () => {
    const hooks = await receiver();
    const envelope = v2RestockingEnvelope(41, 'cancelled');
    expect((await deliver(`${hooks.url}/webhooks/v2`, envelope)).status).toBe(204);
    const [delivery] = hooks.deliveries;
    expect(delivery).toMatchObject({ api: 'v2', eventId: envelope['event_id'], answer: 204 });
    expect(delivery!.event).toMatchObject({ ok: true, event: { api: 'v2', eventType: 'restocking_shipment.status_updated', kind: 'restocking_shipment' } });
  });

  it('acknowledges a signed v2 event of a type §6.2 does not list, as an unknown event (a v2 return event exists)', async () => {
    const hooks = await receiver();
    const envelope = { ...v2RestockingEnvelope(41, 'cancelled'), event_type: 'return.status_updated' };
    expect((await deliver(`${hooks.url}/webhooks/v2`, envelope)).status).toBe(204);
    expect(hooks.deliveries[0]!.event).toMatchObject({ ok: true, event: { eventType: 'return.status_updated', known: false } });
    const unsigned = await deliver(`${hooks.url}/webhooks/v2`, envelope, { token: null });
    expect(unsigned.status).toBe(401);
    expect((await deliver(`${hooks.url}/webhooks/v2`, { ...envelope, event_id: 'not-a-uuid' })).status).toBe(422);
  });

  it('tells the version by shape on a path it was not told about', async () => {
    const hooks = await receiver({ paths: {} });
    await deliver(`${hooks.url}/anywhere`, v2RestockingEnvelope(1, 'shipped'));
    await deliver(`${hooks.url}/anywhere`, v1RestockingShipment(1, 'shipped'));
    expect(hooks.deliveries.map((delivery) => delivery.api)).toEqual(['v2', 'v1']);
  });

  it('answers 401 to a tampered body and records the mismatch', async () => {
    const hooks = await receiver();
    const sent = JSON.stringify(v1RestockingShipment(41, 'cancelled'));
    const signature = signBody(sent.replace('cancelled', 'restocked'), TOKEN);
    const answer = await deliver(`${hooks.url}/webhooks/v1`, undefined, { raw: sent, token: null, headers: { 'x-service-signature': signature } });
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain(TOKEN);
    expect(hooks.deliveries[0]!.signature).toMatchObject({ valid: false, reason: 'mismatch' });
  });

  it('answers 401 to an unsigned call and to one signed with another token', async () => {
    const hooks = await receiver();
    expect((await deliver(`${hooks.url}/webhooks/v1`, v1RestockingShipment(1, 'shipped'), { token: null })).status).toBe(401);
    expect((await deliver(`${hooks.url}/webhooks/v1`, v1RestockingShipment(1, 'shipped'), { token: 'another-token' })).status).toBe(401);
    expect(hooks.deliveries.map((delivery) => delivery.signature)).toMatchObject([{ reason: 'missing' }, { reason: 'mismatch' }]);
  });

  it('answers 422 to a signed payload the schemas refuse, with the errors recorded', async () => {
    const hooks = await receiver();
    const envelope = v2RestockingEnvelope(41, 'cancelled');
    delete envelope['event_id'];
    expect((await deliver(`${hooks.url}/webhooks/v2`, envelope)).status).toBe(422);
    const parse = hooks.deliveries[0]!.event;
    expect(parse?.ok).toBe(false);
    expect(parse?.ok === false && parse.errors.some((error) => error.message.includes('event_id'))).toBe(true);
  });

  it('answers 400 to malformed JSON and keeps the raw body', async () => {
    const hooks = await receiver();
    const answer = await deliver(`${hooks.url}/webhooks/v1`, undefined, { raw: '{"id": 4,' });
    expect(answer.status).toBe(400);
    expect(hooks.deliveries[0]).toMatchObject({ refusal: 'malformed-json', signature: undefined, event: undefined, answer: 400 });
    expect(hooks.deliveries[0]!.rawBody.toString()).toBe('{"id": 4,');
  });

  it('answers 413 to a declared body over the limit without reading it', async () => {
    const hooks = await receiver({ maxBodyBytes: 1_000 });
    const answer = await rawRequest(hooks.port, 'POST /webhooks/v1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000', '{"id":');
    expect(answer.status).toBe(413);
    expect(hooks.deliveries[0]).toMatchObject({ refusal: 'too-large', answer: 413 });
  });

  it('answers 413 to a chunked body once it passes the limit', async () => {
    const hooks = await receiver({ maxBodyBytes: 1_000 });
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${hooks.url}/webhooks/v1`, { method: 'POST', headers: { 'content-type': 'application/json' } });
      request.on('response', (response) => resolve(response.statusCode ?? 0));
      request.on('error', reject);
      request.write(`{"pad":"${'x'.repeat(2_000)}`);
    });
    expect(status).toBe(413);
    expect(hooks.deliveries[0]).toMatchObject({ refusal: 'too-large' });
  });

  it('answers 408 to a sender that stops mid-body, within the body time', async () => {
    const hooks = await receiver({ bodyTimeoutMs: 200 });
    const answer = await rawRequest(hooks.port, 'POST /webhooks/v1 HTTP/1.1\r\nHost: x\r\nContent-Length: 100', '{"id":');
    expect(answer.status).toBe(408);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(180);
    expect(answer.elapsedMs).toBeLessThan(2_000);
    expect(hooks.deliveries[0]).toMatchObject({ refusal: 'too-slow', answer: 408 });
  });

  it('answers 405 to anything but POST, recording nothing', async () => {
    const hooks = await receiver();
    expect((await rawRequest(hooks.port, 'GET /webhooks/v1 HTTP/1.1\r\nHost: x', '')).status).toBe(405);
    expect(hooks.deliveries).toHaveLength(0);
  });

  it('lets a responder fail the first delivery of an event and accept the rest', async () => {
    const hooks = await receiver({ responder: answerFirst(forResource({ api: 'v1', id: 41, status: 'cancelled' }), { status: 500 }) });
    const url = `${hooks.url}/webhooks/v1`;
    expect((await deliver(url, v1RestockingShipment(40, 'cancelled'))).status).toBe(204);
    expect((await deliver(url, v1RestockingShipment(41, 'cancelled'))).status).toBe(500);
    expect((await deliver(url, v1RestockingShipment(41, 'cancelled'))).status).toBe(204);
    hooks.setResponder(() => ({ status: 410 }));
    expect((await deliver(url, v1RestockingShipment(41, 'cancelled'))).status).toBe(410);
  });

  it('waits by resource id and status, whatever the order of arrival', async () => {
    const hooks = await receiver();
    const url = `${hooks.url}/webhooks/v2`;
    const waiting = hooks.waitFor(forResource({ api: 'v2', kind: 'restocking_shipment', id: 7, status: 'cancelled' }), 2_000);
    await deliver(url, v2RestockingEnvelope(7, 'cancelled'));
    await deliver(url, v2RestockingEnvelope(8, 'cancelled'));
    await deliver(url, v2RestockingEnvelope(7, 'shipped'));
    expect((await waiting)?.seq).toBe(1);
    expect((await hooks.waitFor(forResource({ id: 7, status: 'shipped' }), 10))?.seq).toBe(3);
    expect(await hooks.waitForCount(forResource({ id: 7 }), 2, 10)).toHaveLength(2);
  });

  it('resolves a wait that nothing matches to undefined after its time', async () => {
    const hooks = await receiver();
    const started = Date.now();
    expect(await hooks.waitFor(forResource({ id: 99 }), 100)).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('closes promptly while answers are held open and waits are pending', async () => {
    const hooks = await startReceiver({ tokens: [TOKEN], responder: () => 'hang' });
    const held = deliver(`${hooks.url}/x`, v1RestockingShipment(1, 'shipped')).catch((error: Error) => error);
    const first = await hooks.waitFor(() => true, 2_000);
    expect(first?.answer).toBe('hang');
    const pending = hooks.waitFor(forResource({ id: 2 }), 60_000);
    const started = Date.now();
    await hooks.close();
    expect(await pending).toBeUndefined();
    expect(await held).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
