import type { VariantDefinition } from './types.js';

/** Other legal renderings of time (§2 conventions: ISO 8601 date-times; precision and offset not stated). */
export const variants = [
  { name: 'time-whole-seconds', section: '2', description: 'every date-time is rendered to the second, without a fraction (2026-01-05T08:00:00Z); records received within one second share their time' },
  { name: 'time-offset-plus-one', section: '2', description: 'every date-time is rendered in the +01:00 offset instead of Z (the same instant)' },
  { name: 'time-coarse-receive-clock', section: '4.1', description: 'the receive clock ticks in whole seconds: orders and restocking shipments created within one second share their received and created time (ties; newest-first order among them by id, oldest first)' },
] as const satisfies readonly VariantDefinition[];
