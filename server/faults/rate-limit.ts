import type { FaultDefinition } from './types.js';

/** Deviations of the §8 rate limit: the headers, the 429 and its Retry-After, the calendar-minute window. */
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
] as const satisfies readonly FaultDefinition[];
