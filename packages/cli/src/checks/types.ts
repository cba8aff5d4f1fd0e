import type { RecordedExchange } from '../http/index.js';
import type { PacedWindow, TrafficMinute } from '../http/index.js';
import type { TargetProfile, TokenName } from '../profile/index.js';

/** The API versions a check can address. */
export type ApiVersion = 'v1' | 'v2';

/** What a check declares about itself (docs/ARCHITECTURE.md, "Checks"). */
export interface CheckMeta {
  /** Stable id: starts with the api, kebab-case segments joined by dots, e.g. `v1.orders.create.duplicate-409`. */
  id: string;
  api: ApiVersion;
  /** The specification section the check enforces, e.g. `4.1`. */
  section: string;
  title: string;
  /** Profile keys the check needs (`fixtures.sku`, `tokens.expired`, `webhooks`…); missing → skipped naming the key. */
  needs?: string[];
  /** Creates, updates, deletes or cancels records: runs only with `allowWrites: true`. */
  writes?: boolean;
  /** Deliberately exceeds the rate limit: runs only with `rateLimit.provoke: true`. */
  provokes429?: boolean;
  /**
   * What the check must have to itself while it runs (checks otherwise run side by side):
   * `windows` when it follows the X-Rate-Limit-Used arithmetic of the windows it uses (§8), `run`
   * when it compares several reads of a list other checks add to.
   */
  exclusive?: 'run' | 'windows';
  /**
   * Records of the target other checks use too, which this check changes (or must see unchanged):
   * checks naming the same lock run one after another, in declaration order. `fixtures.batchSku` in
   * `needs` is such a lock by itself.
   */
  locks?: string[];
  /**
   * The response-schema violations this check reports for the whole run (a schema check): every
   * violation any check saw whose answer matches one of these goes to it, and to no other check.
   */
  owns?: SchemaScope[];
}

/**
 * Which answers' schema violations a schema check reports: globs over the operation's path
 * template (`/orders*`) and over the JSON pointer (`/pagination*`), and the kind of status.
 * Absent parts match anything; the most specific scope wins (pointer, then path, then status).
 */
export interface SchemaScope {
  path?: string;
  pointer?: string;
  status?: 'success' | 'error';
}

/** A response that breaks its operation's schema, as one check saw it (reported by the owning schema check). */
export interface SchemaViolation {
  api: ApiVersion;
  /** The operation key, e.g. `GET /orders/{id}`. */
  operation: string;
  /** The § of the operation. */
  section: string;
  status: number;
  /** JSON pointer into the body ('' for the body itself). */
  pointer: string;
  /** `<pointer>: expected …, received …`. */
  message: string;
  exchange: RecordedExchange;
}

/** The resolved run configuration the runner hands to every check (vitest `provide` / `inject`). */
export interface RunConfig {
  profile: TargetProfile;
  /** `mfc-<runid>`: carried by every record the run creates. */
  marker: string;
  seed: number;
  /** Runs per property (`--runs`); absent lets each property use its own default. */
  runs?: number;
  /** Cases per operation of the generated-input checks (`--cases`); absent: `runs`, the profile's, or the default (src/checks/generated-budget.ts). */
  cases?: number;
  /** The command that starts this run again, without --only and --seed (`npx mfc run --profile p.json`): a replay line starts with it. */
  runCommand: string;
  /** Which checks run: `all` or one api, and an optional glob over ids. */
  api: ApiVersion | 'all';
  only?: string;
  requestTimeoutMs: number;
  /** The longest one check may take (its pacing waits included). */
  checkTimeoutMs: number;
  /** Set when the preflight found that no check can run (target unreachable, primary token refused): every check skips with it. */
  stop?: string;
  /** Profile tokens the preflight found unusable, with the reason: the checks that need one skip with it. */
  unusableTokens?: Partial<Record<TokenName, string>>;
  /** The longest one request may wait for the rate limit before the run stops (§8). */
  maxWaitMs?: number;
  /** `rateLimit.share`: the share of each rate-limit window the run may use. */
  share?: number;
  /** The preflight's requests per window, counted by the checks' pacer too so the share holds over both. */
  pacedBefore?: PacedWindow[];
  /** The run's deadline in ms from the start of the checks: nothing may outlast it. */
  deadlineMs: number;
  /** How many checks may run at the same time (the scheduler also keeps each window within its room). */
  concurrency: number;
  /** The check files of the run (absolute paths, in path order), imported by the run's one test file. */
  files: string[];
  /** The package root the files are under (for the names of files that fail to load). */
  root: string;
  /** The plan's estimate of each check's requests per rate-limit window (`suites/request-costs.json`), in the windows it runs in. */
  costs?: Record<string, Record<string, number>>;
  /** Checks that run as `tokens.otherMerchant` with `fixtures.otherMerchant`, in that merchant's windows (src/runner/other-merchant.ts). */
  asOtherMerchant?: string[];
  /** `RunOptions.dispatcherModule`: the module whose `createDispatcher` sends the run's requests (src/checks/dispatcher-module.ts). */
  dispatcherModule?: string;
  /** `mfc run --har FILE`: the checks' exchanges written as HAR 1.2, and the mfc version it names as its creator. */
  har?: { file: string; version: string };
}

/** A record a check created on the target (a success answer to a POST), for the report and cleanup. */
export interface CreatedRecord {
  api: ApiVersion;
  /** The collection it went to, e.g. `orders`, `restocking_shipments`, `inventory_batches`. */
  kind: string;
  /** Its id as the answer gave it. */
  id: string;
  /** The check that created it. */
  checkId: string;
  /** The profile token it was created with, when not the primary (a check run as the other merchant). */
  token?: 'otherMerchant';
}

/** The structured failure a check ends with; the report shows it field by field. */
export interface FailureDetail {
  /** Stable code, e.g. `MFC_CHECK_EXPECTATION`, `MFC_CHECK_SCHEMA`. */
  code: string;
  title: string;
  expected: string;
  received: string;
  /** The full readable message: title, Expected/Received, status and body, curl line. */
  message: string;
}

/** What a check leaves in its vitest task meta for the reporter. */
export interface CheckRecord {
  id: string;
  api: ApiVersion;
  section: string;
  title: string;
  failure?: FailureDetail;
  /** The exchanges behind a failure (redacted). */
  requests?: RecordedExchange[];
  /** Requests used in the current rate-limit window after the check, and the limit. */
  rateLimit?: { used: number; limit: number | undefined };
  /** How many HTTP exchanges the check caused (retries included). */
  requestCount?: number;
  /** Its exchanges per rate-limit window (`v1 primary`, `v2 merchant`, …). */
  windows?: Record<string, number>;
  /** For a property: how many cases it ran (the plan scales its requests by `--runs`). */
  propertyRuns?: number;
  /** Response-schema violations the check saw, one per (operation, status, pointer); judged by the owning schema check. */
  violations?: SchemaViolation[];
  /** The check's `owns` (CheckMeta), for the runner to attribute violations. */
  owns?: SchemaScope[];
  /** Records the check created (success answers to its POSTs); the run's channel told of them already. */
  created?: CreatedRecord[];
  /** What the check noted beside its verdict (`t.note`). */
  notes?: string[];
  /** When the scheduler admitted the check (epoch ms): its own time starts there, not when vitest queued it. */
  startedAt?: number;
  /** The check's own time: from its admission to the end of its cleanups, waits for other checks' turns left out. */
  durationMs?: number;
}

declare module 'vitest' {
  interface ProvidedContext {
    /** The runs of one vitest run: `mfc run` has one; the fault matrix runs several in one worker. */
    mfcRuns: RunConfig[];
    /** How many of `mfcRuns` go side by side; the others wait their turn, in order. */
    mfcRunsAtOnce: number;
  }
}

// vitest re-exports TaskMeta from its runner package, so the augmentation goes there.
declare module '@vitest/runner' {
  interface TaskMeta {
    mfc?: CheckRecord;
  }
}
