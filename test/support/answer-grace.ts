// The webhook timings of the tests' reference server (server/index.ts). The suite runs dozens of full
// runs side by side on two cores, and under that load a thread has waited seconds for the CPU: the
// sender's (an answer that came in time read after its limit) or the run's receiver's (a call read
// seconds after it was sent). A deployment elsewhere shares none of the run's cores; these stand in for
// that, and every wait of the checks is a share of the stated limit (docs/ARCHITECTURE.md).

/**
 * The answer limit the server states in its profile (`webhooks.answerLimitMs`): 8 s, not the 4 s of the
 * time scale, so that the checks' margins (the slow answer at half of it, the early-giving-up fault at
 * 2/5, the retry windows at 2/5) are seconds wide.
 */
export const ANSWER_LIMIT_MS = 8_000;

/**
 * How much longer than it states the sender waits (`webhookAnswerGraceMs`): a sender that waits longer
 * than it says is still one whose stated limit a run may count on, and the fault that gives up early
 * (webhooks-answer-wait-2s) keeps to 2/5 of the stated limit, grace or not.
 */
export const ANSWER_GRACE_MS = 4_000;
