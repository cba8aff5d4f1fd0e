import { createRedactor } from '../http/index.js';
import { buildReport, writeReports } from '../reports/index.js';
import type { CheckResult } from '../reports/index.js';
import { startReceiver } from './receiver.js';
import type { Delivery } from './receiver.js';
import { checkDelivery, describeEvent, describeResource } from './report.js';

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
  const answer = delivery.answer === 'hang' ? 'held-open' : delivery.answer === 'drop' ? 'connection-closed' : String(delivery.answer);
  const head = `${delivery.receivedAt.toISOString()} #${delivery.seq} ${delivery.api} ${delivery.path}`;
  if (delivery.refusal !== undefined) return `${head} refused=${delivery.refusal} -> ${answer}`;
  const parse = delivery.event;
  const signature = delivery.signature === undefined ? 'unchecked' : delivery.signature.valid ? 'valid' : delivery.signature.reason;
  const payload = parse === undefined || parse.ok ? 'valid' : `invalid(${parse.errors.length})`;
  const eventId = delivery.api === 'v1' ? ` event-id=${delivery.eventId ?? 'missing'}` : '';
  return `${head} ${describeEvent(delivery)} ${describeResource(delivery)} signature=${signature}${eventId} payload=${payload} -> ${answer}`;
}

/**
 * Runs the listener of `mfc webhooks listen`: receives calls, prints a line for each, and when
 * `stop` resolves, closes and writes the reports (the formats of `mfc run`) of every call's
 * checks. Rejects when it cannot listen.
 */
export async function listen(options: ListenOptions): Promise<ListenOutcome> {
  const redact = createRedactor(options.tokens);
  const results: CheckResult[] = [];
  let baseUrl = '';
  const receiver = await startReceiver({
    host: options.host,
    port: options.port,
    tokens: options.tokens,
    onDelivery(delivery) {
      results.push(...checkDelivery(delivery, redact, baseUrl));
      options.print(redact(lineOf(delivery)));
    },
  });
  baseUrl = receiver.url;
  options.print(`mfc webhooks listen: listening on ${receiver.url} (Ctrl-C to stop and write the report)`);
  const reason = await options.stop;
  await receiver.close();
  const report = buildReport(results);
  await writeReports(options.reportDir, report, { title: 'mfc webhooks listen report', secrets: options.tokens });
  options.print(`mfc webhooks listen: ${reason}; ${receiver.deliveries.length} call(s), ${report.summary.failed} failed check(s); report in ${options.reportDir}`);
  return { calls: receiver.deliveries.length, failed: report.summary.failed };
}
