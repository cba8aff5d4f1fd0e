import type { Delivery } from './delivery.js';

/**
 * How the receiver answers one delivery: a status (and body, headers such as a redirect's Location),
 * sent at once or `delayMs` later (a slow receiver, §6.3 point 3), no answer at all until it closes
 * (`'hang'`), or the connection closed unanswered (`'drop'`: a connection failure for the sender, §6.3
 * point 4).
 */
export type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | 'hang' | 'drop';

/** Chooses the answer to each delivery, so a check can provoke a retry or a rejection. */
export type Responder = (delivery: Delivery) => Answer | Promise<Answer>;

/**
 * The default answer: 204 to a call whose signature verifies and whose payload is valid, 401 to a
 * bad or missing signature (§6.3: receivers ignore those), 422 to a payload the schemas refuse.
 */
export const acknowledgeValid: Responder = (delivery) => {
  if (delivery.signature !== undefined && !delivery.signature.valid) return { status: 401, body: delivery.signature.message };
  if (delivery.event !== undefined && !delivery.event.ok) return { status: 422, body: 'payload does not match its schema' };
  return { status: 204 };
};

/**
 * Answers `answer` to the first delivery that matches, and leaves every other one (retries
 * included) to `otherwise`: how a check fails the first call of an event to see it retried.
 */
export function answerFirst(matches: (delivery: Delivery) => boolean, answer: Answer, otherwise: Responder = acknowledgeValid): Responder {
  let used = false;
  return (delivery) => {
    if (!used && matches(delivery)) {
      used = true;
      return answer;
    }
    return otherwise(delivery);
  };
}
