// §8 headers on writes and error answers, and the announced maximum (suites/v{1,2}/rate-limit-answers.check.ts).

/** Fault name → ids of the rate-limit-answer checks that catch it. */
export const faultMap: Record<string, string[]> = {
  'v1-rate-limit-headers-missing-on-422': ['v1.rate-limit.headers-on-writes-and-errors'],
  'v2-rate-limit-headers-missing-on-400': ['v2.rate-limit.headers-on-writes-and-errors'],
  'v1-rate-limit-max-default-100': ['v1.rate-limit.max-is-expected-limit'],
  'v2-rate-limit-max-default-100': ['v2.rate-limit.max-is-expected-limit'],
};
