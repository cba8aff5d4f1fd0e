import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AttemptOutcome } from './schedule.js';

/** One delivery attempt: the bytes to send and how long to wait for the answer. */
export interface Attempt {
  url: string;
  body: Buffer;
  headers: Record<string, string>;
  answerTimeoutMs: number;
  /**
   * The `webhooks-answer-wait-2s` fault: give up at the limit whatever is waiting to be read. Otherwise
   * an answer that reached this process in time is read before the limit is called, so a server too
   * busy to look does not take it for a timeout (the reference server runs beside whole test runs).
   */
  strictLimit?: boolean;
  /** The `webhooks-redirect-followed` fault: a 3xx with a Location is posted again there. */
  followRedirects?: boolean;
  signal: AbortSignal;
}

/**
 * POSTs once and reports the answer's status, a timeout or a failed connection. Redirects are not
 * followed (§6.3 point 3): a 3xx is an answer like any other; under `followRedirects` the post to
 * the Location is made before this resolves, so the delivery is not settled while it is on its way.
 * Resolves `undefined` when aborted.
 */
export function postOnce(attempt: Attempt): Promise<AttemptOutcome | undefined> {
  return new Promise((resolve) => {
    const url = new URL(attempt.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let outcome: AttemptOutcome | undefined;
    let answered = false;
    const request = send(url, {
      method: 'POST',
      headers: { ...attempt.headers, 'content-length': String(attempt.body.length) },
      // A fresh connection per attempt: a receiver that hung once must not hold the next attempt.
      agent: false,
      signal: attempt.signal,
    });
    const giveUp = (): void => {
      if (answered) return;
      outcome = { kind: 'timeout' };
      request.destroy(new Error('no answer in time'));
    };
    // setImmediate runs after the I/O already waiting has been read.
    const limit = () => setTimeout(() => (attempt.strictLimit ? giveUp() : setImmediate(giveUp)), attempt.answerTimeoutMs);
    // The wait for the answer starts once the request is sent (§6.3 point 3): a sender busy before it
    // wrote the request has not been waiting. Until then the same limit bounds the connection itself.
    let timer = limit();
    request.on('finish', () => {
      if (answered) return;
      clearTimeout(timer);
      timer = limit();
    });
    request.on('response', (response) => {
      answered = true;
      clearTimeout(timer);
      response.resume();
      const location = response.headers.location;
      const status = response.statusCode ?? 0;
      const answer: AttemptOutcome = { kind: 'answered', status };
      if (attempt.followRedirects && status >= 300 && status < 400 && location) {
        void postOnce({ ...attempt, url: new URL(location, url).href, followRedirects: false }).then(() => resolve(answer));
        return;
      }
      resolve(answer);
    });
    request.on('error', () => {
      clearTimeout(timer);
      resolve(attempt.signal.aborted ? undefined : (outcome ?? { kind: 'connection-failed' }));
    });
    request.end(attempt.body);
  });
}
