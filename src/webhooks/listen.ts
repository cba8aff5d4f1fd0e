import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRedactor } from '../http/index.js';
import { eventName } from './events.js';
import { startReceiver } from './receiver.js';
import type { Delivery } from './receiver.js';
import { checkDelivery, describeResource } from './report.js';
import type { DeliveryCheck } from './report.js';

/** What `mfc webhooks listen` runs with. */
export interface ListenOptions {
  host: string;
  port: number;
  tokens: string[];
  reportDir: string;
  /** Receives each printable line (never holding a token). */
  print: (line: string) => void;
  /** Resolves when the listener should stop, with what stopped it. */
  stop: Promise<string>;
}

/** The counts a stopped listener reports. */
export interface ListenOutcome {
  calls: number;
  failed: number;
}

/** One line per call: when, which version and event, the resource, and each verdict. */
export function lineOf(delivery: Delivery): string {
  const answer = delivery.answer === 'hang' ? 'held open' : String(delivery.answer);
  const head = `${delivery.receivedAt.toISOString()} #${delivery.seq} ${delivery.api} ${delivery.path}`;
  if (delivery.refusal !== undefined) return `${head} refused: ${delivery.refusal} -> ${answer}`;
  const parse = delivery.event;
  const event = parse?.ok === true ? eventName(parse.event) : 'unknown-event';
  const signature = delivery.signature === undefined ? 'unchecked' : delivery.signature.valid ? 'valid' : delivery.signature.reason;
  const payload = parse === undefined || parse.ok ? 'valid' : `invalid(${parse.errors.length} errors)`;
  const eventId = delivery.api === 'v1' ? ` event-id=${delivery.eventId ?? 'missing'}` : '';
  return `${head} ${event} ${describeResource(delivery)} signature=${signature}${eventId} payload=${payload} -> ${answer}`;
}

async function writeReport(dir: string, checks: DeliveryCheck[]): Promise<void> {
  const count = (status: DeliveryCheck['status']) => checks.filter((check) => check.status === status).length;
  const summary = { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'report.json'), `${JSON.stringify({ summary, checks }, null, 2)}\n`);
}

/**
 * Runs the listener of `mfc webhooks listen`: receives calls, prints a line for each, and when
 * `stop` resolves closes and writes the report of every call's checks. Rejects when it cannot listen.
 */
export async function listen(options: ListenOptions): Promise<ListenOutcome> {
  const redact = createRedactor(options.tokens);
  const checks: DeliveryCheck[] = [];
  let baseUrl = '';
  const receiver = await startReceiver({
    host: options.host,
    port: options.port,
    tokens: options.tokens,
    onDelivery(delivery) {
      checks.push(...checkDelivery(delivery, redact, baseUrl));
      options.print(redact(lineOf(delivery)));
    },
  });
  baseUrl = receiver.url;
  options.print(`mfc webhooks listen: listening on ${receiver.url} (Ctrl-C to stop and write the report)`);
  const reason = await options.stop;
  await receiver.close();
  await writeReport(options.reportDir, checks);
  const failed = checks.filter((check) => check.status === 'failed').length;
  options.print(`mfc webhooks listen: ${reason}; ${receiver.deliveries.length} call(s), ${failed} failed check(s); report in ${options.reportDir}`);
  return { calls: receiver.deliveries.length, failed };
}
