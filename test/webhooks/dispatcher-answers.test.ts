// How the reference server's webhook dispatcher takes a receiver's answer (§6.3 points 3 and 4): 429,
// timeouts, failed connections, slow answers and redirects, each conforming and under its fault (server/faults/webhooks.ts),
// with the receiver's delayed and redirecting answers that the webhook checks use to provoke them; and
// which URL gets which version's events (§6).
import { afterEach, describe, expect, it } from 'vitest';
import type { FaultName } from '../../packages/cli/server/faults/index.js';
import { createWebhookDispatcher } from '../../packages/cli/server/webhooks/index.js';
import { answerLimitOf } from '../../packages/cli/server/webhooks/schedule.js';
import { answerFirst, startReceiver } from '../../packages/cli/src/webhooks/index.js';
import type { Answer, WebhookReceiver } from '../../packages/cli/src/webhooks/index.js';

const TOKEN = 'oldest-signing-token-0001';
const restocking = { id: 41, merchant_id: 7, warehouse_id: 3, barcode: 'RS-41', delivery_option: 'courier', estimated_arrival_date: '2026-12-01', po_number: null, supplier_name: null, tracking_code: null, status: 'cancelled', restocking_shipment_items: [] };
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((thing) => thing.close()));
});
const anyCall = (): boolean => true;
const TIME_SCALE = 0.0001;
// The answer the slow-answer check gives: half the sender's answer limit (2.5 s of 5 at time scale 1).
const SLOW_MS = answerLimitOf(TIME_SCALE) / 2;

/** Emits one v1 event to a receiver answering its first call `answer`; resolves to the receiver once the dispatcher is done with it. */
async function deliverOnce(answer: Answer, faults: FaultName[]): Promise<WebhookReceiver> {
  const receiver = await startReceiver({ tokens: [TOKEN], paths: { v1: '/hooks/v1' }, responder: answerFirst(anyCall, answer) });
  const dispatcher = createWebhookDispatcher({ v1Url: `${receiver.url}/hooks/v1`, signingToken: TOKEN, timeScale: TIME_SCALE, faults: new Set(faults) });
  open.push(dispatcher, receiver);
  dispatcher.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: restocking });
  await dispatcher.settled();
  return receiver;
}

const paths = (receiver: WebhookReceiver): string[] => receiver.deliveries.map((delivery) => delivery.path);

describe('answers to a v1 call (§6.3 points 3 and 4)', () => {
  it.each([
    ['a 429 is retried', { status: 429 }, [], ['/hooks/v1', '/hooks/v1']],
    ['webhooks-v1-no-retry-429: a 429 is not retried', { status: 429 }, ['webhooks-v1-no-retry-429'], ['/hooks/v1']],
    ['a call left unanswered past the answer limit is retried', 'hang', [], ['/hooks/v1', '/hooks/v1']],
    ['webhooks-v1-no-retry-timeout: a call left unanswered is not retried', 'hang', ['webhooks-v1-no-retry-timeout'], ['/hooks/v1']],
    ['a connection closed unanswered is retried', 'drop', [], ['/hooks/v1', '/hooks/v1']],
    ['webhooks-v1-no-retry-connection-failure: a closed connection is not retried', 'drop', ['webhooks-v1-no-retry-connection-failure'], ['/hooks/v1']],
    ['a 204 after half the answer limit is received', { status: 204, delayMs: SLOW_MS }, [], ['/hooks/v1']],
    ['webhooks-answer-wait-2s: a 204 after half the answer limit is retried', { status: 204, delayMs: SLOW_MS }, ['webhooks-answer-wait-2s'], ['/hooks/v1', '/hooks/v1']],
    ['a redirect is received and not followed', { status: 307, headers: { location: '/moved' } }, [], ['/hooks/v1']],
    ['webhooks-redirect-followed: the Location gets the call', { status: 307, headers: { location: '/moved' } }, ['webhooks-redirect-followed'], ['/hooks/v1', '/moved']],
    ['webhooks-v1-redirect-retried: a redirect is retried', { status: 307, headers: { location: '/moved' } }, ['webhooks-v1-redirect-retried'], ['/hooks/v1', '/hooks/v1']],
  ] as const)('%s', async (_name, answer, faults, want) => {
    const receiver = await deliverOnce(answer as Answer, [...faults]);
    expect(paths(receiver)).toEqual(want);
  }, 10_000);

  it('waits the answer limit its time scale gives, 5 s at scale 1 and never less than 4 s', () => {
    expect([answerLimitOf(2), answerLimitOf(1), answerLimitOf(0.5), answerLimitOf(0.0002)]).toEqual([10_000, 5_000, 4_000, 4_000]);
  });
});

describe('v1 and v2 webhooks are separate (§6)', () => {
  // The conforming half (no call at the v1 URL) is proven by v1.webhooks.versions-separate passing
  // against the conforming server in test/fault-matrix/conforming.test.ts.
  it('webhooks-v2-events-to-v1-url: a v2 event reaches the v1 URL too', async () => {
    const receiver = await startReceiver({ tokens: [TOKEN], paths: { v1: '/hooks/v1', v2: '/hooks/v2' } });
    const dispatcher = createWebhookDispatcher({ v1Url: `${receiver.url}/hooks/v1`, v2Url: `${receiver.url}/hooks/v2`, signingToken: TOKEN, timeScale: 0.0001, faults: new Set(['webhooks-v2-events-to-v1-url']) });
    open.push(dispatcher, receiver);
    dispatcher.emit({ api: 'v2', type: 'restocking_shipment.status_updated', payload: { ...restocking, status: 'cancelled' } });
    const calls = await receiver.waitForCount(() => true, 2, 15_000);
    expect(calls.map((call) => call.path).sort()).toEqual(['/hooks/v1', '/hooks/v2']);
    expect(new Set(calls.map((call) => (call.body as { event_id?: unknown }).event_id)).size).toBe(1);
  }, 10_000);
});
