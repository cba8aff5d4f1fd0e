import { CheckFileError, checkFiles, collectChecks, isSelected, skipReason, type ApiVersion, type CheckMeta, type RegisteredCheck, type RunConfig } from '../checks/index.js';
import { casesPerOperation } from '../checks/generated-budget.js';
import { windowName } from '../checks/windows.js';
import type { HttpClient } from '../http/index.js';
import { costsAsRun, otherMerchantChecks } from './other-merchant.js';
import { deadlineOf, LOCAL_REQUEST_MS, planRun, type CheckCost, type PlannedCheck, type RunPlan } from './plan.js';

// §6.3 point 3: a sender waits 5 s for an answer (the profile's webhooks.answerLimitMs when it names
// another). A webhook check's waits are fractions of it: the slow answer 1/2, a call held open all of
// it, a watch for what a sender does at once 2/5 (suites/support/webhooks.ts).
const ANSWER_LIMIT_MS = 5_000;

/** The checks `--api` and `--only` select among the check files, the files that hold them (or cannot be imported), and every check declared. */
export async function selectedChecks(root: string, include: readonly string[], selection: { api: ApiVersion | 'all'; only?: string | undefined }): Promise<{ checks: RegisteredCheck[]; files: string[]; declared: RegisteredCheck[] }> {
  const checks: RegisteredCheck[] = [];
  const files: string[] = [];
  const everyCheck: RegisteredCheck[] = [];
  for (const file of checkFiles(root, include)) {
    let declared: RegisteredCheck[];
    try {
      declared = await collectChecks(root, [file]);
    } catch (error) {
      // The run's test file imports it again and reports the failure as run.load.<file>.
      if (!(error instanceof CheckFileError)) throw error;
      files.push(file);
      continue;
    }
    everyCheck.push(...declared);
    const chosen = declared.filter((check) => isSelected(check.id, selection));
    if (chosen.length === 0) continue;
    checks.push(...chosen);
    files.push(file);
  }
  return { checks, files, declared: everyCheck };
}

/**
 * How long a check is expected to wait besides its requests, from the profile's webhook timings: a
 * webhook check about the answer limit (a delivery comes sooner; `timeoutMs` only bounds a missing
 * one), a retry check the retry window after a held call besides.
 */
function expectedWaitMs(check: RegisteredCheck, config: RunConfig): number {
  if (!check.needs.some((key) => key === 'webhooks' || key.startsWith('webhooks.'))) return 0;
  const settings = config.profile.webhooks;
  const answerLimitMs = settings?.answerLimitMs ?? ANSWER_LIMIT_MS;
  return answerLimitMs + (check.needs.includes('webhooks.retryWithinMs') ? (settings?.retryWithinMs ?? 0) : 0);
}

/** What the plan takes besides the checks and the profile. */
export interface PlanInputs {
  /** Every declared check (default: the selection's): which of them run as the other merchant. */
  everyCheck?: readonly RegisteredCheck[];
  /** How long the preflight's requests took each, on average: a distant target's requests cost the run more. */
  latencyMs?: number;
}

/** What the run plans before its first check. */
export interface ChecksPlan {
  plan: RunPlan;
  deadlineMs: number;
  /** The plan of some of the checks (what a deadline left unfinished). */
  costOf: (ids: readonly string[]) => RunPlan;
  /** The checks that run as the other merchant (src/runner/other-merchant.ts). */
  asOtherMerchant: string[];
  /** The measured costs, each in the windows its check runs in. */
  costs: Record<string, CheckCost>;
}

/**
 * The run's plan over the checks that will run (selected and not skipped), with the deadline it
 * gives; `everyCheck` (every declared check, the selection's by default) decides which checks run as
 * the other merchant, so that a check does so in a full run and in its replay alike.
 */
export function planChecks(checks: readonly RegisteredCheck[], config: RunConfig, probe: HttpClient, measured: Record<string, CheckCost>, inputs: PlanInputs = {}): ChecksPlan {
  const everyCheck = inputs.everyCheck ?? checks;
  const runs = (check: RegisteredCheck) => skipReason(check as CheckMeta, config) === undefined;
  const runnable = checks.filter(runs);
  const limitOf = (window: string) => {
    const api = window.startsWith('v2') ? 'v2' : 'v1';
    return probe.pacer.limitOf(window) ?? probe.pacer.limitOf(windowName(api, 'primary')) ?? config.profile.rateLimit?.perMinute;
  };
  const requests = Object.fromEntries(Object.entries(measured).map(([id, cost]) => [id, cost.requests]));
  const asOtherMerchant = otherMerchantChecks({
    checks: everyCheck.filter(runs),
    costs: requests,
    profile: config.profile,
    ...(config.unusableTokens === undefined ? {} : { unusableTokens: config.unusableTokens }),
    rateOf: (window) => {
      const limit = limitOf(window);
      return limit === undefined ? undefined : probe.pacer.ratePerMinute(limit);
    },
  });
  const placed = costsAsRun(requests, asOtherMerchant);
  const costs = Object.fromEntries(Object.entries(measured).map(([id, cost]) => [id, { ...cost, requests: placed[id]! }]));
  const plannedOf = (list: readonly RegisteredCheck[]): PlannedCheck[] =>
    list.map((check) => ({ id: check.id, api: check.api, provokes429: check.provokes429, waitMs: expectedWaitMs(check, config) }));
  // Checks side by side each wait for their own answers: a request costs the run its latency shared among them.
  const requestMs = Math.max(LOCAL_REQUEST_MS, (inputs.latencyMs ?? 0) / config.concurrency);
  const plan = (list: readonly RegisteredCheck[]) => planRun({
    checks: plannedOf(list),
    costs,
    limitOf,
    ratePerMinute: (limit) => probe.pacer.ratePerMinute(limit),
    concurrency: config.concurrency,
    requestMs,
    ...(config.runs === undefined ? {} : { runs: config.runs }),
    generatedCases: casesPerOperation({ cases: config.cases, runs: config.runs, profile: config.profile }),
  });
  const movedHere = runnable.map((check) => check.id).filter((id) => asOtherMerchant.includes(id));
  const whole: RunPlan = { ...plan(runnable), ...(movedHere.length === 0 ? {} : { asOtherMerchant: movedHere }) };
  return {
    plan: whole,
    deadlineMs: deadlineOf(whole),
    costOf: (ids) => plan(runnable.filter((check) => ids.includes(check.id))),
    asOtherMerchant,
    costs,
  };
}
