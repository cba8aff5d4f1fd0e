import { dateTimeInstant } from '@mfc-conformance/api/internal';
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
  const ms = dateTimeInstant(value);
  return Number.isNaN(ms) ? value : new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

const hour = 3_600_000;

/** Whether a variant changes how the server writes a date-time. */
export function rewritesDateTimes(variants: Variants): boolean {
  return variants.has('time-whole-seconds') || variants.has('time-offset-plus-one') || variants.has('time-without-offset');
}

/** A stored date-time as the variants write it: without a fraction, in +01:00 or without an offset; the instant is unchanged. */
export function renderedDateTime(variants: Variants, iso: string): string {
  const seconds = variants.has('time-whole-seconds');
  const offset = variants.has('time-offset-plus-one');
  const ms = dateTimeInstant(iso);
  if (!rewritesDateTimes(variants) || Number.isNaN(ms)) return iso;
  const wall = new Date(Math.floor(ms / (seconds ? 1000 : 1)) * (seconds ? 1000 : 1) + (offset ? hour : 0)).toISOString();
  const body = seconds ? wall.slice(0, 19) : wall.slice(0, 23);
  return `${body}${variants.has('time-without-offset') ? '' : offset ? '+01:00' : 'Z'}`;
}
