import type { RecordedExchange } from './types.js';

/** The requests one API version got in one calendar minute (UTC, the window of §8). */
export interface TrafficMinute {
  api: 'v1' | 'v2';
  /** The minute's start, ISO 8601. */
  minute: string;
  requests: number;
  /** The highest `X-Rate-Limit-Max` seen in the minute, when the answers carried it. */
  limit?: number;
}

/** Counts a client's exchanges per version and calendar minute, for the report's traffic table and peak share. */
export class TrafficTally {
  readonly #minutes = new Map<string, TrafficMinute>();

  /** Counts one exchange that ended at `at` (ms since the epoch). */
  note(exchange: RecordedExchange, at: number): void {
    const api = /\/merchant_api\/(v[12])\//.exec(exchange.url)?.[1] as 'v1' | 'v2' | undefined;
    if (api === undefined) return;
    const start = Math.floor(at / 60_000) * 60_000;
    const key = `${api} ${start}`;
    let entry = this.#minutes.get(key);
    if (!entry) {
      entry = { api, minute: new Date(start).toISOString(), requests: 0 };
      this.#minutes.set(key, entry);
    }
    entry.requests += 1;
    const max = Number(exchange.responseHeaders['x-rate-limit-max']);
    if (Number.isFinite(max) && max > 0) entry.limit = Math.max(entry.limit ?? 0, max);
  }

  /** The minutes so far, oldest first. */
  minutes(): TrafficMinute[] {
    return [...this.#minutes.values()].map((entry) => ({ ...entry }));
  }
}

/** Adds up several tallies' minutes (the preflight's and the checks'). */
export function mergeTraffic(...lists: TrafficMinute[][]): TrafficMinute[] {
  const merged = new Map<string, TrafficMinute>();
  for (const entry of lists.flat()) {
    const key = `${entry.api} ${entry.minute}`;
    const known = merged.get(key);
    if (!known) {
      merged.set(key, { ...entry });
      continue;
    }
    known.requests += entry.requests;
    if (entry.limit !== undefined) known.limit = Math.max(known.limit ?? 0, entry.limit);
  }
  return [...merged.values()].sort((a, b) => a.minute.localeCompare(b.minute) || a.api.localeCompare(b.api));
}

/** The largest share of a minute's limit the run used, when the limits are known. */
export function peakShare(minutes: TrafficMinute[]): number | undefined {
  const shares = minutes.filter((entry) => entry.limit !== undefined).map((entry) => entry.requests / entry.limit!);
  return shares.length === 0 ? undefined : Math.max(...shares);
}
