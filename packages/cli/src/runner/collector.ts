import type { TestCase, TestModule } from 'vitest/node';
import type { SerializedError } from 'vitest';
import { isSelected, type ApiVersion, type CreatedRecord, type SchemaScope } from '../checks/index.js';
import { redactDeep, type TrafficMinute } from '../http/index.js';
import type { CheckResult } from '../reports/index.js';
import { isLoadFailure } from './load-failure.js';
import type { ProgressSink } from './progress.js';
import type { SeenViolation } from './schema-verdicts.js';

// The note vitest (major 4) gives every check it cancels: the one running and those still to come.
const VITEST_CANCEL_NOTE = 'The test run was aborted by the user.';

function apiOf(id: string): ApiVersion {
  return id.startsWith('v2.') ? 'v2' : 'v1';
}

function firstError(errors: readonly SerializedError[] | undefined): string {
  const error = errors?.[0];
  return error ? `${error.name ?? 'Error'}: ${error.message}` : 'failed without an error message';
}

/** Turns each finished check of one run into a `CheckResult` (redacted) and drives the progress line; vitest's reports reach it through the run's relay (src/runner/vitest.ts). */
export class ResultCollector {
  readonly results: CheckResult[] = [];
  /** Selected checks collected but not (yet) finished, by id. */
  readonly pending = new Map<string, CheckResult>();

  #deadlinePassed = false;
  // Checks finish in any order side by side; the report lists them in the order they were declared.
  readonly #declared = new Map<string, number>();
  readonly #positions = new Map<CheckResult, number>();
  #stopReason: string | undefined;
  /** How many checks the deadline cut short. */
  cutShort = 0;
  /** Records the checks created, in order (the run's channel reports them as they are created). */
  readonly created: CreatedRecord[] = [];
  /** The checks' requests per version and minute, as the last finished check saw them. */
  traffic: TrafficMinute[] = [];
  /** HTTP exchanges the checks caused, retries included. */
  requestCount = 0;
  /** Checks found in the check files that the selection (`--api`, `--only`) takes. */
  selectedCount = 0;
  /** Every response-schema violation the run's checks saw (redacted), for the owning schema checks. */
  readonly violations: SeenViolation[] = [];
  /** The schema checks that ran, with the answers whose violations they report. */
  readonly owners = new Map<string, SchemaScope[]>();

  constructor(
    private readonly selection: { api: ApiVersion | 'all'; only?: string | undefined },
    private readonly redact: (text: string) => string,
    private readonly progress?: ProgressSink,
  ) {}

  /** Notes a record a check created, once however often it is told (by the run's channel and by the check's result). */
  addCreated(record: CreatedRecord): void {
    if (!this.created.some((known) => known.api === record.api && known.kind === record.kind && known.id === record.id)) this.created.push(record);
  }

  /** From now on, a check that did not pass was cut short by the run's deadline. */
  markDeadline(): void {
    this.#deadlinePassed = true;
  }

  /** The run was stopped (interrupt, rate-limit bound): a check vitest cancels from now on did not finish, for `reason`. */
  markStopped(reason: string): void {
    this.#stopReason ??= reason;
  }

  #add(result: CheckResult, test?: TestCase): void {
    this.results.push(redactDeep(result, this.redact));
    if (test !== undefined) this.#positions.set(this.results.at(-1)!, this.#declared.get(test.id) ?? Infinity);
  }

  /** The run's checks, as vitest collected them (its `describe`, src/runner/run-entry.ts). */
  collected(tests: Iterable<TestCase>): void {
    let count = 0;
    for (const test of tests) {
      this.#declared.set(test.id, this.#declared.size);
      if (!isSelected(test.name, this.selection)) continue;
      count += 1;
      this.pending.set(test.name, {
        id: test.name, title: test.name, api: apiOf(test.name), section: '0', status: 'skipped', message: '', requests: [],
      });
    }
    this.selectedCount += count;
    this.progress?.addTotal(count);
  }

  onTestCaseResult(test: TestCase): void {
    if (isLoadFailure(test.name)) {
      this.#loadFailure(test);
      return;
    }
    // Checks outside --api / --only were registered as skipped placeholders; they are not part of the run.
    if (!isSelected(test.name, this.selection)) return;
    this.pending.delete(test.name);
    const meta = test.meta().mfc;
    const result = test.result();
    const base = {
      id: test.name,
      title: meta?.title ?? test.name,
      api: meta?.api ?? apiOf(test.name),
      section: meta?.section ?? '0',
      requests: [],
      // The check's own time, from its admission: vitest's duration also counts the wait for its turn.
      ...(meta?.startedAt === undefined ? {} : { startedAt: meta.startedAt }),
      ...(meta?.durationMs === undefined ? {} : { durationMs: meta.durationMs }),
      ...(meta?.requestCount === undefined ? {} : { requestCount: meta.requestCount }),
      ...(meta?.windows === undefined || Object.keys(meta.windows).length === 0 ? {} : { windows: meta.windows }),
      ...(meta?.notes === undefined ? {} : { notes: meta.notes }),
    };
    this.requestCount += meta?.requestCount ?? 0;
    for (const violation of meta?.violations ?? []) this.violations.push(redactDeep({ ...violation, checkId: test.name }, this.redact));
    if (meta?.owns) this.owners.set(test.name, meta.owns);
    for (const record of meta?.created ?? []) this.addCreated(record);
    this.progress?.finish(test.name, meta?.rateLimit, result.state === 'failed');
    if (this.#deadlinePassed && result.state !== 'passed') {
      // vitest reports a cancelled check as skipped "by the user"; the reason is the deadline.
      this.cutShort += 1;
      this.#add({ ...base, status: 'skipped', message: 'not finished: the run deadline passed' }, test);
    } else if (this.#stopReason !== undefined && result.state === 'skipped' && result.note === VITEST_CANCEL_NOTE) {
      this.#add({ ...base, status: 'skipped', message: `not finished: ${this.#stopReason}` }, test);
    } else if (result.state === 'passed') {
      this.#add({ ...base, status: 'passed', message: '' }, test);
    } else if (result.state === 'skipped') {
      this.#add({ ...base, status: 'skipped', message: result.note ?? 'skipped' }, test);
    } else if (result.state === 'failed') {
      const failure = meta?.failure;
      this.#add({
        ...base,
        status: 'failed',
        message: failure?.message ?? firstError(result.errors),
        requests: meta?.requests ?? [],
        ...(failure ? { failure: { code: failure.code, title: failure.title, expected: failure.expected, received: failure.received } } : {}),
      }, test);
    }
  }

  // A check file that cannot load (syntax error, failing import) registers no check: the run's test
  // file reports it as a failure of its own (run.load.<file>) so it never passes silently.
  #loadFailure(test: TestCase): void {
    const file = test.name.slice('run.load.'.length);
    this.#add({
      id: test.name,
      title: `The check file ${file} loads`,
      api: file.includes('v2') ? 'v2' : 'v1',
      section: '0',
      status: 'failed',
      message: firstError(test.result().errors),
      requests: [],
    });
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const position = (result: CheckResult) => this.#positions.get(result) ?? Infinity;
    this.results.sort((a, b) => position(a) - position(b));
    // The run's one test file failing as a whole (it is the runner's own) stands for every check file.
    for (const module of modules) {
      const errors = module.errors();
      if (errors.length === 0) continue;
      this.#add({
        id: 'run.load.checks',
        title: 'The check files load',
        api: 'v1',
        section: '0',
        status: 'failed',
        message: errors.map((error) => `${error.name ?? 'Error'}: ${error.message}`).join('\n'),
        requests: [],
      });
    }
    if (unhandledErrors.length > 0) {
      this.#add({
        id: 'run.unhandled-errors',
        title: 'The checks raise no error outside a check',
        api: 'v1',
        section: '0',
        status: 'failed',
        message: unhandledErrors.map((error) => `${error.name ?? 'Error'}: ${error.message}`).join('\n'),
        requests: [],
      });
    }
  }
}
