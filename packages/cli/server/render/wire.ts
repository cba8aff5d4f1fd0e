import { renderedDateTime, rewritesDateTimes } from '../time.js';
import type { Variants } from '../variants/index.js';

// The last step before a body leaves the server (answers and webhook payloads alike): the time
// variants rewrite date-times, responses-extra-fields adds a field the specification does not name.

/** The properties that hold date-times in the shapes the server renders (§2), and the v2 envelope's timestamp (§6.2). */
const dateTimeKeys = new Set(['created_at', 'updated_at', 'external_created_at', 'shipped_at', 'delivered_at', 'arrived_at', 'timestamp']);

/** The extra property responses-extra-fields adds to every object. */
export const extraField = { name: 'service_note', value: 'not in the specification' } as const;

/** A body as the switched-on variants render it; the same value when none applies. */
export function wireBody(variants: Variants, body: unknown): unknown {
  const time = rewritesDateTimes(variants);
  const extra = variants.has('responses-extra-fields');
  if (!time && !extra) return body;
  const walk = (value: unknown, key: string | undefined): unknown => {
    if (Array.isArray(value)) return value.map((element) => walk(element, undefined));
    if (typeof value === 'string') return time && key !== undefined && dateTimeKeys.has(key) ? renderedDateTime(variants, value) : value;
    if (typeof value !== 'object' || value === null) return value;
    // The merchant's own JSON is echoed as sent; the v2 errors field map holds only arrays (§7).
    if (key === 'custom_metadata') return value;
    const shaped: Record<string, unknown> = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    if (extra && key !== 'errors') shaped[extraField.name] = extraField.value;
    return shaped;
  };
  return walk(body, undefined);
}
