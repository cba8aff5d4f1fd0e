/** The requests one rate-limit window (§8: a v1 token's, v2's) got from the run in one calendar minute (UTC). */
export interface TrafficMinute {
  api: 'v1' | 'v2';
  /** The window's number within its version, in the order the run first used it (never the token). */
  window: number;
  /** The minute's start, ISO 8601. */
  minute: string;
  requests: number;
  /** The limit the pacer applied in that minute, when known. */
  limit?: number;
}

/** Requests per version and calendar minute, adding up the windows: the report's traffic table. */
export function trafficPerMinute(minutes: TrafficMinute[]): Array<{ api: 'v1' | 'v2'; minute: string; requests: number }> {
  const totals = new Map<string, { api: 'v1' | 'v2'; minute: string; requests: number }>();
  for (const entry of minutes) {
    const key = `${entry.minute} ${entry.api}`;
    const total = totals.get(key) ?? { api: entry.api, minute: entry.minute, requests: 0 };
    total.requests += entry.requests;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => a.minute.localeCompare(b.minute) || a.api.localeCompare(b.api));
}

/** The largest share of one window's limit the run used in any minute, when the limits are known. */
export function peakShare(minutes: TrafficMinute[]): number | undefined {
  const shares = minutes.filter((entry) => entry.limit !== undefined).map((entry) => entry.requests / entry.limit!);
  return shares.length === 0 ? undefined : Math.max(...shares);
}
