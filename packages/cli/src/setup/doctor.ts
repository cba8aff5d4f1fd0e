import { DEFAULT_MAX_WAIT_MS } from '../checks/session.js';
import type { RegisteredCheck } from '../checks/registry.js';
import { isSelected, skipReason } from '../checks/selection.js';
import type { ApiVersion, RunConfig } from '../checks/types.js';
import { HttpClient, NetworkError, type HttpClientOptions, type TransportAnswer, type TransportRequest } from '../http/index.js';
import type { TargetProfile, TokenName } from '../profile/index.js';
import { profileClientOptions } from '../checks/profile-client.js';
import { codeRoot } from '../layout.js';
import { defaults } from '../runner/options.js';
import { loadCosts, type RunPlan } from '../runner/plan.js';
import { planChecks } from '../runner/planned-checks.js';
import { preflight, type PreflightOutcome } from '../runner/preflight.js';
import { rateShare } from '../profile/share.js';
import { assertWritesAllowed, RunRefusedError } from '../runner/safety.js';

/** One request the preflight sent, as `mfc doctor` shows it: who asked, what came back, the §8 headers. */
export interface ProbeSeen {
  api: ApiVersion;
  /** The profile key of the token it carried. */
  token: TokenName | undefined;
  /** `GET /merchant_api/v1/orders?limit=1`. */
  request: string;
  status?: number;
  /** Why no answer arrived. */
  error?: string;
  rateLimitUsed?: string;
  rateLimitMax?: string;
  retryAfter?: string;
}

/** Checks that skip for one reason. */
export interface SkipGroup {
  reason: string;
  checks: RegisteredCheck[];
}

/** Groups checks by their skip reason (undefined: would run), largest group first. */
function groupByReason(checks: readonly RegisteredCheck[], reasonOf: (check: RegisteredCheck) => string | undefined): { runs: RegisteredCheck[]; skips: SkipGroup[] } {
  const runs: RegisteredCheck[] = [];
  const byReason = new Map<string, RegisteredCheck[]>();
  for (const check of checks) {
    const reason = reasonOf(check);
    if (reason === undefined) runs.push(check);
    else byReason.set(reason, [...(byReason.get(reason) ?? []), check]);
  }
  const skips = [...byReason.entries()].map(([reason, group]) => ({ reason, checks: group })).sort((a, b) => b.checks.length - a.checks.length);
  return { runs, skips };
}

/** What `mfc doctor` learned: the requests and their answers, the preflight's verdict, and what each check would do. */
export interface Diagnosis {
  probes: ProbeSeen[];
  preflight: PreflightOutcome;
  /** Checks `--api` and `--only` select. */
  selected: RegisteredCheck[];
  /** The selected checks that would run. */
  runs: RegisteredCheck[];
  /** The selected checks that would skip, by reason, largest group first. */
  skips: SkipGroup[];
  /** Of the checks skipped for writes, those that would still skip with `allowWrites: true`, by their next reason. */
  afterWrites: SkipGroup[];
  /** Set when `mfc run` would refuse the profile (production writes) without `--allow-production-writes`. */
  refusal?: string;
  /** What a run would send to each rate-limit window and how long it would take at the profile's share. */
  plan: RunPlan;
  /** The deadline `mfc run` would set from that plan. */
  deadlineMs: number;
  /**
   * With `tokens.otherMerchant` usable but no `fixtures.otherMerchant`: how many write checks the
   * fixture would move to that merchant, and the plan's expected time then.
   */
  spread?: { checks: number; expectedMs: number };
}

/** The run's HTTP client, keeping what each answer showed: `mfc doctor` reports the headers the preflight saw. */
class ObservingClient extends HttpClient {
  readonly seen: ProbeSeen[] = [];
  readonly #tokens: Array<[TokenName, string]>;

  constructor(options: HttpClientOptions, profile: TargetProfile) {
    super(options);
    this.#tokens = Object.entries(profile.tokens) as Array<[TokenName, string]>;
  }

  override async send(request: TransportRequest): Promise<TransportAnswer> {
    const url = new URL(request.url);
    const authorization = request.headers?.authorization;
    const probe: ProbeSeen = {
      api: url.pathname.includes('/merchant_api/v2') ? 'v2' : 'v1',
      token: this.#tokens.find(([, value]) => authorization === `Bearer ${value}`)?.[0],
      request: `${request.method} ${this.redact(`${url.pathname}${url.search}`)}`,
    };
    this.seen.push(probe);
    try {
      const answer = await super.send(request);
      const headers = answer.headers;
      Object.assign(probe, {
        status: answer.status,
        ...(headers['x-rate-limit-used'] === undefined ? {} : { rateLimitUsed: headers['x-rate-limit-used'] }),
        ...(headers['x-rate-limit-max'] === undefined ? {} : { rateLimitMax: headers['x-rate-limit-max'] }),
        ...(headers['retry-after'] === undefined ? {} : { retryAfter: headers['retry-after'] }),
      });
      return answer;
    } catch (error) {
      if (error instanceof NetworkError) probe.error = error.reason;
      throw error;
    }
  }
}

/** What `diagnose` looks at besides the profile. */
export interface DiagnoseOptions {
  api: ApiVersion | 'all';
  only?: string;
  /** The registered checks (`registeredChecks()`). */
  checks: readonly RegisteredCheck[];
  requestTimeoutMs?: number;
}

/**
 * Reaches the target as `mfc run` would before any check (the run's preflight: GETs only), keeps the
 * rate-limit headers each answer carried, and says for each selected check whether it would run or
 * why it would skip, with the preflight's unusable tokens and stop taken into account.
 */
export async function diagnose(profile: TargetProfile, options: DiagnoseOptions): Promise<Diagnosis> {
  let rateLimitStop: string | undefined;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const http = new ObservingClient({
    ...profileClientOptions(profile),
    requestTimeoutMs,
    maxRetries: 1,
    maxWaitMs: profile.rateLimit?.maxWaitSeconds === undefined ? DEFAULT_MAX_WAIT_MS : profile.rateLimit.maxWaitSeconds * 1000,
    ...(rateShare(profile) === undefined ? {} : { share: rateShare(profile)! }),
    ...(profile.rateLimit?.perMinute === undefined ? {} : { perMinute: profile.rateLimit.perMinute }),
    onGiveUp: (reason) => {
      rateLimitStop ??= reason;
    },
  }, profile);
  const apis: ApiVersion[] = options.api === 'all' ? ['v1', 'v2'] : [options.api];
  let outcome: PreflightOutcome;
  const preflightStarted = performance.now();
  try {
    outcome = await preflight({ http, rateLimitStop: () => rateLimitStop }, profile, apis);
  } finally {
    await http.close();
  }
  const inputs = { everyCheck: options.checks, latencyMs: (performance.now() - preflightStarted) / Math.max(1, http.requestCount) };
  const config: RunConfig = {
    profile,
    marker: 'mfc-doctor',
    seed: 0,
    runCommand: 'mfc run --profile <profile>',
    api: options.api,
    ...(options.only === undefined ? {} : { only: options.only }),
    requestTimeoutMs,
    checkTimeoutMs: defaults.checkTimeoutMs,
    ...(outcome.stop === undefined ? {} : { stop: outcome.stop }),
    ...(Object.keys(outcome.unusableTokens).length > 0 ? { unusableTokens: outcome.unusableTokens } : {}),
    deadlineMs: 0,
    concurrency: defaults.concurrency,
    files: [],
    root: codeRoot,
  };
  const selected = options.checks.filter((check) => isSelected(check.id, { api: options.api, only: options.only }));
  const { runs, skips } = groupByReason(selected, (check) => skipReason(check, config));
  // skipReason names the first reason only: what the write checks need besides allowWrites is shown too.
  const writers = selected.filter((check) => check.writes && !profile.allowWrites && config.stop === undefined);
  const withWrites: RunConfig = { ...config, profile: { ...profile, allowWrites: true } };
  const afterWrites = groupByReason(writers, (check) => skipReason(check, withWrites)).skips;
  let refusal: string | undefined;
  try {
    assertWritesAllowed(profile, false);
  } catch (error) {
    if (!(error instanceof RunRefusedError)) throw error;
    refusal = error.message;
  }
  const costs = loadCosts(codeRoot);
  const { plan, deadlineMs } = planChecks(selected, config, http, costs, inputs);
  const spread = spreadOver(profile, config, (changed) => planChecks(selected, changed, http, costs, inputs).plan);
  return { probes: http.seen, preflight: outcome, selected, runs, skips, afterWrites, ...(refusal === undefined ? {} : { refusal }), plan, deadlineMs, ...(spread ? { spread } : {}) };
}

/**
 * What `fixtures.otherMerchant` would change when the profile names a usable `tokens.otherMerchant`
 * but not that merchant's fixtures: the plan depends on their presence only, so any values show it.
 */
function spreadOver(profile: TargetProfile, config: RunConfig, planFor: (config: RunConfig) => RunPlan): Diagnosis['spread'] {
  if (profile.tokens.otherMerchant === undefined || profile.fixtures.otherMerchant !== undefined || config.unusableTokens?.otherMerchant !== undefined) return undefined;
  const stand = { salesChannelId: 0, warehouseId: 0, sku: { id: 0, sku_code: '' } };
  const plan = planFor({ ...config, profile: { ...profile, fixtures: { ...profile.fixtures, otherMerchant: stand } } });
  const moved = plan.asOtherMerchant?.length ?? 0;
  return moved === 0 ? undefined : { checks: moved, expectedMs: plan.expectedMs };
}
