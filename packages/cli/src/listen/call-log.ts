import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { redactDeep } from '../http/index.js';
import type { CheckResult, CheckStatus } from '../reports/index.js';
import type { Delivery } from '../webhooks/index.js';
import { describeEvent, describeResource } from './report.js';

/** The file in the report directory that gets one line per call as it arrives. */
export const CALL_LOG_FILE = 'calls.ndjson';
// A check's message in the log: enough for the expected/received lines, never a whole body.
const MESSAGE_LIMIT = 1_000;

/** One line of `calls.ndjson`: a call and its verdicts, without its body. */
export interface CallRecord {
  seq: number;
  receivedAt: string;
  api: 'v1' | 'v2';
  path: string;
  event: string;
  resource: string;
  /** The status answered, or `hang`/`drop`. */
  answer: number | string | null;
  /** Whether report.json lists this call's checks one by one (else its aggregates count it). */
  listed: boolean;
  checks: Array<{ id: string; status: CheckStatus; message?: string }>;
}

/** The record of one call for the log. */
export function callRecordOf(delivery: Delivery, results: CheckResult[], listed: boolean): CallRecord {
  return {
    seq: delivery.seq,
    receivedAt: delivery.receivedAt.toISOString(),
    api: delivery.api,
    path: delivery.path,
    event: delivery.refusal === undefined ? describeEvent(delivery) : `refused=${delivery.refusal}`,
    resource: describeResource(delivery),
    answer: delivery.answer ?? null,
    listed,
    checks: results.map((result) => ({
      id: result.id,
      status: result.status,
      ...(result.message === '' ? {} : { message: clip(result.message) }),
    })),
  };
}

/** An append-only log of calls, one JSON line each, redacted. */
export interface CallLog {
  path: string;
  append(record: CallRecord): void;
  /** Flushes and closes; resolves to the first write error, if any. */
  close(): Promise<Error | undefined>;
}

/** Creates (or empties) `calls.ndjson` in `dir`; rejects at once when the directory cannot be written. */
export async function openCallLog(dir: string, redact: (text: string) => string): Promise<CallLog> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, CALL_LOG_FILE);
  const stream = (await open(path, 'w')).createWriteStream();
  let failure: Error | undefined;
  stream.on('error', (error) => (failure ??= error));
  return {
    path,
    append(record) {
      if (failure === undefined) stream.write(`${redact(JSON.stringify(redactDeep(record, redact)))}\n`);
    },
    close: () => new Promise((resolve) => {
      if (stream.destroyed) resolve(failure);
      else stream.end(() => resolve(failure));
    }),
  };
}

function clip(text: string): string {
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT)}… [${text.length - MESSAGE_LIMIT} more characters]` : text;
}
