import type { VariantDefinition } from './types.js';

/** Conditions of a shared, real deployment: other clients, latency and a clock that is not the client's (§8). */
export const variants = [
  { name: 'traffic-other-clients', section: '8', description: 'other clients use the same sales channel and merchant: X-Rate-Limit-Used grows by 2 to 4 per request of ours (at limits below 1000: by 2 on every fourth), the others taking at most a tenth of the limit per minute' },
  { name: 'traffic-slow-responses', section: '8', description: 'every answer takes 100 to 300 ms (deterministic pseudo-random delay)' },
  { name: 'traffic-clock-behind', section: '8', description: "the server's clock runs 2 minutes 7.5 seconds behind the client's: timestamps, the Date header and the rate-limit minutes follow it" },
  { name: 'traffic-v2-rolling-window', section: '8', description: "v2 counts a merchant's requests over the trailing 60 seconds instead of the calendar minute (a request leaves the count a minute after it came); Retry-After gives the seconds until the oldest one leaves", group: 'v2-window' },
  { name: 'traffic-v2-window-from-first-request', section: '8', description: "v2 counts a merchant's requests in fixed 60-second windows, each opened by the first request after the last one closed (a counter that expires a minute after it was made), instead of the calendar minute; a merchant's first request finds a window another client opened 57 s before, so windows close in the middle of calendar minutes; Retry-After gives the seconds until the window closes", group: 'v2-window' },
] as const satisfies readonly VariantDefinition[];
