import type { FaultDefinition } from './types.js';

/** Deviations of §8 "on every response" on answers the older rate-limit checks do not see, and of the announced maximum. */
export const faults = [
  { name: 'v1-rate-limit-headers-missing-on-422', section: '8', description: 'v1: 422 answers lack X-Rate-Limit-Used and X-Rate-Limit-Max' },
  { name: 'v2-rate-limit-headers-missing-on-400', section: '8', description: 'v2: 400 answers (malformed requests) lack X-Rate-Limit-Used and X-Rate-Limit-Max' },
  { name: 'v1-rate-limit-max-default-100', section: '8', description: "v1: X-Rate-Limit-Max announces the default 100 although the sales channel's limit is another" },
  { name: 'v2-rate-limit-max-default-100', section: '8', description: "v2: X-Rate-Limit-Max announces 100 although the merchant's limit is another" },
] as const satisfies readonly FaultDefinition[];
