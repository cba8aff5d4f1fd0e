import type { VariantDefinition } from './types.js';

/** Other legal renderings of time (§2 conventions: ISO 8601 date-times; precision and offset not stated). */
export const variants = [
  { name: 'time-whole-seconds', section: '2', description: 'every date-time is rendered to the second, without a fraction (2026-01-05T08:00:00Z); records received within one second share their time' },
  { name: 'time-offset-plus-one', section: '2', description: 'every date-time is rendered in the +01:00 offset instead of Z (the same instant)', group: 'time-offset' },
  { name: 'time-without-offset', section: '2', description: 'every date-time is rendered without an offset, as its UTC wall time (2026-01-05T08:00:00.000, an ISO 8601 local time); a created_at filter without one is read as UTC', group: 'time-offset' },
  { name: 'time-coarse-receive-clock', section: '4.1', description: 'the receive clock ticks in whole seconds: orders and restocking shipments created within one second share their received and created time (ties; newest-first order among them by id, oldest first)' },
] as const satisfies readonly VariantDefinition[];
