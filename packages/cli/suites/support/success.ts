// Writes a check builds on. Where the specification states the success of a valid request (v1 POST
// /orders 201, restocking create 201, …) a check asserts it with t.expectStatus; where it does not
// (the exact code, the body, which states permit a cancel, which fields a shape requires), a refusal
// of the run's request is the service's choice: the check's premise is not offered, and it skips.
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';

/** `status 422: {"errors":…}`: the service's answer, short enough for a skip reason or a failure line. */
export function answerExcerpt(response: ApiResponse): string {
  const text = response.text.replace(/\s+/g, ' ').trim();
  return `status ${response.status}${text === '' ? ', empty body' : `: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`}`;
}

/** Fails the check unless the answer's status is a 2xx (the exact code is not shown). */
export function expectSuccess(t: CheckContext, response: ApiResponse, what: string): void {
  if (response.status >= 200 && response.status < 300) return;
  t.fail({ title: what, expected: 'a 2xx status (the exact code is not shown)', received: `status ${response.status}`, response });
}

/**
 * The premise "this write succeeds", where the specification does not state that it must: a 4xx skips
 * the check with the service's answer in the reason; anything else but a 2xx (a 5xx, a redirect) fails it.
 */
export function requireSuccess(t: CheckContext, response: ApiResponse, what: string): void {
  if (response.status >= 400 && response.status < 500) {
    t.skip(`${what}: the service refused it (${answerExcerpt(response)}), which the specification does not forbid, so the check's premise is not offered`);
  }
  expectSuccess(t, response, what);
}
