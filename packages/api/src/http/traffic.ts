/** The requests one rate-limit window (§8: a v1 sales channel's, a v2 merchant's) got from the run in one calendar minute (UTC). */
export interface TrafficMinute {
  api: 'v1' | 'v2';
  /** The window's label: the profile token whose channel (v1) or merchant (v2) it counts, never the token itself. */
  window: string;
  /** The minute's start, ISO 8601. */
  minute: string;
  requests: number;
  /** The limit the pacer applied in that minute, when known. */
  limit?: number;
}

/** One window over the whole run: its requests, the limit it had, and the largest share of it used in one minute. */
export interface WindowTraffic {
  api: 'v1' | 'v2';
  window: string;
  requests: number;
  limit?: number;
  /** The largest share of the window's limit the run used in any one minute, when the limit is known. */
  peakShare?: number;
}

/** The traffic of each window over the run, in the order windows first appear. */
export function trafficPerWindow(minutes: readonly TrafficMinute[]): WindowTraffic[] {
  const windows = new Map<string, WindowTraffic>();
  for (const entry of minutes) {
    const window = windows.get(entry.window) ?? { api: entry.api, window: entry.window, requests: 0 };
    window.requests += entry.requests;
    if (entry.limit !== undefined) {
      window.limit = entry.limit;
      window.peakShare = Math.max(window.peakShare ?? 0, Math.round((entry.requests / entry.limit) * 1000) / 1000);
    }
    windows.set(entry.window, window);
  }
  return [...windows.values()];
}

/** The largest share of one window's limit the run used in any minute, when the limits are known. */
export function peakShare(minutes: readonly TrafficMinute[]): number | undefined {
  const shares = minutes.filter((entry) => entry.limit !== undefined).map((entry) => entry.requests / entry.limit!);
  return shares.length === 0 ? undefined : Math.max(...shares);
}
