import type { RegisteredCheck, RunConfig } from '../checks/index.js';
import { windowAsOtherMerchant, windowName, type WindowName } from '../checks/windows.js';

// The profile keys a moved check may need: what `fixtures.otherMerchant` holds for that merchant.
const MOVABLE_NEEDS = new Set(['fixtures.salesChannelId', 'fixtures.warehouseId', 'fixtures.sku']);
// The primary's windows (§8: v1 per sales channel, v2 per merchant); a check spending any other one
// calls with another token or none, and that relationship does not hold for the other merchant.
const HOME_WINDOWS = new Set<WindowName>([windowName('v1', 'primary'), windowName('v2', 'primary')]);

/**
 * Whether a check can run as the other merchant and still judge the same rules: it writes its own
 * records (reads of a merchant's existing data would meet other data), needs nothing of the profile
 * but a sales channel, a warehouse and a SKU, has no window, run or record to itself, and sent only
 * the primary's requests when measured.
 */
function movable(check: RegisteredCheck, measured: Record<WindowName, number> | undefined): boolean {
  if (!check.writes || check.provokes429 || check.exclusive !== undefined || (check.locks?.length ?? 0) > 0) return false;
  if (!check.needs.every((key) => MOVABLE_NEEDS.has(key))) return false;
  const windows = Object.keys(measured ?? {});
  return windows.length > 0 && windows.every((window) => HOME_WINDOWS.has(window));
}

/**
 * The checks that run as `tokens.otherMerchant` in that merchant's windows, so that a run spreads
 * over four windows rather than two: movable checks, heaviest first, each moved when that lowers the
 * busiest window's minutes (or, at equal minutes, evens the load). Chosen over every check the
 * profile lets run, not over the selection, so a check runs as the same merchant in a full run and in
 * its replay with `--only`. Empty when the profile names no `fixtures.otherMerchant` or the
 * preflight found the token unusable.
 */
export function otherMerchantChecks(options: {
  checks: readonly RegisteredCheck[];
  costs: Record<string, Record<WindowName, number>>;
  profile: RunConfig['profile'];
  unusableTokens?: RunConfig['unusableTokens'];
  /** Requests per minute the run may send in a window, when known (windows without one weigh alike). */
  rateOf: (window: WindowName) => number | undefined;
}): string[] {
  const { profile, costs } = options;
  if (profile.tokens.otherMerchant === undefined || profile.fixtures.otherMerchant === undefined) return [];
  if (options.unusableTokens?.otherMerchant !== undefined) return [];
  const load = new Map<WindowName, number>();
  const add = (requests: Record<WindowName, number>, sign: 1 | -1, rename = (window: WindowName) => window) => {
    for (const [window, count] of Object.entries(requests)) load.set(rename(window), (load.get(rename(window)) ?? 0) + sign * count);
  };
  for (const check of options.checks) add(costs[check.id] ?? {}, 1);
  const minutes = (window: WindowName, requests: number) => requests / (options.rateOf(window) ?? 1);
  const busiest = () => Math.max(0, ...[...load].map(([window, requests]) => minutes(window, requests)));
  const spread = () => [...load].reduce((sum, [window, requests]) => sum + minutes(window, requests) ** 2, 0);
  const total = (id: string) => Object.values(costs[id] ?? {}).reduce((sum, count) => sum + count, 0);
  const candidates = options.checks
    .filter((check) => movable(check, costs[check.id]))
    .sort((a, b) => total(b.id) - total(a.id) || a.id.localeCompare(b.id));
  const moved: string[] = [];
  for (const check of candidates) {
    const requests = costs[check.id]!;
    const before = { busiest: busiest(), spread: spread() };
    add(requests, -1);
    add(requests, 1, windowAsOtherMerchant);
    const after = { busiest: busiest(), spread: spread() };
    if (after.busiest < before.busiest || (after.busiest === before.busiest && after.spread < before.spread)) {
      moved.push(check.id);
      continue;
    }
    add(requests, -1, windowAsOtherMerchant);
    add(requests, 1);
  }
  return moved.sort();
}

/** The cost table with each moved check's requests in the other merchant's windows. */
export function costsAsRun(costs: Record<string, Record<WindowName, number>>, moved: readonly string[]): Record<string, Record<WindowName, number>> {
  const asOther = new Set(moved);
  return Object.fromEntries(Object.entries(costs).map(([id, requests]) => [
    id,
    asOther.has(id) ? Object.fromEntries(Object.entries(requests).map(([window, count]) => [windowAsOtherMerchant(window), count])) : requests,
  ]));
}
