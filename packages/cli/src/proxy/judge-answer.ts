// The deployment's side of one answer: the documents (status listed, body schema, §7 error body:
// the run's own `judgeResponse`, each breach named by the check that owns it), the §8 headers, and
// the 429's Retry-After. The rules that need more than one exchange live in conversation.ts.
import { judgeResponse, NOT_JSON, STATUS_POINTER } from '../checks/validation.js';
import type { SchemaViolation } from '../checks/types.js';
import {
  ownerAmong, rateHeaderCount, rateHeaderProblem, retryAfterProblem, servedOverLimitProblem, type SchemaOwnerId,
} from '../judgements/index.js';
import type { ProxyExchange } from './exchange.js';
import { judged, kept, type Judgement } from './findings.js';

// The Date header has whole seconds and the answer takes its time to arrive (as the run's check allows).
const CLOCK_TOLERANCE_S = 1;
const MINUTE_MS = 60_000;

/** What the answer judgements need besides the exchange. */
export interface AnswerContext {
  /** The limit the profile expects (`rateLimit.perMinute`), when it gives one. */
  perMinute?: number;
}

function schemaJudgements(exchange: ProxyExchange & { api: 'v1' | 'v2'; status: number }): Judgement[] {
  const operation = exchange.operation!;
  const jsonAnswer = (exchange.responseHeaders['content-type'] ?? '').includes('json') || exchange.responseJson !== undefined;
  const body = exchange.responseText.trim() === '' ? undefined : exchange.responseJson === undefined && jsonAnswer ? NOT_JSON : exchange.responseJson;
  // The run records the whole exchange with a violation; the proxy's findings carry their own record.
  const stub = { method: exchange.method, url: exchange.path, requestHeaders: {}, requestBody: null, status: exchange.status, responseHeaders: {}, responseBody: null, durationMs: 0 };
  const judgement = judgeResponse(exchange.api, exchange.method, exchange.path, exchange.status, body, stub);
  const violations: SchemaViolation[] = judgement.kind === 'ok' ? [] : judgement.kind === 'violations' ? judgement.violations : [judgement.violation];
  const isError = exchange.status >= 400;
  const owners = new Map<SchemaOwnerId, string[]>();
  // Every owner whose kind of answer this is has judged it, broken or not.
  const defaultOwner = ownerAmong({ api: exchange.api, operation: operation.key, status: exchange.status, pointer: isError ? STATUS_POINTER : '' }) as SchemaOwnerId | undefined;
  if (defaultOwner !== undefined) owners.set(defaultOwner, []);
  for (const violation of violations) {
    const owner = ownerAmong(violation) as SchemaOwnerId | undefined;
    if (owner === undefined) continue;
    owners.set(owner, [...(owners.get(owner) ?? []), violation.message]);
  }
  return [...owners].map(([owner, messages]) => messages.length === 0 ? kept(owner) : judged(owner, {
    title: `${exchange.api} ${operation.key} answered ${exchange.status} with a body its schema does not allow (§${operation.section})`,
    expected: 'an answer valid for its operation and status, as the specification gives its fields',
    received: messages.join('; '),
  }));
}

/** Seconds from the answer's Date (else `fallbackMs`) to the next calendar minute, plus the clock's tolerance. */
function retryAfterBound(exchange: ProxyExchange): number {
  const date = Date.parse(exchange.responseHeaders.date ?? '');
  const at = Number.isNaN(date) ? exchange.answeredAt : date;
  return (MINUTE_MS - (at % MINUTE_MS)) / 1000 + CLOCK_TOLERANCE_S;
}

/** The answer's own rules: nothing here needs an earlier exchange. */
export function judgeAnswer(exchange: ProxyExchange, context: AnswerContext): Judgement[] {
  const { api, status } = exchange;
  if (api === undefined || status === null || exchange.operation === undefined) return [];
  const answer = `${exchange.method} ${exchange.path} (status ${status})`;
  const judgements = schemaJudgements({ ...exchange, api, status });
  const headers = exchange.responseHeaders;
  judgements.push(judged(`${api}.rate-limit.headers-on-every-response`, rateHeaderProblem(headers, 'X-Rate-Limit-Used', answer) ?? rateHeaderProblem(headers, 'X-Rate-Limit-Max', answer)));
  const max = rateHeaderCount(headers, 'X-Rate-Limit-Max');
  if (context.perMinute !== undefined && max !== undefined) {
    judgements.push(judged(`${api}.rate-limit.max-is-expected-limit`, max === context.perMinute ? undefined : {
      title: 'X-Rate-Limit-Max is the maximum requests per minute (§8), which the profile gives as rateLimit.perMinute',
      expected: context.perMinute,
      received: max,
    }));
  }
  const overLimitRule = api === 'v1' ? 'v1.rate-limit.429-retry-after-and-reset' : 'v2.rate-limit.429-retry-after';
  if (status === 429) judgements.push(judged(overLimitRule, retryAfterProblem(api, headers, api === 'v1' ? retryAfterBound(exchange) : undefined)));
  else {
    const over = servedOverLimitProblem(status, headers);
    if (over !== undefined) judgements.push(judged(overLimitRule, over));
  }
  return judgements;
}
