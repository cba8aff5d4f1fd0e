// When an event occurred (§6.2: the v2 envelope's timestamp) against the deployment's own clock. The
// client's clock is never compared with the deployment's (its clock may be minutes off, a legal
// choice): what the deployment itself wrote before the write that caused the event, the answer's Date
// header and the record's updated_at, bounds the time the event can have occurred from below.
import type { ApiResponse } from '../../src/checks/index.js';
import { instantOf } from './instants.js';

/**
 * How far a time the deployment writes may lie before the instant it stands for: the Date header has
 * whole seconds, and a deployment may write its timestamps to the second too (§2 states no precision),
 * truncated or rounded, so two of its readings of one moment may be up to a second apart.
 */
export const WRITTEN_RESOLUTION_MS = 1_000;

/** One reading of the deployment's clock: where it was read, as the deployment wrote it, and the instant. */
export interface ClockReading {
  /** The answer's Date header (an HTTP-date, to the second) or the answered record's updated_at (§2: ISO 8601). */
  source: 'Date header' | 'updated_at';
  text: string;
  /** Epoch milliseconds. */
  at: number;
}

/** The deployment's clock readings on an answer about a record it just wrote, those that can be read. */
export function clockOf(response: ApiResponse): ClockReading[] {
  const date = response.headers['date'];
  const updatedAt: unknown = (response.body as { updated_at?: unknown } | undefined)?.updated_at;
  const readings: ClockReading[] = [];
  if (date !== undefined && !Number.isNaN(Date.parse(date))) readings.push({ source: 'Date header', text: date, at: Date.parse(date) });
  if (typeof updatedAt === 'string' && !Number.isNaN(instantOf(updatedAt))) readings.push({ source: 'updated_at', text: updatedAt, at: instantOf(updatedAt) });
  return readings;
}

/**
 * The earliest time, on the deployment's clock, at which a write sent after the answer of `readings` can
 * have happened: the lowest reading (the Date header may come from a gateway with a clock of its own),
 * less the written resolution. Undefined without a reading.
 */
export function earliestAfter(readings: readonly ClockReading[]): number | undefined {
  return readings.length === 0 ? undefined : Math.min(...readings.map((reading) => reading.at)) - WRITTEN_RESOLUTION_MS;
}

/** `Date header Mon, 05 Jan 2026 08:00:00 GMT, updated_at 2026-01-05T08:00:00.120Z`, for a failure message. */
export function describeReadings(readings: readonly ClockReading[]): string {
  return readings.map((reading) => `${reading.source} ${reading.text}`).join(', ');
}
