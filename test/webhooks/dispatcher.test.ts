import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookDispatcher } from '../../packages/cli/server/webhooks/index.js';
import type { WebhookDispatcher, WebhookDispatcherOptions } from '../../packages/cli/server/webhooks/index.js';
import type { FaultName } from '../../packages/cli/server/faults/index.js';
import { faults } from '../../packages/cli/server/faults/webhooks.js';
import { MAX_ATTEMPTS } from '../../packages/cli/server/webhooks/schedule.js';
import { answerFirst, signBody, startReceiver, verifySignature } from '../../packages/cli/src/webhooks/index.js';
import type { Delivery, Responder, WebhookReceiver } from '../../packages/cli/src/webhooks/index.js';

const OLDEST = 'oldest-signing-token-0001';
const NEWEST = 'newest-primary-token-0002';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const restocking = { id: 41, merchant_id: 7, warehouse_id: 3, barcode: 'RS-41', delivery_option: 'courier', estimated_arrival_date: '2026-12-01', po_number: 'po-1', supplier_name: null, tracking_code: null, status: 'cancelled', restocking_shipment_items: [] };

const open: Array<{ close(): Promise<void> }> = [];
// How long a call that must come may take: its wait ends when it comes. The sender's own thread starts
// with the first dispatcher (thread-host.ts), in a second or two from the sources on a busy machine.
const DELIVERY_WAIT_MS = 15_000;
afterEach(async () => {
  await Promise.all(open.splice(0).map((thing) => thing.close()));
});

async function setUp(options: { faults?: FaultName[]; responder?: Responder; timeScale?: number; answerTimeoutMs?: number } = {}): Promise<{ receiver: WebhookReceiver; dispatcher: WebhookDispatcher }> {
  const receiver = await startReceiver({ tokens: [OLDEST], paths: { v1: '/hooks/v1', v2: '/hooks/v2' }, ...(options.responder ? { responder: options.responder } : {}) });
  const dispatcherOptions: WebhookDispatcherOptions = {
    v1Url: `${receiver.url}/hooks/v1`,
    v2Url: `${receiver.url}/hooks/v2`,
    signingToken: OLDEST,
    newestToken: NEWEST,
    timeScale: options.timeScale ?? 0.0001,
    answerTimeoutMs: options.answerTimeoutMs ?? 5_000,
    faults: new Set(options.faults ?? []),
  };
  const dispatcher = createWebhookDispatcher(dispatcherOptions);
  // The dispatcher closes first so that no retry lands on a closed receiver.
  open.push(dispatcher, receiver);
  return { receiver, dispatcher };
}

const anyCall = (): boolean => true;

function v1(receiver: WebhookReceiver, dispatcher: WebhookDispatcher): Promise<Delivery[]> {
  dispatcher.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: restocking });
  return receiver.waitForCount(anyCall, 1, DELIVERY_WAIT_MS);
}

describe('webhook delivery of the reference server (§6.3)', () => {
  it('v1: posts the bare resource signed with the oldest token, with an event id', async () => {
    const { receiver, dispatcher } = await setUp();
    const [delivery] = await v1(receiver, dispatcher);
    expect(delivery).toBeDefined();
    expect(delivery!.path).toBe('/hooks/v1');
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.body).toEqual(restocking);
    expect(delivery!.headers['x-service-signature']).toBe(signBody(delivery!.rawBody, OLDEST));
    expect(delivery!.eventId).toMatch(/\S/);
    expect(delivery!.answer).toBe(204);
  });

  it('v1: sends no signature when the channel has no valid token', async () => {
    const receiver = await startReceiver({ tokens: [] });
    const dispatcher = createWebhookDispatcher({ v1Url: receiver.url, signingToken: undefined, timeScale: 0.0001, faults: new Set() });
    open.push(dispatcher, receiver);
    const [delivery] = await v1(receiver, dispatcher);
    expect(delivery!.headers['x-service-signature']).toBeUndefined();
    expect(delivery!.headers['x-service-event-id']).toBeDefined();
  });

  it('v2: posts an envelope with event_type, a uuid event_id, a timestamp and data, signed', async () => {
    const { receiver, dispatcher } = await setUp();
    const before = Date.now();
    dispatcher.emit({ api: 'v2', type: 'restocking_shipment.status_updated', payload: { id: 41, status: 'cancelled' } });
    const delivery = await receiver.waitFor(anyCall, DELIVERY_WAIT_MS);
    const envelope = delivery!.body as Record<string, unknown>;
    expect(delivery!.path).toBe('/hooks/v2');
    expect(envelope['event_type']).toBe('restocking_shipment.status_updated');
    expect(envelope['event_id']).toMatch(UUID);
    expect(Date.parse(String(envelope['timestamp']))).toBeGreaterThanOrEqual(before - 1000);
    expect(envelope['data']).toEqual({ id: 41, status: 'cancelled' });
    expect(verifySignature(delivery!.rawBody, delivery!.headers['x-service-signature'] as string, [OLDEST])).toEqual({ valid: true, tokenIndex: 0 });
  });

  it('drops events of a version that has no URL', async () => {
    const { receiver } = await setUp();
    const dispatcher = createWebhookDispatcher({ v2Url: receiver.url, signingToken: OLDEST, timeScale: 0.0001, faults: new Set() });
    open.unshift(dispatcher);
    dispatcher.emit({ api: 'v1', type: 'shipment_status_updated', payload: { id: 1 } });
    await dispatcher.settled();
    expect(receiver.deliveries).toHaveLength(0);
  });

  it('retries a 500 with the same bytes and the same x-service-event-id', async () => {
    const { receiver, dispatcher } = await setUp({ responder: answerFirst(anyCall, { status: 500 }) });
    dispatcher.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: restocking });
    const [first, retry] = await receiver.waitForCount(anyCall, 2, DELIVERY_WAIT_MS);
    expect(first!.answer).toBe(500);
    expect(retry!.answer).toBe(204);
    expect(retry!.eventId).toBe(first!.eventId);
    expect(retry!.rawBody.equals(first!.rawBody)).toBe(true);
    await dispatcher.settled();
    expect(receiver.deliveries).toHaveLength(2);
  });

  it('retries a call left unanswered past the answer time', async () => {
    const { receiver, dispatcher } = await setUp({ responder: answerFirst(anyCall, 'hang'), answerTimeoutMs: 150 });
    const started = Date.now();
    dispatcher.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: restocking });
    const [first, retry] = await receiver.waitForCount(anyCall, 2, 3_000);
    expect(first!.answer).toBe('hang');
    expect(retry!.answer).toBe(204);
    expect(retry!.receivedAt.getTime() - started).toBeGreaterThanOrEqual(140);
    expect(retry!.eventId).toBe(first!.eventId);
  });

  it('retries when the connection fails', async () => {
    const probe = await startReceiver({ tokens: [] });
    const port = probe.port;
    await probe.close();
    let refused!: () => void;
    const firstRefused = new Promise<void>((resolve) => {
      refused = resolve;
    });
    // The first retry waits 60 ms at this scale: time enough to listen once the first attempt failed.
    const dispatcher = createWebhookDispatcher({
      v1Url: `http://127.0.0.1:${port}/late`, signingToken: OLDEST, timeScale: 0.001, faults: new Set(),
      onAttempt: (_url, outcome) => {
        if (outcome.kind === 'connection-failed') refused();
      },
    });
    open.push(dispatcher);
    dispatcher.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: restocking });
    await firstRefused;
    const receiver = await startReceiver({ tokens: [OLDEST], port });
    open.push(receiver);
    expect(await receiver.waitFor(anyCall, 3_000)).toMatchObject({ body: restocking, answer: 204 });
  });

  it('retries a 429 like a 5xx', async () => {
    const { receiver, dispatcher } = await setUp({ responder: answerFirst(anyCall, { status: 429 }) });
    expect(await v1(receiver, dispatcher)).toHaveLength(1);
    expect(await receiver.waitForCount(anyCall, 2, DELIVERY_WAIT_MS)).toHaveLength(2);
  });

  it.each([400, 404, 410, 422])('does not retry a %i (a rejection)', async (status) => {
    const { receiver, dispatcher } = await setUp({ responder: answerFirst(anyCall, { status }) });
    await v1(receiver, dispatcher);
    await dispatcher.settled();
    expect(receiver.deliveries.map((delivery) => delivery.answer)).toEqual([status]);
  });

  it('counts a redirect as received and does not follow it', async () => {
    const { receiver, dispatcher } = await setUp({ responder: () => ({ status: 302 }) });
    await v1(receiver, dispatcher);
    await dispatcher.settled();
    expect(receiver.deliveries).toHaveLength(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    const { receiver, dispatcher } = await setUp({ responder: () => ({ status: 503 }), timeScale: 0.00001 });
    dispatcher.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: restocking });
    // The whole schedule (43 680 s) takes about 0.44 s at this scale.
    expect(await receiver.waitForCount(anyCall, MAX_ATTEMPTS, 5_000)).toHaveLength(MAX_ATTEMPTS);
    await dispatcher.settled();
    expect(receiver.deliveries).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(receiver.deliveries.map((delivery) => delivery.eventId)).size).toBe(1);
  });

  it('counts 429 answers apart from other failures', async () => {
    let calls = 0;
    const { receiver, dispatcher } = await setUp({ responder: () => ((calls += 1) <= 3 ? { status: 429 } : { status: 503 }), timeScale: 0.00001 });
    dispatcher.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: restocking });
    expect(await receiver.waitForCount(anyCall, 3 + MAX_ATTEMPTS, 5_000)).toHaveLength(3 + MAX_ATTEMPTS);
    await dispatcher.settled();
    expect(receiver.deliveries).toHaveLength(3 + MAX_ATTEMPTS);
  });

  it('settled() resolves once every call and retry of what was emitted is done', async () => {
    let calls = 0;
    const { receiver, dispatcher } = await setUp({ responder: () => ((calls += 1) <= 3 ? { status: 503 } : { status: 204 }) });
    dispatcher.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: restocking });
    dispatcher.emit({ api: 'v2', type: 'order.status_updated', payload: { id: 5 } });
    await dispatcher.settled();
    expect(receiver.deliveries.map((delivery) => delivery.answer).sort()).toEqual([204, 204, 503, 503, 503]);
  });

  it('close() cancels pending retries and in-flight calls', async () => {
    const { receiver, dispatcher } = await setUp({ responder: answerFirst(anyCall, { status: 500 }, () => 'hang'), timeScale: 0.001 });
    await v1(receiver, dispatcher);
    dispatcher.emit({ api: 'v2', type: 'order.status_updated', payload: { id: 5 } });
    await receiver.waitForCount(anyCall, 2, DELIVERY_WAIT_MS);
    const started = Date.now();
    await dispatcher.close();
    expect(Date.now() - started).toBeLessThan(500);
    const seen = receiver.deliveries.length;
    await dispatcher.settled();
    expect(receiver.deliveries).toHaveLength(seen);
  });
});

describe('webhook faults of the reference server', () => {
  it('lists every fault with its section and description', () => {
    expect(faults.map((fault) => fault.name)).toEqual([
      'webhooks-signature-wrong-key',
      'webhooks-signature-base64',
      'webhooks-signature-reserialized',
      'webhooks-v1-missing-event-id',
      'webhooks-v1-unstable-event-id',
      'webhooks-v1-retries-4xx',
      'webhooks-v1-no-retry-5xx',
      'webhooks-v2-missing-envelope-field',
      'webhooks-v2-missing-signature',
      'webhooks-v1-payload-changed-on-retry',
      'webhooks-v1-no-retry-connection-failure',
      'webhooks-v2-events-to-v1-url',
      'webhooks-v1-no-retry-429',
      'webhooks-answer-wait-2s',
      'webhooks-redirect-followed',
      'webhooks-v1-redirect-retried',
      'webhooks-v1-shipment-event-enveloped',
      'webhooks-v2-shipment-event-missing-status',
      'webhooks-v1-restocking-event-not-sent',
      'webhooks-v2-restocking-event-not-sent',
      'webhooks-v1-no-retry-timeout',
      'webhooks-v2-timestamp-fixed',
    ]);
    for (const fault of faults) {
      expect(fault.section).toMatch(/^6(\.[123])?$/);
      expect(fault.description.length).toBeGreaterThan(20);
    }
  });

  it('webhooks-signature-wrong-key signs with the newest token', async () => {
    const { receiver, dispatcher } = await setUp({ faults: ['webhooks-signature-wrong-key'] });
    const [delivery] = await v1(receiver, dispatcher);
    expect(delivery!.signature).toMatchObject({ valid: false, reason: 'mismatch' });
    expect(verifySignature(delivery!.rawBody, delivery!.headers['x-service-signature'] as string, [NEWEST]).valid).toBe(true);
  });

  it('webhooks-signature-wrong-key needs the newest token', () => {
    expect(() => createWebhookDispatcher({ v1Url: 'http://127.0.0.1:9', signingToken: OLDEST, timeScale: 1, faults: new Set(['webhooks-signature-wrong-key']) })).toThrow(/newestToken/);
  });

  it('webhooks-signature-base64 sends the digest base64-encoded', async () => {
    const { receiver, dispatcher } = await setUp({ faults: ['webhooks-signature-base64'] });
    const [delivery] = await v1(receiver, dispatcher);
    expect(delivery!.signature).toMatchObject({ valid: false, reason: 'not-hex' });
    expect(delivery!.headers['x-service-signature']).toBe(createHmac('sha256', OLDEST).update(delivery!.rawBody).digest('base64'));
  });

  it('webhooks-signature-reserialized signs other bytes than those sent', async () => {
    const { receiver, dispatcher } = await setUp({ faults: ['webhooks-signature-reserialized'] });
    const [delivery] = await v1(receiver, dispatcher);
    expect(delivery!.signature).toMatchObject({ valid: false, reason: 'mismatch' });
    expect(delivery!.body).toEqual(restocking);
  });

  it('webhooks-v1-missing-event-id leaves out x-service-event-id', async () => {
    const { receiver, dispatcher } = await setUp({ faults: ['webhooks-v1-missing-event-id'] });
    const [delivery] = await v1(receiver, dispatcher);
    expect(delivery!.headers['x-service-event-id']).toBeUndefined();
    expect(delivery!.signature).toMatchObject({ valid: true });
  });

  it('webhooks-v1-unstable-event-id gives the retry a new id', async () => {
    const { receiver, dispatcher } = await setUp({ faults: ['webhooks-v1-unstable-event-id'], responder: answerFirst(anyCall, { status: 500 }) });
    dispatcher.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: restocking });
    const [first, retry] = await receiver.waitForCount(anyCall, 2, DELIVERY_WAIT_MS);
    expect(retry!.eventId).toBeDefined();
    expect(retry!.eventId).not.toBe(first!.eventId);
  });

  it('webhooks-v1-retries-4xx retries a 400', async () => {
    const { receiver, dispatcher } = await setUp({ faults: ['webhooks-v1-retries-4xx'], responder: answerFirst(anyCall, { status: 400 }) });
    await v1(receiver, dispatcher);
    expect(await receiver.waitForCount(anyCall, 2, DELIVERY_WAIT_MS)).toHaveLength(2);
  });

  it('webhooks-v1-no-retry-5xx gives up after a 500', async () => {
    const { receiver, dispatcher } = await setUp({ faults: ['webhooks-v1-no-retry-5xx'], responder: answerFirst(anyCall, { status: 500 }) });
    await v1(receiver, dispatcher);
    await dispatcher.settled();
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('webhooks-v2-missing-envelope-field leaves out event_id', async () => {
    const { receiver, dispatcher } = await setUp({ faults: ['webhooks-v2-missing-envelope-field'] });
    dispatcher.emit({ api: 'v2', type: 'order.status_updated', payload: { id: 5 } });
    const delivery = await receiver.waitFor(anyCall, DELIVERY_WAIT_MS);
    expect(Object.keys(delivery!.body as object).sort()).toEqual(['data', 'event_type', 'timestamp']);
  });

  it('webhooks-v2-missing-signature leaves out the v2 signature only', async () => {
    const { receiver, dispatcher } = await setUp({ faults: ['webhooks-v2-missing-signature'] });
    dispatcher.emit({ api: 'v2', type: 'order.status_updated', payload: { id: 5 } });
    dispatcher.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: restocking });
    const [v2Call] = await receiver.waitForCount((delivery) => delivery.api === 'v2', 1, DELIVERY_WAIT_MS);
    const [v1Call] = await receiver.waitForCount((delivery) => delivery.api === 'v1', 1, DELIVERY_WAIT_MS);
    expect(v2Call!.signature).toMatchObject({ valid: false, reason: 'missing' });
    expect(v1Call!.signature).toMatchObject({ valid: true });
  });

  it('webhooks-v1-payload-changed-on-retry changes the retried payload', async () => {
    const { receiver, dispatcher } = await setUp({ faults: ['webhooks-v1-payload-changed-on-retry'], responder: answerFirst(anyCall, { status: 500 }) });
    dispatcher.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: restocking });
    const [first, retry] = await receiver.waitForCount(anyCall, 2, DELIVERY_WAIT_MS);
    expect(first!.body).toEqual(restocking);
    expect(retry!.body).not.toEqual(first!.body);
    expect(retry!.eventId).toBe(first!.eventId);
    expect(retry!.signature).toMatchObject({ valid: true });
  });

  it('webhooks-v2-timestamp-fixed stamps every v2 event with one time from an hour before the dispatcher was made', async () => {
    const made = Date.now();
    const { receiver, dispatcher } = await setUp({ faults: ['webhooks-v2-timestamp-fixed'] });
    dispatcher.emit({ api: 'v2', type: 'order.status_updated', payload: { id: 5 } });
    dispatcher.emit({ api: 'v2', type: 'order.status_updated', payload: { id: 6 } });
    const calls = await receiver.waitForCount(anyCall, 2, DELIVERY_WAIT_MS);
    const stamps = new Set(calls.map((call) => Date.parse(String((call.body as { timestamp?: unknown }).timestamp))));
    expect(stamps.size).toBe(1);
    expect([...stamps][0]).toBeLessThanOrEqual(made - 3_600_000 + 1_000);
  });
});
