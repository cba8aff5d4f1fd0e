// §8 headers on writes and error answers, and the announced maximum (suites/v{1,2}/rate-limit-answers.check.ts).

import type { FaultName } from '../../server/faults/index.js';
import type { CheckId } from './check-ids.js';

/** Fault name → ids of the rate-limit-answer checks that catch it. */
export const faultMap: Partial<Record<FaultName, CheckId[]>> = {
  'v1-rate-limit-headers-missing-on-422': ['v1.rate-limit.headers-on-writes-and-errors'],
  'v2-rate-limit-headers-missing-on-400': ['v2.rate-limit.headers-on-writes-and-errors'],
  'v1-rate-limit-max-default-100': ['v1.rate-limit.max-is-expected-limit'],
  'v2-rate-limit-max-default-100': ['v2.rate-limit.max-is-expected-limit'],
};
