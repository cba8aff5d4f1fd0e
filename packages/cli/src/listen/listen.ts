import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRedactor } from '../http/index.js';
import { buildReport, writeReports } from '../reports/index.js';
import type { CheckResult } from '../reports/index.js';
import { callRecordOf, openCallLog } from './call-log.js';
import { startReceiver } from '../webhooks/index.js';
import type { Answer, Delivery, RetainedState } from '../webhooks/index.js';
import { checkDelivery, isUnknownEvent, lineOf, payloadProblems } from './report.js';
import { SessionReport } from './session-report.js';
import { forwardingResponder } from './forward.js';
import type { ReceiverAnswer } from '../judgements/index.js';
import type { SessionCounts } from './session-report.js';

/** The deliveries a listener keeps in memory at most (the newest), whatever the number of calls. */
export const RETAINED_DELIVERIES = 100;
/** The raw-body bytes a listener keeps in memory at most; the newest delivery is kept whatever its size. */
export const RETAINED_BYTES = 8 * 1024 * 1024;
/** The file in the report directory with the session's counts over every call. */
export const SESSION_FILE = 'session.json';

/** What `mfc webhooks listen` runs with. */
export interface ListenOptions {
  host: string;
  port: number;
  tokens: string[];
  reportDir: string;
  /** The paths each version is delivered to; without them, the version is told by the body's shape. */
  paths?: { v1?: string; v2?: string };
  /** The session fails unless at least this many calls arrived (default 1). */
  expect?: number;
  /** Receives each printable line (never holding a token). */
  print: (line: string) => void;
  /** Forwards each call to this base URL (the call's path appended) and answers what the application answers, judging its answer time. */
  forward?: string;
}

/** The counts a stopped listener reports, and the exit code they make. */
export interface ListenOutcome extends SessionCounts {
  /** Failed checks in the report (listed ones, aggregates and the expected-calls check). */
  failed: number;
  expected: number;
  exitCode: 0 | 1;
}

/** A running listener: where it listens, what it holds, and how to stop it and write the reports. */
export interface Listener {
  url: string;
  port: number;
  /** What the receiver holds in memory now (bounded by `RETAINED_DELIVERIES` and `RETAINED_BYTES`). */
  retained(): RetainedState;
  /** The counts over every call so far. */
  counts(): SessionCounts;
  /** Stops receiving, writes report.json, junit.xml, report.html and session.json, and prints the outcome. */
  stop(reason: string): Promise<ListenOutcome>;
}

/** The answer to a call: 401 bad or missing signature, 422 a payload that is no valid event, else 204. */
function answerOf(delivery: Delivery, redact: (text: string) => string): Answer {
  if (delivery.signature !== undefined && !delivery.signature.valid) return { status: 401, body: delivery.signature.message };
  const problems = payloadProblems(delivery);
  if (problems !== undefined) return { status: 422, body: redact(`payload refused: ${problems.join('; ')}`).slice(0, 2_000) };
  // A v2 event_type §6.2 does not list is acknowledged too: a v2 return event exists whose name is not shown.
  return { status: 204 };
}

/**
 * Starts the listener of `mfc webhooks listen`: receives calls, answers and prints a line for each,
 * appends its verdicts to calls.ndjson, and keeps only a bounded window of deliveries and a bounded
 * selection of results (`SessionReport`). Rejects when it cannot write the report directory or listen.
 */
export async function startListener(options: ListenOptions): Promise<Listener> {
  const redact = createRedactor(options.tokens);
  const expected = options.expect ?? 1;
  const session = new SessionReport();
  const log = await openCallLog(options.reportDir, redact);
  // The application's answer to each forwarded call, until the call is judged.
  const forwarded = new Map<number, ReceiverAnswer>();
  let unknownEvents = 0;
  let baseUrl = '';
  let stopping = false;
  const receiver = await startReceiver({
    host: options.host,
    port: options.port,
    tokens: options.tokens,
    ...(options.paths ? { paths: options.paths } : {}),
    retain: { deliveries: RETAINED_DELIVERIES, bytes: RETAINED_BYTES },
    responder: options.forward === undefined
      ? (delivery) => answerOf(delivery, redact)
      : forwardingResponder(options.forward, (delivery, answer) => forwarded.set(delivery.seq, answer)),
    onDelivery(delivery) {
      const answer = forwarded.get(delivery.seq);
      forwarded.delete(delivery.seq);
      // A call cut off by the stop itself (its connection closed under it) is not the sender's doing.
      if (stopping) return;
      const results = checkDelivery(delivery, redact, baseUrl, answer);
      const listed = session.add(delivery.seq, delivery.api, results);
      if (isUnknownEvent(delivery)) unknownEvents += 1;
      log.append(callRecordOf(delivery, results, listed));
      options.print(redact(lineOf(delivery)));
    },
  }).catch(async (error: unknown) => {
    await log.close();
    throw error;
  });
  baseUrl = receiver.url;
  options.print(`mfc webhooks listen: listening on ${receiver.url} (Ctrl-C to stop and write the report)`);

  let stopped: Promise<ListenOutcome> | undefined;
  const stop = async (reason: string): Promise<ListenOutcome> => {
    stopping = true;
    await receiver.close();
    const logError = await log.close();
    if (logError !== undefined) options.print(`mfc webhooks listen: could not write ${log.path}: ${(logError as NodeJS.ErrnoException).code ?? logError.message}`);
    const counts = session.counts();
    const report = buildReport([...session.results(), expectedCallsCheck(counts.calls, expected)]);
    await writeReports(options.reportDir, report, { title: 'mfc webhooks listen report', secrets: options.tokens });
    const exitCode = report.summary.failed === 0 ? 0 : 1;
    const summary = { stoppedBy: reason, ...counts, expected, unknownEvents, reportSummary: report.summary, exitCode };
    await writeFile(join(options.reportDir, SESSION_FILE), `${redact(JSON.stringify(summary, null, 2))}\n`);
    options.print(`mfc webhooks listen: ${reason}; ${counts.calls} call(s), ${report.summary.failed} failed check(s); report in ${options.reportDir}`);
    if (counts.calls < expected) options.print(`mfc webhooks listen: ${shortfall(counts.calls, expected)}`);
    return { ...counts, failed: report.summary.failed, expected, exitCode };
  };
  return {
    url: receiver.url,
    port: receiver.port,
    retained: () => receiver.retained(),
    counts: () => session.counts(),
    stop: (reason) => (stopped ??= stop(reason)),
  };
}

/**
 * Runs `mfc webhooks listen` without the flag parsing: listens until `stop` resolves or `timeoutMs`
 * passes, then writes the reports. Rejects when it cannot write the report directory or listen.
 */
export async function listen(options: ListenOptions & { stop: Promise<string>; timeoutMs?: number }): Promise<ListenOutcome> {
  const listener = await startListener(options);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    if (options.timeoutMs !== undefined) timer = setTimeout(() => resolve(`--timeout of ${formatDuration(options.timeoutMs!)} reached`), options.timeoutMs);
  });
  const reason = await Promise.race([options.stop, timeout]);
  clearTimeout(timer);
  return listener.stop(reason);
}

// `90 s`, `1.5 s`, `250 ms` for a line of output.
function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${ms / 1000} s`;
}

function shortfall(calls: number, expected: number): string {
  const hint = expected === 1 ? ' (--expect 0 accepts a session without calls)' : ` (--expect ${expected})`;
  return calls === 0
    ? `no webhook call arrived; at least ${expected} expected${hint}`
    : `${calls} webhook call(s) arrived; at least ${expected} expected${hint}`;
}

// The session's own check: enough calls arrived (--expect, 1 by default).
function expectedCallsCheck(calls: number, expected: number): CheckResult {
  const title = expected === 0 ? 'Webhook calls arrived (none required: --expect 0)' : `At least ${expected} webhook call(s) arrived (--expect ${expected})`;
  const base = { id: 'listen.expected-calls', title, api: 'v1' as const, section: '6', requests: [] };
  if (calls >= expected) return { ...base, status: 'passed', message: '' };
  const expectedText = `at least ${expected} call(s)`;
  const received = calls === 0 ? 'no webhook call arrived' : `${calls} call(s)`;
  return {
    ...base,
    status: 'failed',
    message: `${title}\nExpected: ${expectedText}\nReceived: ${received}`,
    failure: { code: 'MFC_WEBHOOK_EXPECTED_CALLS', title, expected: expectedText, received },
  };
}
