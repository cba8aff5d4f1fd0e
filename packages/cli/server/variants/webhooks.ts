import type { VariantDefinition } from './types.js';

/** Other legal webhook behaviours (§3.1: whether a creation is a status change is open; §6.2: the v2 return event is not shown; §6.3 point 5: order and duplicates not guaranteed). */
export const variants = [
  { name: 'webhooks-extra-events', section: '6.2', description: 'with every status event a return of the primary channel changes status too: v1 return_status_updated and the v2 return.status_updated (an event type §6.2 does not list) go out' },
  { name: 'webhooks-duplicate-deliveries', section: '6.3', description: 'every webhook call the receiver acknowledged is delivered once more with the same payload (and the same x-service-event-id / event_id); a rejected one is not' },
  { name: 'webhooks-two-calls-per-event', section: '6.3', description: 'every event goes out as two calls with the same payload, each with its own x-service-event-id (v2: its own event_id) and its own retries' },
  { name: 'webhooks-creation-announced', section: '3.1', description: 'creating a restocking shipment (through either version) is announced as its first status change: the v1 and v2 restocking status events go out with status shipped, before any later change of the shipment' },
  { name: 'webhooks-out-of-order', section: '6.3', description: 'after each status event, the event of the previous status change of the same record (older timestamp and updated_at) is delivered late' },
] as const satisfies readonly VariantDefinition[];
