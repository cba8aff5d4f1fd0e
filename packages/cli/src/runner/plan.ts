import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { windowName, type WindowName } from '../checks/windows.js';
import type { ApiVersion } from '../checks/types.js';
import { DEFAULT_CASES_PER_OPERATION, isGeneratedInputCheck } from '../checks/generated-budget.js';

/** A check's requests per rate-limit window, as a conforming run measured them (`suites/request-costs.json`). */
export interface CheckCost {
  /** Requests per window label (`v1 primary`, `v2 merchant`, …). */
  requests: Record<WindowName, number>;
  /** For a property: the cases it ran when measured (its requests scale with `--runs`). */
  runs?: number;
}

/** Where the measured costs live, relative to the package root; `npm run costs` writes the file. */
export const COSTS_FILE = 'suites/request-costs.json';

/** The measured costs of the checks under `root`, or an empty table when the file is absent (a test fixture root). */
export function loadCosts(root: string): Record<string, CheckCost> {
  const path = join(root, COSTS_FILE);
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, CheckCost>;
}

/** What the plan needs to know of a check that will run. */
export interface PlannedCheck {
  id: string;
  api: ApiVersion;
  provokes429: boolean;
  /** How long the check is expected to wait besides its requests (webhook deliveries, a held answer, a retry). */
  waitMs: number;
}

/** One window of the plan: the run's requests in it and the minutes they take at the run's rate. */
export interface PlannedWindow {
  window: WindowName;
  requests: number;
  /** The limit per minute the window announced (X-Rate-Limit-Max) or the profile gives; undefined when unknown. */
  limit?: number;
  /** The requests the run lets through per minute at its share. */
  perMinute?: number;
  /** requests ÷ perMinute. */
  minutes?: number;
}

/** Whether a window can hold the run back: it needs more than one minute's share of its limit (or its limit is unknown). */
export function canBind(window: PlannedWindow): boolean {
  return window.perMinute === undefined || window.requests > window.perMinute;
}

/** The run's plan: what it will send where, and how long that takes at the windows' rate. */
export interface RunPlan {
  checks: number;
  requests: number;
  windows: PlannedWindow[];
  /** The busiest window's minutes, among those that can bind: the least time the requests physically take at the run's share. */
  requestMinutes: number;
  /** Waits the run expects to make (webhook deliveries, retries, provoked 429s), in ms, as checks running side by side overlap them. */
  waitMs: number;
  /** The time the plan expects, in ms. */
  expectedMs: number;
  /** The checks that run as `tokens.otherMerchant`, in its windows (src/runner/other-merchant.ts); absent when none. */
  asOtherMerchant?: string[];
  /** The generated-input checks among them: how many, the cases each draws, and the requests they cost together; absent when none. */
  generated?: { checks: number; casesPerOperation: number; requests: number };
}

// Requests that wait out a provoked 429 hold their window until the next minute starts.
const PROVOKED_WAIT_MS = 60_000;

// What a run spends besides its checks' requests and waits once its plan is made: vitest's worker
// starting and the check files loading (about a second on two cores).
export const STARTUP_MS = 1_000;

// What one request costs a run with checks side by side when the target answers at once: the
// client, the checks and the schema validation. A full run's 740 requests against the reference
// server on loopback took about 3.5 s of the run's wall time on two cores.
export const LOCAL_REQUEST_MS = 5;

/**
 * How long waits take when `slots` checks wait side by side: the longest first, each into the slot
 * that frees first. Seven retry checks of 65 s on six slots take 130 s, not 7 × 65 ÷ 6.
 */
function overlapped(waitsMs: readonly number[], slots: number): number {
  const ends = new Array<number>(Math.max(1, slots)).fill(0);
  for (const wait of [...waitsMs].sort((a, b) => b - a)) {
    const first = ends.indexOf(Math.min(...ends));
    ends[first]! += wait;
  }
  return Math.max(...ends);
}

/**
 * Plans a run: each selected check's measured requests per window (scaled by `--runs` for
 * properties; a check never measured counts a few requests in its primary window), summed per window
 * and divided by the requests per minute the run lets through there. The time it expects is the
 * start-up, then the longer of what the binding windows allow and what the requests take one after
 * another at `requestMs` each, then the checks' waits as they overlap.
 */
export function planRun(options: {
  checks: readonly PlannedCheck[];
  costs: Record<string, CheckCost>;
  /** The limit per minute of each window, when known (the preflight's X-Rate-Limit-Max, the profile's perMinute). */
  limitOf: (window: WindowName) => number | undefined;
  /** Requests per minute the run sends in a window of `limit` (its share of it). */
  ratePerMinute: (limit: number) => number;
  runs?: number;
  /**
   * Cases per operation of the generated-input checks (src/checks/generated-budget.ts): their measured
   * requests, at the default budget, scale with it. Absent: the default.
   */
  generatedCases?: number;
  /** How many checks run side by side: their waits overlap. */
  concurrency: number;
  /** What one request costs the run with its checks side by side (default `LOCAL_REQUEST_MS`; more for a distant target). */
  requestMs?: number;
}): RunPlan {
  const perWindow = new Map<WindowName, number>();
  const waits: number[] = [];
  const casesPerOperation = options.generatedCases ?? DEFAULT_CASES_PER_OPERATION;
  const generated = { checks: 0, casesPerOperation, requests: 0 };
  for (const check of options.checks) {
    const cost = options.costs[check.id];
    const isGenerated = isGeneratedInputCheck(check.id);
    const scale = isGenerated ? casesPerOperation / DEFAULT_CASES_PER_OPERATION : options.runs !== undefined && cost?.runs ? options.runs / cost.runs : 1;
    const requests = cost?.requests ?? { [windowName(check.api, 'primary')]: 3 };
    for (const [window, count] of Object.entries(requests)) {
      const scaled = Math.ceil(count * scale);
      perWindow.set(window, (perWindow.get(window) ?? 0) + scaled);
      if (isGenerated) generated.requests += scaled;
    }
    if (isGenerated) generated.checks += 1;
    if (check.provokes429) {
      // A provoked 429 spends what is left of its window's minute, then waits for the next.
      const window = windowName(check.api, 'primary');
      perWindow.set(window, (perWindow.get(window) ?? 0) + (options.limitOf(window) ?? 0));
    }
    const waitMs = check.waitMs + (check.provokes429 ? PROVOKED_WAIT_MS : 0);
    if (waitMs > 0) waits.push(waitMs);
  }
  const waitMs = Math.round(overlapped(waits, options.concurrency));
  const windows = [...perWindow.entries()].map(([window, requests]): PlannedWindow => {
    const limit = options.limitOf(window);
    if (limit === undefined) return { window, requests };
    const perMinute = options.ratePerMinute(limit);
    return { window, requests, limit, perMinute, minutes: Math.round((requests / perMinute) * 100) / 100 };
  }).sort((a, b) => a.window.localeCompare(b.window));
  const requests = windows.reduce((sum, window) => sum + window.requests, 0);
  // A window whose requests fit in one minute's share never makes the run wait for the next minute.
  const requestMinutes = Math.max(0, ...windows.filter(canBind).map((window) => window.minutes ?? 0));
  const sendingMs = Math.max(requestMinutes * 60_000, requests * (options.requestMs ?? LOCAL_REQUEST_MS));
  return {
    checks: options.checks.length,
    requests,
    windows,
    requestMinutes,
    waitMs,
    expectedMs: Math.round((options.checks.length === 0 ? 0 : STARTUP_MS) + sendingMs + waitMs),
    ...(generated.checks === 0 ? {} : { generated }),
  };
}

// Room above the plan: other clients may use the same windows (the share is an upper bound, not a
// promise), answers may be slower than the preflight's, and a wait may end late.
const DEADLINE_FACTOR = 2;
const DEADLINE_MARGIN_MS = 2 * 60_000;

/** The run's deadline from its plan: twice the expected time, plus two minutes. */
export function deadlineOf(plan: RunPlan): number {
  return Math.round(plan.expectedMs * DEADLINE_FACTOR + DEADLINE_MARGIN_MS);
}

/** How `renderPlan` words the plan. */
export interface PlanWording {
  /** The run's deadline, shown beside the time. */
  deadlineMs?: number;
  /** How many checks `--api` and `--only` selected, of which the plan's run (the others skip). */
  selected?: number;
  /** `mfc doctor`: the checks would run; `mfc run`: they are to run. */
  mood?: 'run' | 'doctor';
}

/**
 * The plan: a first line with the checks, the requests and the time it expects, then one line per
 * window that can hold the run back (`v1 primary  212 requests  4.24 min at 50/min of 100`); a window
 * whose requests fit in one minute's share is left out, as is any minute count when none can bind.
 */
export function renderPlan(plan: RunPlan, wording: PlanWording = {}): string {
  const verb = wording.mood === 'doctor' ? 'would run' : 'to run';
  // The summary counts skips the same way: those the plan leaves out, and those that skip as they run.
  const checks = wording.selected === undefined || wording.selected === plan.checks
    ? `${plan.checks} checks ${verb}`
    : `${plan.checks} of ${wording.selected} selected checks ${verb} (${wording.selected - plan.checks} skip as planned: the profile does not give what they need)`;
  const lines = [`plan: ${checks}, ${plan.requests} requests; about ${minutesText(plan.expectedMs)}${wording.deadlineMs === undefined ? '' : ` (deadline ${minutesText(wording.deadlineMs)})`}`];
  for (const window of plan.windows.filter(canBind)) {
    const rate = window.perMinute === undefined ? 'no known limit' : `${window.minutes} min at ${window.perMinute}/min of ${window.limit}`;
    lines.push(`  ${window.window.padEnd(32)} ${String(window.requests).padStart(5)} requests  ${rate}`);
  }
  if (plan.waitMs > 0) lines.push(`  waits (webhook deliveries and retries, provoked 429s), while other checks run: ${minutesText(plan.waitMs)}`);
  if (plan.generated !== undefined) {
    const { checks, casesPerOperation, requests } = plan.generated;
    lines.push(`  generated inputs: ${checks} operations × ${casesPerOperation} cases (valid, boundary, past the open limits, invalid) = ${checks * casesPerOperation} cases, about ${requests} requests (--cases, generatedInputs.casesPerOperation)`);
  }
  if (plan.asOtherMerchant !== undefined) lines.push(`  ${plan.asOtherMerchant.length} write checks run as tokens.otherMerchant (fixtures.otherMerchant), within that merchant's rate limit`);
  return lines.join('\n');
}

function minutesText(ms: number): string {
  return ms < 90_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 60_000).toFixed(1)} min`;
}
