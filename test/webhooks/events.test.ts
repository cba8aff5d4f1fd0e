import { describe, expect, it } from 'vitest';
import { eventName, parseEvent, parseV1Event, parseV2Event } from '../../packages/cli/src/webhooks/index.js';
import { v1RestockingShipment, v2RestockingEnvelope } from './fixtures.js';

describe('parseV1Event (§6.1: the bare resource, no event name)', () => {
  it('names the restocking event from the shape of a v1 restocking shipment', () => {
    const parse = parseV1Event(v1RestockingShipment(41, 'cancelled'), 'evt-1');
    expect(parse).toMatchObject({ ok: true, event: { api: 'v1', events: ['restocking_shipment_status_updated'], kind: 'restocking_shipment', eventId: 'evt-1' } });
    expect(parse.ok && parse.event.resource.id).toBe(41);
  });

  it('leaves a shipment body open between the events its shape allows', () => {
    // v1 shipment and return fields are not shown (§2.7): their shape tells them apart from
    // nothing but a restocking shipment.
    const parse = parseV1Event({ id: 5, status: 'shipped', delivery_status: 'in_transit' });
    expect(parse.ok).toBe(true);
    if (!parse.ok || parse.event.api !== 'v1') return;
    expect(parse.event.events).toEqual(expect.arrayContaining(['delivery_status_updated', 'shipment_status_updated']));
    expect(parse.event.events).not.toContain('restocking_shipment_status_updated');
    expect(eventName(parse.event)).toContain('shipment_status_updated');
  });

  it.each([
    ['an array', [1, 2]],
    ['a string', 'cancelled'],
    ['null', null],
  ])('refuses %s', (_name, body) => {
    const parse = parseV1Event(body);
    expect(parse.ok).toBe(false);
    expect(parse.ok === false && parse.errors.length).toBeGreaterThan(0);
  });
});

describe('parseV2Event (§6.2: the envelope)', () => {
  it('returns the typed event of a valid envelope', () => {
    const envelope = v2RestockingEnvelope(41, 'cancelled', '2026-11-21T04:00:00.000Z');
    expect(parseV2Event(envelope)).toEqual({
      ok: true,
      event: {
        api: 'v2',
        eventType: 'restocking_shipment.status_updated',
        known: true,
        kind: 'restocking_shipment',
        eventId: envelope['event_id'],
        timestamp: '2026-11-21T04:00:00.000Z',
        resource: envelope['data'],
      },
    });
  });

  it.each([
    ['no event_id', (envelope: Record<string, unknown>) => delete envelope['event_id'], 'event_id'],
    ['an event_id that is not a uuid', (envelope: Record<string, unknown>) => (envelope['event_id'] = 'evt-1'), 'event_id'],
    ['no timestamp', (envelope: Record<string, unknown>) => delete envelope['timestamp'], 'timestamp'],
    ['a timestamp that is not a date-time', (envelope: Record<string, unknown>) => (envelope['timestamp'] = 'yesterday'), 'timestamp'],
    ['no data', (envelope: Record<string, unknown>) => delete envelope['data'], 'data'],
    ['data with a status v2 does not have', (envelope: Record<string, unknown>) => ((envelope['data'] as Record<string, unknown>)['status'] = 'delivered'), 'status'],
  ])('refuses an envelope with %s', (_name, breakIt, field) => {
    const envelope = v2RestockingEnvelope(41, 'cancelled');
    breakIt(envelope);
    const parse = parseV2Event(envelope);
    expect(parse.ok).toBe(false);
    expect(parse.ok === false && parse.errors.map((error) => `${error.pointer} ${error.message}`).join('\n')).toContain(field);
  });

  it('takes an event_type §6.2 does not list as an unknown event when its envelope is valid (a v2 return event exists, name not shown)', () => {
    const envelope = { ...v2RestockingEnvelope(1, 'shipped'), event_type: 'return.status_updated' };
    expect(parseV2Event(envelope)).toMatchObject({ ok: true, event: { eventType: 'return.status_updated', known: false, kind: undefined } });
  });

  it.each([
    ['an event_id that is not a uuid', { event_id: 'evt-1' }, '/event_id'],
    ['a timestamp that is not a date-time', { timestamp: 'yesterday' }, '/timestamp'],
    ['data that is not an object', { data: 'x' }, '/data'],
    ['an event_type that is not a string', { event_type: 7 }, '/event_type'],
  ])('still refuses an unknown event with %s', (_, change, pointer) => {
    const parse = parseV2Event({ ...v2RestockingEnvelope(1, 'shipped'), event_type: 'return.status_updated', ...change });
    expect(parse).toMatchObject({ ok: false, errors: [{ pointer }] });
  });
});

describe('parseEvent', () => {
  it('guesses the version from the shape unless told', () => {
    expect(parseEvent(v2RestockingEnvelope(1, 'shipped'))).toMatchObject({ ok: true, event: { api: 'v2' } });
    expect(parseEvent(v1RestockingShipment(1, 'shipped'))).toMatchObject({ ok: true, event: { api: 'v1' } });
    expect(parseEvent(v1RestockingShipment(1, 'shipped'), { api: 'v2' }).ok).toBe(false);
  });

  it.each(['event_type', 'event_id', 'timestamp', 'data'])('judges an envelope without %s as v2 (and refuses it)', (field) => {
    const envelope = v2RestockingEnvelope(1, 'shipped');
    delete envelope[field];
    expect(parseEvent(envelope)).toMatchObject({ ok: false });
  });
});
