import type { Return } from '../store.js';

/** A return as v1 GET /returns/{id} answers it and its events carry it (the v1 Return shape is not shown; ours is small). */
export function renderReturn(found: Return): Record<string, unknown> {
  const { salesChannelId, ...fields } = found;
  return { ...fields, sales_channel_id: salesChannelId };
}
