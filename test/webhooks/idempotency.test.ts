import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UpdateLedger, parseEvent, updateKeyOf } from '../../packages/cli/src/webhooks/index.js';
import type { UpdateKey } from '../../packages/cli/src/webhooks/index.js';
import { v1RestockingShipment, v2RestockingEnvelope } from './fixtures.js';

const key = (eventId: string | undefined, resourceKey: string | undefined, occurredAt: string | undefined): UpdateKey => ({ eventId, resourceKey, occurredAt });

// Handles one delivery as §6.3 point 5 advises: decide, apply, then remember.
function handle(ledger: UpdateLedger, update: UpdateKey): string {
  const decision = ledger.decide(update);
  if (decision.action === 'apply') ledger.remember(update);
  return decision.action === 'apply' ? 'apply' : decision.reason;
}

describe('UpdateLedger (§6.3 point 5)', () => {
  it.each<[string, { given: UpdateKey[]; want: string[] }]>([
    ['a retried call (same event id) is handled once', {
      given: [key('e1', 'order:1', '2026-01-01T10:00:00Z'), key('e1', 'order:1', '2026-01-01T10:00:00Z')],
      want: ['apply', 'duplicate'],
    }],
    ['a call older than the stored update is ignored', {
      given: [key('e2', 'order:1', '2026-01-01T10:05:00Z'), key('e1', 'order:1', '2026-01-01T10:00:00Z')],
      want: ['apply', 'stale'],
    }],
    ['calls in order all apply', {
      given: [key('e1', 'order:1', '2026-01-01T10:00:00Z'), key('e2', 'order:1', '2026-01-01T10:05:00Z')],
      want: ['apply', 'apply'],
    }],
    ['a change in the same instant is not older', {
      given: [key('e1', 'order:1', '2026-01-01T10:00:00Z'), key('e2', 'order:1', '2026-01-01T10:00:00.000Z')],
      want: ['apply', 'apply'],
    }],
    ['resources are ordered apart', {
      given: [key('e2', 'order:1', '2026-01-01T10:05:00Z'), key('e1', 'order:2', '2026-01-01T10:00:00Z')],
      want: ['apply', 'apply'],
    }],
    ['without an event id, only the time can drop a repeat', {
      given: [key(undefined, 'order:1', '2026-01-01T10:00:00Z'), key(undefined, 'order:1', '2026-01-01T10:00:00Z')],
      want: ['apply', 'apply'],
    }],
    ['without a time, only the event id can drop a repeat', {
      given: [key('e2', 'restocking_shipment:4', undefined), key('e1', 'restocking_shipment:4', undefined), key('e2', 'restocking_shipment:4', undefined)],
      want: ['apply', 'apply', 'duplicate'],
    }],
  ])('%s', (_name, { given, want }) => {
    const ledger = new UpdateLedger();
    expect(given.map((update) => handle(ledger, update))).toEqual(want);
  });

  it('does not count a call it decided on but never remembered (the handler failed, a retry follows)', () => {
    const ledger = new UpdateLedger();
    const update = key('e1', 'order:1', '2026-01-01T10:00:00Z');
    expect(ledger.decide(update)).toEqual({ action: 'apply' });
    expect(ledger.decide(update)).toEqual({ action: 'apply' });
    ledger.remember(update);
    expect(ledger.decide(update)).toEqual({ action: 'ignore', reason: 'duplicate' });
  });

  it('keys v1 events by x-service-event-id and updated_at, v2 by event_id and timestamp', () => {
    const v1 = parseEvent({ ...v1RestockingShipment(4, 'cancelled'), updated_at: '2026-01-01T10:00:00Z' }, { eventId: 'evt-9' });
    const v2 = parseEvent(v2RestockingEnvelope(4, 'cancelled', '2026-01-01T11:00:00Z'));
    expect(v1.ok && updateKeyOf(v1.event)).toEqual(key('evt-9', 'restocking_shipment:4', '2026-01-01T10:00:00Z'));
    expect(v2.ok && updateKeyOf(v2.event)).toEqual(key(v2.ok ? v2.event.eventId : '', 'restocking_shipment:4', '2026-01-01T11:00:00Z'));
  });

  it('whatever the order and repeats, applies each event once, never goes back in time, and keeps the latest', () => {
    const updateArb = fc.record({ resource: fc.constantFrom('order:1', 'order:2', 'shipment:1'), minute: fc.integer({ min: 0, max: 59 }) });
    const deliveriesArb = fc
      .uniqueArray(updateArb, { minLength: 1, maxLength: 12, selector: (update) => `${update.resource}@${update.minute}` })
      .map((updates) => updates.map((update, index) => key(`e${index}`, update.resource, `2026-01-01T10:${String(update.minute).padStart(2, '0')}:00Z`)))
      .chain((updates) => fc.shuffledSubarray([...updates, ...updates], { minLength: updates.length * 2, maxLength: updates.length * 2 }).map((arrivals) => ({ updates, arrivals })));
    fc.assert(fc.property(deliveriesArb, ({ updates, arrivals }) => {
      const ledger = new UpdateLedger();
      const applied = arrivals.filter((update) => handle(ledger, update) === 'apply');
      expect(new Set(applied.map((update) => update.eventId)).size).toBe(applied.length);
      const last = new Map<string, string>();
      for (const update of applied) {
        expect(update.occurredAt! >= (last.get(update.resourceKey!) ?? '')).toBe(true);
        last.set(update.resourceKey!, update.occurredAt!);
      }
      for (const resource of new Set(updates.map((update) => update.resourceKey!))) {
        const latest = updates.filter((update) => update.resourceKey === resource).map((update) => update.occurredAt!).sort().at(-1);
        expect(last.get(resource)).toBe(latest);
      }
    }));
  });
});
