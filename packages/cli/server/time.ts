import type { Variants } from './variants/index.js';

// The stored and rendered forms of time. The store keeps UTC ISO strings; the time variants change
// how precise the server's clock is and how a date-time is written, never the instant a client reads.

/** Whether the server's clock ticks in whole seconds (time-whole-seconds, time-coarse-receive-clock). */
export function ticksInSeconds(variants: Variants): boolean {
  return variants.has('time-whole-seconds') || variants.has('time-coarse-receive-clock');
}

/** An epoch time as the server stores it: to the second when its clock ticks in seconds. */
export function storedMs(variants: Variants, ms: number): number {
  return ticksInSeconds(variants) ? Math.floor(ms / 1000) * 1000 : ms;
}

/**
 * A date-time sent by a client, as stored: with time-whole-seconds its fraction is dropped, so that
 * what a list filters on is what the client reads back. Anything that is not a date-time stays as sent.
 */
export function storedDateTime(variants: Variants, value: unknown): unknown {
  if (!variants.has('time-whole-seconds') || typeof value !== 'string') return value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

const hour = 3_600_000;

/** A stored date-time as the variants write it: without a fraction, and/or in +01:00; the instant is unchanged. */
export function renderedDateTime(variants: Variants, iso: string): string {
  const seconds = variants.has('time-whole-seconds');
  const offset = variants.has('time-offset-plus-one');
  const ms = Date.parse(iso);
  if ((!seconds && !offset) || !/^\d{4}-\d{2}-\d{2}T/.test(iso) || Number.isNaN(ms)) return iso;
  const wall = new Date(Math.floor(ms / (seconds ? 1000 : 1)) * (seconds ? 1000 : 1) + (offset ? hour : 0)).toISOString();
  const body = seconds ? wall.slice(0, 19) : wall.slice(0, 23);
  return `${body}${offset ? '+01:00' : 'Z'}`;
}
