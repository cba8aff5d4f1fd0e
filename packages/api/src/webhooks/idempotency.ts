import { dateTimeInstant } from '../date-time.js';
import type { WebhookEvent } from './events.js';

/** What identifies one delivery for §6.3 point 5: its event id, its resource, and when it happened. */
export interface UpdateKey {
  /** v1 `x-service-event-id`, v2 `event_id`; absent means duplicates cannot be recognised. */
  eventId: string | undefined;
  /** The resource the payload describes, e.g. `restocking_shipment:42`; absent when the id or kind is unknown. */
  resourceKey: string | undefined;
  /** v1 the resource's `updated_at`, v2 the envelope's `timestamp`; absent means no ordering check. */
  occurredAt: string | undefined;
}

/** Apply the update, or ignore it as a repeat of one already handled or as older than the stored state. */
export type UpdateDecision = { action: 'apply' } | { action: 'ignore'; reason: 'duplicate' | 'stale' };

/** The §6.3 point 5 key of a parsed event. */
export function updateKeyOf(event: WebhookEvent): UpdateKey {
  const id = event.resource.id;
  return {
    eventId: event.eventId,
    resourceKey: id === undefined || event.kind === undefined ? undefined : `${event.kind}:${id}`,
    occurredAt: event.api === 'v2' ? event.timestamp : event.resource.updated_at,
  };
}

/**
 * The idempotency advice of §6.3 point 5 for a webhook handler: calls may repeat and arrive in
 * any order, so a handler skips event ids it has handled and payloads older than the last update
 * it stored for the resource. Deciding and remembering are separate so that a handler which fails
 * (and answers 5xx to get a retry) does not make the retry look like a duplicate.
 */
export class UpdateLedger {
  private readonly handled = new Set<string>();
  private readonly latest = new Map<string, number>();

  /** Whether to apply an update; changes nothing. */
  decide(key: UpdateKey): UpdateDecision {
    if (key.eventId !== undefined && this.handled.has(key.eventId)) return { action: 'ignore', reason: 'duplicate' };
    const time = timeOf(key.occurredAt);
    const stored = key.resourceKey === undefined ? undefined : this.latest.get(key.resourceKey);
    // Equal times are not "older": two changes within one clock tick both apply.
    if (time !== undefined && stored !== undefined && time < stored) return { action: 'ignore', reason: 'stale' };
    return { action: 'apply' };
  }

  /** Records an update the handler has applied. */
  remember(key: UpdateKey): void {
    if (key.eventId !== undefined) this.handled.add(key.eventId);
    const time = timeOf(key.occurredAt);
    if (key.resourceKey === undefined || time === undefined) return;
    const stored = this.latest.get(key.resourceKey);
    if (stored === undefined || time > stored) this.latest.set(key.resourceKey, time);
  }
}

function timeOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const time = dateTimeInstant(value);
  return Number.isNaN(time) ? undefined : time;
}
