// `mfc webhooks listen --forward URL`: each call goes on to the application, byte for byte with its
// signature and event id, and the deployment gets the application's answer; how long the application
// took is judged on the integration's side (§6.3 point 3, `webhookAnswerProblem`).
import { request } from 'undici';
import type { ReceiverAnswer } from '../judgements/index.js';
import type { Answer, Delivery, Responder } from '../webhooks/index.js';

// Longer than the service waits, so a late answer is measured rather than cut off; the deployment
// itself gave up at its own limit.
const FORWARD_TIMEOUT_MS = 30_000;
// The headers a webhook call carries that the application reads (§6.3), passed on as they came.
const PASSED_HEADERS = ['content-type', 'x-service-signature', 'x-service-event-id', 'user-agent'];

/** A responder that forwards each call to `base` + the call's path and answers what the application answered; `onAnswer` hears how it went. */
export function forwardingResponder(base: string, onAnswer: (delivery: Delivery, answer: ReceiverAnswer) => void): Responder {
  const root = base.replace(/\/$/, '');
  return async (delivery): Promise<Answer> => {
    const headers: Record<string, string> = {};
    for (const name of PASSED_HEADERS) {
      const value = delivery.headers[name];
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const started = performance.now();
    try {
      const answer = await request(`${root}${delivery.path}`, {
        method: 'POST', headers, body: delivery.rawBody, headersTimeout: FORWARD_TIMEOUT_MS, bodyTimeout: FORWARD_TIMEOUT_MS,
      });
      const body = await answer.body.text();
      onAnswer(delivery, { status: answer.statusCode, durationMs: performance.now() - started });
      const contentType = answer.headers['content-type'];
      return { status: answer.statusCode, body, ...(typeof contentType === 'string' ? { headers: { 'content-type': contentType } } : {}) };
    } catch (error) {
      onAnswer(delivery, { error: (error as NodeJS.ErrnoException).code ?? (error as Error).message, durationMs: performance.now() - started });
      // The deployment retries a 5xx (§6.3 point 4), as it would have when the application failed it.
      return { status: 502, body: 'mfc webhooks listen: the application did not answer' };
    }
  };
}
