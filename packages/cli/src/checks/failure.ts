import { toCurl, type RecordedExchange } from '../http/index.js';
import type { FailureDetail } from './types.js';

/** The kinds of check failure; each has a stable code `MFC_CHECK_<KIND>`. */
export type FailureKind = 'expectation' | 'schema' | 'status-not-allowed' | 'unreachable' | 'error';

/** What a failure is built from: the rule broken, the values compared and the exchange that showed it. */
export interface FailureInput {
  kind?: FailureKind;
  title: string;
  expected: string;
  received: string;
  /** The exchange that showed the failure (the last one of a retried request). */
  exchange?: RecordedExchange;
}

// The message shows the start of a body; the report's exchange keeps more.
const MESSAGE_BODY_LIMIT = 500;

function truncate(text: string): string {
  return text.length <= MESSAGE_BODY_LIMIT ? text : `${text.slice(0, MESSAGE_BODY_LIMIT)}… (truncated)`;
}

/** Builds the message every failure reads the same way: title, Expected/Received, status and body, Reproduce with curl. */
export function formatFailure(input: FailureInput): string {
  const lines = [input.title, `Expected: ${input.expected}`, `Received: ${input.received}`];
  const exchange = input.exchange;
  if (exchange) {
    lines.push('');
    if (exchange.status === null) {
      lines.push(`${exchange.method} ${exchange.url}: ${exchange.error ?? 'no answer'}`);
    } else {
      lines.push(`Status: ${exchange.status}`);
      lines.push(`Body: ${exchange.responseBody === null || exchange.responseBody === '' ? '(empty)' : truncate(exchange.responseBody)}`);
    }
    lines.push('', 'Reproduce with:', `  ${toCurl(exchange)}`);
  }
  return lines.join('\n');
}

/** A check's structured failure (an error with a stable code): the runner reports it as expected vs. received with the exchange. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
  readonly code: string;
  readonly detail: FailureDetail;
  readonly exchanges: RecordedExchange[];

  constructor(input: FailureInput, exchanges: RecordedExchange[] = input.exchange ? [input.exchange] : []) {
    const message = formatFailure(input);
    super(message);
    this.code = `MFC_CHECK_${(input.kind ?? 'expectation').toUpperCase().replace(/-/g, '_')}`;
    this.detail = { code: this.code, title: input.title, expected: input.expected, received: input.received, message };
    this.exchanges = exchanges;
  }
}
