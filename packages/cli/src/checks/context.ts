import { isDeepStrictEqual } from 'node:util';
import type { RecordedExchange } from '../http/index.js';
import type { Features, Fixtures, TargetProfile, TokenName } from '../profile/index.js';
import { ApiClient, type ApiResponse } from './api-client.js';
import { createdRecordOf } from './created.js';
import { CheckFailure } from './failure.js';
import type { WebhookReceiver } from '../webhooks/index.js';
import type { RunSession } from './session.js';
import type { ApiVersion, CreatedRecord, RunConfig, SchemaViolation } from './types.js';
import { schemaFailure, STATUS_POINTER } from './validation.js';

/** A v1 and a v2 client sharing one token. */
export interface ApiClients {
  v1: ApiClient<'v1'>;
  v2: ApiClient<'v2'>;
}

/** What `t.fail` takes: the rule, the values compared and, when there is one, the answer that showed it. */
export interface FailOptions {
  title: string;
  expected: unknown;
  received: unknown;
  response?: ApiResponse;
}

/** The `t` a check body receives (docs/ARCHITECTURE.md, "Checks"). */
export interface CheckContext extends ApiClients {
  profile: TargetProfile;
  fixtures: Fixtures;
  features: Features;
  seed: number;
  /** `--runs`, when given: runs per property. */
  runs: number | undefined;
  /** `--cases`, when given: cases per operation of the generated-input checks. */
  cases: number | undefined;
  /** The command that starts this run again, without --only and --seed (`npx mfc run --profile p.json`): a replay line starts with it. */
  runCommand: string;
  /** `mfc-<runid>`: put it on every record the check creates. */
  marker: string;
  /** The longest this check may take (the run's check timeout), in ms. */
  checkTimeoutMs: number;
  /** Clients for another profile token; skips the check when the profile lacks it. */
  as(token: TokenName): ApiClients;
  /** Clients that send no Authorization header. */
  anonymous: ApiClients;
  /**
   * How many requests this run (every check of it) sent on `api` since `since` (epoch ms, the
   * client's clock) with `token` alone, or (`window`) with every token of the rate-limit window
   * `token` counts in (a v2 merchant's channels): what a server's X-Rate-Limit-Used must count at
   * least (§8).
   */
  sentSince(api: ApiVersion, token: TokenName, since: number, scope?: 'token' | 'window'): number;
  /**
   * How many requests of this run (every check of it) that may have changed records (any method but GET
   * and HEAD, answered 2xx or not at all) went to `collection` or below it (`/orders`, in either version)
   * as this check's merchant and were on the wire at some time between `from` and `to` (epoch ms, the
   * client's clock): the run's own moves of a list the check walked meanwhile.
   */
  writesDuring(collection: string, from: number, to: number): number;
  /** `mfc-<runid>-<kind>-<n>`, unique within the run. */
  uniqueId(kind: string): string;
  /** Registers work to run after the check, pass or fail (cancel what it created). */
  cleanup(task: () => Promise<unknown>): void;
  /**
   * A premise several checks share and only read (an order of the run's to look up): made once per
   * run by the first check that asks, with that check's clients (its requests are that check's), and
   * removed when the run ends (a `cleanup` inside `make` waits for the end). When making it fails or
   * skips, every check that asks for it skips, naming why: the premise's answer is its owner's finding.
   */
  shared<T>(key: string, make: (t: CheckContext) => Promise<T>): Promise<T>;
  /** The run's webhook receiver (docs/PROFILE.md `webhooks`); only in checks whose `needs` name `webhooks`. */
  webhooks: WebhookReceiver;
  /** Every exchange of this check so far (redacted). */
  exchanges: RecordedExchange[];
  /** Fails unless the answer's status is `expected` (or one of them). */
  expectStatus(response: ApiResponse, expected: number | number[], what?: string): void;
  /** Fails unless the answer's body is valid as the named component schema of its api (e.g. `Error`). */
  expectSchema(response: ApiResponse, schemaName: string, what?: string): void;
  /** Fails unless `received` deep-equals `expected`. */
  expectEqual(what: string, expected: unknown, received: unknown, response?: ApiResponse): void;
  /** `expectEqual` with the answer first, as in the architecture's example. */
  expect(response: ApiResponse, what: string, expected: unknown, received: unknown): void;
  /** Ends the check with a structured failure. */
  fail(options: FailOptions): never;
  /** Ends the check as skipped with this reason (never fails the run). */
  skip(reason: string): never;
  /**
   * Waits until no other check of the run holds `name`, then holds it until this check's cleanups
   * registered after it have run: for a record several checks may fall back to changing (the fixture
   * SKU), which the plan could not know to keep apart.
   */
  hold(name: string): Promise<void>;
  /** A line the check's result carries beside its verdict, whatever it is (how long it waited for a list to show its writes). */
  note(text: string): void;
}

/** Why making a shared premise failed, and which check made it: the first line of its skip or failure. */
function sharedFailure(error: unknown): { maker: string; reason: string } {
  const maker = (error as { maker?: string }).maker ?? 'another check';
  const cause = (error as { cause?: unknown }).cause ?? error;
  const text = cause instanceof CheckFailure ? `${cause.detail.title}: ${cause.detail.received}` : cause instanceof Error ? cause.message : String(cause);
  return { maker, reason: text.split('\n')[0] ?? text };
}

/** The token and fixtures of a check run as the other merchant: its own sales channel, warehouse and SKU. */
function homeAsOtherMerchant(profile: TargetProfile): { token: string; fixtures: Fixtures } {
  const token = profile.tokens.otherMerchant;
  const fixtures = profile.fixtures.otherMerchant;
  if (token === undefined || fixtures === undefined) throw new Error('a check was moved to the other merchant, but the profile names no tokens.otherMerchant and fixtures.otherMerchant');
  return { token, fixtures: { ...fixtures } };
}

/** Renders a compared value for Expected/Received: strings as they are, the rest as JSON. */
export function show(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/** What the check wrapper needs besides the context itself. */
export interface CheckContextHandle {
  context: CheckContext;
  /** The response-schema violations the check's answers showed, one per (operation, status, pointer). */
  violations: SchemaViolation[];
  /** The records the check created so far. */
  created: CreatedRecord[];
  /** What the check noted (`t.note`), in order. */
  notes: string[];
  runCleanups(): Promise<void>;
}

/** Builds the `t` of one check. `skip` is vitest's own, so a skip carries its reason into the result. */
export function createCheckContext(
  run: RunConfig,
  session: RunSession,
  skip: (reason: string) => never,
  webhooks?: WebhookReceiver,
  checkId = 'unknown',
): CheckContextHandle {
  // A check the plan moved calls as the other merchant, with that merchant's fixtures (src/runner/other-merchant.ts).
  const home = run.asOtherMerchant?.includes(checkId) ? homeAsOtherMerchant(run.profile) : undefined;
  const exchanges: RecordedExchange[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];
  const violations = new Map<string, SchemaViolation>();
  const created: CreatedRecord[] = [];
  const notes: string[] = [];
  const record = (list: RecordedExchange[]) => {
    exchanges.push(...list);
    session.logWrites(list);
    for (const exchange of list) {
      if (exchange.window !== undefined) session.scheduler.sent(checkId, exchange.window);
      const made = createdRecordOf(exchange, checkId);
      if (!made) continue;
      if (home) made.token = 'otherMerchant';
      created.push(made);
      session.noteCreated(made);
    }
  };
  // The first answer that showed a violation stands for it; the owning schema check lists every check that saw it.
  const note = (list: SchemaViolation[]) => {
    for (const violation of list) {
      const key = `${violation.api} ${violation.operation} ${violation.status} ${violation.pointer}`;
      if (!violations.has(key)) violations.set(key, violation);
    }
  };
  // The other merchant's answers show the records of the checks the plan moved there, and a record a
  // fault made invalid is the making check's finding (one defect, one failing check): what another
  // check reads as that merchant feeds no schema verdict beyond a status the operation does not
  // allow. Every kind of answer is judged through the primary's (and the moved checks') own reads.
  const noteAsOtherMerchant = (list: SchemaViolation[]) => note(list.filter((violation) => violation.pointer === STATUS_POINTER));
  const clients = (token: string | null, name?: TokenName): ApiClients => {
    // The run's log of who sent what when: the rate-limit checks compare it with X-Rate-Limit-Used.
    const logged = (api: ApiVersion) => (list: RecordedExchange[]) => {
      if (name !== undefined) session.logSent(api, name, list);
      record(list);
    };
    const noted = name === 'otherMerchant' && !home ? noteAsOtherMerchant : note;
    return {
      v1: new ApiClient(session.http, run.profile.baseUrl, 'v1', token, logged('v1'), noted, skip),
      v2: new ApiClient(session.http, run.profile.baseUrl, 'v2', token, logged('v2'), noted, skip),
    };
  };
  const fail = (options: FailOptions): never => {
    throw new CheckFailure(
      {
        title: options.title,
        expected: show(options.expected),
        received: show(options.received),
        ...(options.response ? { exchange: options.response.exchange } : {}),
      },
      options.response ? [options.response.exchange] : exchanges.slice(-5),
    );
  };
  const expectEqual = (what: string, expected: unknown, received: unknown, response?: ApiResponse) => {
    if (!isDeepStrictEqual(expected, received)) fail({ title: what, expected, received, ...(response ? { response } : {}) });
  };
  const primary = home ? clients(home.token, 'otherMerchant') : clients(run.profile.tokens.primary, 'primary');
  const context: CheckContext = {
    ...primary,
    profile: run.profile,
    fixtures: home?.fixtures ?? run.profile.fixtures,
    features: run.profile.features ?? {},
    seed: run.seed,
    runs: run.runs,
    cases: run.cases,
    runCommand: run.runCommand,
    marker: run.marker,
    checkTimeoutMs: run.checkTimeoutMs,
    as: (name) => {
      // Only checks that call with the primary's token alone are moved: another token's relation to the other merchant is not the one the check assumes.
      if (home) throw new Error(`${checkId} runs as tokens.otherMerchant and cannot call as tokens.${name}; it should not have been moved (src/runner/other-merchant.ts)`);
      const token = run.profile.tokens[name];
      if (token === undefined) return skip(`needs tokens.${name} in the profile`);
      const unusable = run.unusableTokens?.[name];
      return unusable === undefined ? clients(token, name) : skip(unusable);
    },
    anonymous: clients(null),
    sentSince: (api, token, since, scope = 'token') => session.sentSince(api, token, since, scope),
    writesDuring: (collection, from, to) => session.writesDuring(collection, from, to, home ? 'otherMerchant' : 'primary'),
    uniqueId: (kind) => `${run.marker}-${kind}-${session.nextId()}`,
    cleanup: (task) => {
      cleanups.push(task);
    },
    shared: async <T>(key: string, make: (t: CheckContext) => Promise<T>): Promise<T> => {
      try {
        // The maker's context with a cleanup that waits for the run's end; built on the context itself
        // (not a copy), so its `webhooks` getter is read only when used.
        const maker = Object.create(context, { cleanup: { value: (task: () => Promise<unknown>) => session.atRunEnd(task) } }) as CheckContext;
        // A premise made as the other merchant is that merchant's: the primary's checks never share it.
        return await session.shared(home ? `${key} (as tokens.otherMerchant)` : key, checkId, () => make(maker)) as T;
      } catch (error) {
        const { maker, reason } = sharedFailure(error);
        return skip(`the premise "${key}" (made by ${maker === checkId ? 'this check' : maker}) could not be prepared: ${reason}`);
      }
    },
    get webhooks(): WebhookReceiver {
      // The receiver is started before the body only for checks that declare the need.
      if (!webhooks) throw new Error("t.webhooks needs `needs: ['webhooks']` in the check's meta");
      return webhooks;
    },
    exchanges,
    expectStatus: (response, expected, what) => {
      const allowed = Array.isArray(expected) ? expected : [expected];
      if (allowed.includes(response.status)) return;
      const { method, url } = response.exchange;
      fail({
        title: what ?? `${method} ${new URL(url).pathname} answered an unexpected status`,
        expected: `status ${allowed.join(' or ')}`,
        received: `status ${response.status}`,
        response,
      });
    },
    expectSchema: (response, schemaName, what) => {
      const failure = schemaFailure(response.api, schemaName, response.body, response.exchange, what);
      if (failure) throw new CheckFailure(failure);
    },
    expectEqual,
    expect: (response, what, expected, received) => expectEqual(what, expected, received, response),
    fail,
    skip,
    hold: async (name) => {
      const release = await session.hold(name);
      cleanups.push(async () => release());
    },
    note: (text) => {
      notes.push(text);
    },
  };
  return {
    context,
    notes,
    get violations() {
      return [...violations.values()];
    },
    created,
    // Last registered runs first: what was created last may depend on what came before.
    // Every task runs even when one fails; the first error is what the check reports.
    runCleanups: async () => {
      let firstError: unknown;
      for (const task of cleanups.reverse()) {
        try {
          await task();
        } catch (error) {
          firstError ??= error;
        }
      }
      if (firstError !== undefined) throw firstError;
    },
  };
}
