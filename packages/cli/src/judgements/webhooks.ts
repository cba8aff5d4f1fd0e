// §6.3 point 3 and §8: the service waits 5 seconds for a receiver's answer, and any status below 400
// counts as received. Judged on a receiver's answer: the application's, when `mfc webhooks listen`
// forwards the deployment's calls to it.
import type { Verdict } from './verdict.js';

/** The answer time §8 states for webhook receivers, in ms. */
export const WEBHOOK_ANSWER_LIMIT_MS = 5_000;

/** A receiver's answer to one call: its status and how long it took, or why none came. */
export type ReceiverAnswer = { status: number; durationMs: number } | { error: string; durationMs: number };

/** What fails a receiver's answer that came too late or not at all, or undefined when it came within `limitMs`. */
export function webhookAnswerProblem(answer: ReceiverAnswer, limitMs = WEBHOOK_ANSWER_LIMIT_MS): Verdict | undefined {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(3)} s`;
  if ('error' in answer) return { title: 'The receiver did not answer the webhook call (§6.3: the service waits 5 seconds, then retries)', expected: `an answer within ${seconds(limitMs)}`, received: `no answer after ${seconds(answer.durationMs)}: ${answer.error}` };
  if (answer.durationMs <= limitMs) return undefined;
  return { title: 'The receiver answered the webhook call after the service stops waiting (§6.3, §8: 5 seconds)', expected: `an answer within ${seconds(limitMs)}`, received: `status ${answer.status} after ${seconds(answer.durationMs)}` };
}
