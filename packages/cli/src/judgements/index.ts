// One judgement per rule, many callers: what one answer or request shows about a stated rule, as a
// function of that exchange. `mfc run`'s checks, `mfc proxy` and `mfc webhooks listen` call these.
export type { AnswerHeaders, Verdict } from './verdict.js';
export { rateHeaderCount, rateHeaderProblem, retryAfterProblem, servedOverLimitProblem } from './rate-limit.js';
export type { RateHeaderName } from './rate-limit.js';
export { existingIdProblem } from './orders.js';
export { pageCountProblem } from './pagination.js';
export { ownerAmong, SCHEMA_OWNERS, scopeSpecificity } from './schema-owners.js';
export type { AnswerScope, OwnedBreach, SchemaOwnerId } from './schema-owners.js';
export { WEBHOOK_ANSWER_LIMIT_MS, webhookAnswerProblem } from './webhooks.js';
export type { ReceiverAnswer } from './webhooks.js';
