import type { FaultDefinition } from './types.js';

/** Deviations of the §8 rate limit: the headers on every answer, the announced maximum, the 429 and its Retry-After, the calendar-minute window. */
export const faults = [
  { name: 'v1-rate-limit-no-used-header', section: '8', description: 'v1: responses lack the X-Rate-Limit-Used header' },
  { name: 'v2-rate-limit-no-used-header', section: '8', description: 'v2: responses lack the X-Rate-Limit-Used header' },
  { name: 'v1-rate-limit-no-max-header', section: '8', description: 'v1: responses lack the X-Rate-Limit-Max header' },
  { name: 'v2-rate-limit-no-max-header', section: '8', description: 'v2: responses lack the X-Rate-Limit-Max header' },
  { name: 'v1-rate-limit-headers-only-on-success', section: '8', description: 'v1: error responses (4xx, including 401, 404 and 429) lack both rate-limit headers' },
  { name: 'v2-rate-limit-headers-only-on-success', section: '8', description: 'v2: error responses (4xx, including 401, 404 and 429) lack both rate-limit headers' },
  { name: 'v1-rate-limit-used-off-by-one', section: '8', description: 'v1: X-Rate-Limit-Used does not count the request it answers (one too low)' },
  { name: 'v1-rate-limit-not-enforced', section: '8', description: 'v1: requests over the per-minute limit are served instead of answering 429' },
  { name: 'v2-rate-limit-not-enforced', section: '8', description: 'v2: requests over the per-minute limit are served instead of answering 429' },
  { name: 'v1-rate-limit-no-retry-after', section: '8', description: 'v1: the 429 answer lacks the Retry-After header' },
  { name: 'v1-rate-limit-retry-after-full-minute', section: '8', description: 'v1: Retry-After is always 60 instead of the seconds until the next calendar minute starts' },
  { name: 'v1-rate-limit-no-reset', section: '8', description: 'v1: the request count is not reset when the next calendar minute starts' },
  { name: 'v1-rate-limit-per-merchant', section: '8', description: 'v1: the limit is counted per merchant (shared by its sales channels) instead of per sales channel' },
  { name: 'v2-rate-limit-per-channel', section: '8', description: 'v2: the limit is counted per sales channel (per token) instead of per merchant' },
  { name: 'v1-rate-limit-headers-missing-on-422', section: '8', description: 'v1: 422 answers lack X-Rate-Limit-Used and X-Rate-Limit-Max' },
  { name: 'v2-rate-limit-headers-missing-on-400', section: '8', description: 'v2: 400 answers (malformed requests) lack X-Rate-Limit-Used and X-Rate-Limit-Max' },
  { name: 'v1-rate-limit-max-default-100', section: '8', description: "v1: X-Rate-Limit-Max announces the default 100 although the sales channel's limit is another" },
  { name: 'v2-rate-limit-max-default-100', section: '8', description: "v2: X-Rate-Limit-Max announces 100 although the merchant's limit is another" },
  { name: 'v1-rate-limit-used-not-counting', section: '8', description: 'v1: X-Rate-Limit-Used reads 0 on every answer: it counts no request' },
  { name: 'v2-rate-limit-used-not-counting', section: '8', description: 'v2: X-Rate-Limit-Used reads 0 on every answer: it counts no request' },
] as const satisfies readonly FaultDefinition[];
