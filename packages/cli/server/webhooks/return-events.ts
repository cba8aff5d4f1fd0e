import type { ServerState } from '../context.js';
import { nowIso } from '../context.js';
import { seedIds } from '../seed.js';
import { renderReturn } from '../render/return.js';
import type { ServerEvent } from './index.js';

// Return statuses are not shown (§2.7); these are ours, walked in a circle.
const returnStatuses = ['received', 'inspected', 'processed', 'announced'];

/**
 * webhooks-extra-events: a return of the primary channel changes status alongside every status event
 * the API causes, and its events go out: v1 return_status_updated (§6.1, the Return as GET
 * /returns/{id}) and v2 return.status_updated (§6.2 shows no v2 return event; the payload is ours).
 */
export function returnEvents(state: ServerState): ServerEvent[] {
  const found = [...state.store.returns.values()].find((r) => r.salesChannelId === seedIds.primaryChannel);
  if (!found) return [];
  const previous = renderReturn(found);
  found.status = returnStatuses[(returnStatuses.indexOf(found.status) + 1) % returnStatuses.length] as string;
  found.updated_at = nowIso(state);
  const payload = renderReturn(found);
  return [
    { api: 'v1', type: 'return_status_updated', payload, previous },
    { api: 'v2', type: 'return.status_updated', payload, previous },
  ];
}
