// How the webhook checks tell their call from others (suites/support/webhooks.ts): by version,
// resource id, status and v2 event type; a retry by the change it announces and its x-service-event-id
// (its bytes under the same signature only when the first call has no id); a call resent under another
// id by its bytes; a changed payload by the fields that differ.
import { describe, expect, it } from 'vitest';
import type { Delivery } from '../../packages/cli/src/webhooks/index.js';
import { announces, changedFields, isResentUnderOtherId, isRetryOf, orderCancelled, restockingCancelled } from '../../packages/cli/suites/support/webhooks.js';

function delivery(seq: number, api: 'v1' | 'v2', body: Record<string, unknown>, eventId?: string, signature = 'digest-of-the-primary'): Delivery {
  const resource = (api === 'v1' ? body : body['data']) as Delivery['resource'];
  return {
    seq, method: 'POST', path: `/webhooks/${api}`, headers: { 'x-service-signature': signature }, rawBody: Buffer.from(JSON.stringify(body)), body, receivedAt: new Date(),
    api, refusal: undefined, signature: undefined, eventId, resource, event: undefined, answer: 204,
  };
}

const restocking = (id: number, status: string) => ({ event_type: 'restocking_shipment.status_updated', event_id: 'e', timestamp: 't', data: { id, status } });
const order = (id: number, fulfillment_status: string) => ({ event_type: 'order.status_updated', event_id: 'e', timestamp: 't', data: { id, fulfillment_status } });

describe('announces', () => {
  const cases: Array<[string, { change: ReturnType<typeof restockingCancelled>; given: Delivery; want: boolean }]> = [
    ['v1 call of that shipment and status', { change: restockingCancelled('v1', 5), given: delivery(1, 'v1', { id: 5, status: 'cancelled' }), want: true }],
    ['v1 call of that shipment, another status', { change: restockingCancelled('v1', 5), given: delivery(1, 'v1', { id: 5, status: 'shipped' }), want: false }],
    ['v1 call of another shipment', { change: restockingCancelled('v1', 5), given: delivery(1, 'v1', { id: 6, status: 'cancelled' }), want: false }],
    ['the v2 call when v1 is expected', { change: restockingCancelled('v1', 5), given: delivery(1, 'v2', restocking(5, 'cancelled')), want: false }],
    ['v2 envelope of that shipment', { change: restockingCancelled('v2', 5), given: delivery(1, 'v2', restocking(5, 'cancelled')), want: true }],
    ['v2 order envelope with the same id', { change: restockingCancelled('v2', 5), given: delivery(1, 'v2', { ...order(5, 'cancelled'), data: { id: 5, status: 'cancelled' } }), want: false }],
    ['v2 order cancelled', { change: orderCancelled(5), given: delivery(1, 'v2', order(5, 'cancelled')), want: true }],
    ['v2 order still waiting', { change: orderCancelled(5), given: delivery(1, 'v2', order(5, 'waiting_for_picking')), want: false }],
  ];
  it.each(cases)('%s', (_name, { change, given, want }) => {
    expect(announces(change)(given)).toBe(want);
  });
});

describe('isRetryOf', () => {
  const first = delivery(3, 'v1', { id: 5, status: 'cancelled' }, 'ev-1');
  const cases: Array<[string, { first: Delivery; given: Delivery; want: boolean }]> = [
    ['a later call with the same event id and a changed payload', { first, given: delivery(4, 'v1', { id: 5, status: 'cancelled', x: 1 }, 'ev-1'), want: true }],
    ['a later call with a new event id, the same bytes and signature: another call of the change (§6.3 point 2)', { first, given: delivery(4, 'v1', { id: 5, status: 'cancelled' }, 'ev-2'), want: false }],
    ["another channel's copy: a new event id, the same bytes, its own signature (§6.1)", { first, given: delivery(4, 'v1', { id: 5, status: 'cancelled' }, 'ev-2', 'digest-of-the-other-channel'), want: false }],
    ['a later call with another event id and other bytes', { first, given: delivery(4, 'v1', { id: 5, status: 'cancelled', x: 1 }, 'ev-2'), want: false }],
    ['a later call about another status of the record (its creation, an older one late)', { first, given: delivery(4, 'v1', { id: 5, status: 'shipped' }, 'ev-1'), want: false }],
    ["a later call about another record with the first's event id", { first, given: delivery(4, 'v1', { id: 6, status: 'cancelled' }, 'ev-1'), want: false }],
    ['the first call itself', { first, given: first, want: false }],
    ['an earlier call with the same event id', { first, given: delivery(2, 'v1', { id: 5, status: 'cancelled' }, 'ev-1'), want: false }],
    ['without event ids: the same bytes', { first: delivery(3, 'v1', { id: 5 }), given: delivery(4, 'v1', { id: 5 }), want: true }],
    ['without event ids: other bytes', { first: delivery(3, 'v1', { id: 5 }), given: delivery(4, 'v1', { id: 5, x: 1 }), want: false }],
    ['v2: the same event_id and event type', { first: delivery(3, 'v2', restocking(5, 'cancelled'), 'e'), given: delivery(4, 'v2', restocking(5, 'cancelled'), 'e'), want: true }],
    ['v2: an order event of the same id and status', { first: delivery(3, 'v2', restocking(5, 'cancelled'), 'e'), given: delivery(4, 'v2', { ...order(5, 'cancelled'), data: { id: 5, status: 'cancelled' } }, 'e'), want: false }],
  ];
  it.each(cases)('%s', (_name, { first: original, given, want }) => {
    expect(isRetryOf(original)(given)).toBe(want);
  });
});

describe('isResentUnderOtherId', () => {
  const first = delivery(3, 'v1', { id: 5, status: 'cancelled' }, 'ev-1');
  const resent = isResentUnderOtherId(first);
  const cases: Array<[string, { given: Delivery; want: boolean }]> = [
    ['a later call with the same bytes and signature, another event id', { given: delivery(5, 'v1', { id: 5, status: 'cancelled' }, 'ev-2'), want: true }],
    ['a later call with the same bytes and signature, no event id', { given: delivery(5, 'v1', { id: 5, status: 'cancelled' }), want: true }],
    ['an earlier call', { given: delivery(2, 'v1', { id: 5, status: 'cancelled' }, 'ev-2'), want: false }],
    ['the same event id: a retry, not a resend under another id', { given: delivery(5, 'v1', { id: 5, status: 'cancelled' }, 'ev-1'), want: false }],
    ['other bytes', { given: delivery(5, 'v1', { id: 5, status: 'cancelled', x: 1 }, 'ev-2'), want: false }],
    ["another channel's signature", { given: delivery(5, 'v1', { id: 5, status: 'cancelled' }, 'ev-2', 'digest-of-the-other-channel'), want: false }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(resent(given)).toBe(want);
  });
});
