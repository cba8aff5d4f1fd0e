/**
 * The reference server's retry schedule (§6.3 point 4, §8): 12 attempts, the 11 waits between
 * them growing from one minute to 3.5 hours, 43 680 s (about 12.1 hours) in all. §6.3 shows no
 * v2 retry policy; this server retries v2 the same way, and no check may rely on that.
 */
export const RETRY_DELAYS_MS: readonly number[] = [60, 120, 300, 600, 1_200, 1_800, 3_600, 5_400, 7_200, 10_800, 12_600].map(
  (seconds) => seconds * 1000,
);

/** §6.3 point 3: how long the service waits for a receiver's answer. */
export const ANSWER_LIMIT_MS = 5_000;

// The shortest answer limit a time scale brings. On a loaded machine (the fault matrix runs several full
// runs side by side on two cores, and another job may keep both cores busy) a receiver or sender thread
// has waited up to a second and more for the CPU, and the checks' margins are 2/5 of the limit: a slow
// answer (half of it) still comes 2 s before the limit, a retry that must not come is watched 1.6 s past
// its wait.
const MIN_ANSWER_LIMIT_MS = 4_000;

/**
 * How long this server waits for an answer at `timeScale`: the 5 s of §6.3 point 3 scaled as the
 * retry waits are, never below 4 s. The `--profile-out` profile's `webhooks.answerLimitMs`.
 */
export function answerLimitOf(timeScale: number): number {
  return Math.max(Math.round(ANSWER_LIMIT_MS * timeScale), MIN_ANSWER_LIMIT_MS);
}

/** The most attempts one delivery gets; 429 answers are counted apart from other failures. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** What one attempt came to: an answer with its status, no answer in time, or no connection. */
export type AttemptOutcome = { kind: 'answered'; status: number } | { kind: 'timeout' } | { kind: 'connection-failed' };

/** What the sender does next: stop (received or rejected), or retry, counting 429s separately. */
export type NextStep = 'received' | 'rejected' | 'retry' | 'retry-rate-limited';

/** The deviations of the retry rule a fault may switch on. */
export interface RetryDeviations {
  retry4xx: boolean;
  noRetry5xx: boolean;
  noRetry429: boolean;
  retry3xx: boolean;
  noRetryConnectionFailure: boolean;
  noRetryTimeout: boolean;
}

/** §6.3 points 3 and 4: any status below 400 is received; timeouts, failed connections, 5xx and 429 are retried; other 4xx are not. */
export function nextStep(outcome: AttemptOutcome, deviations: RetryDeviations): NextStep {
  if (outcome.kind === 'connection-failed' && deviations.noRetryConnectionFailure) return 'rejected';
  if (outcome.kind === 'timeout' && deviations.noRetryTimeout) return 'rejected';
  if (outcome.kind !== 'answered') return 'retry';
  const { status } = outcome;
  if (status >= 300 && status < 400 && deviations.retry3xx) return 'retry';
  if (status < 400) return 'received';
  if (status === 429) return deviations.noRetry429 ? 'rejected' : 'retry-rate-limited';
  if (status >= 500) return deviations.noRetry5xx ? 'rejected' : 'retry';
  return deviations.retry4xx ? 'retry' : 'rejected';
}
