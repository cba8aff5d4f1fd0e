import type { Variants } from './variants/index.js';

// The traffic variants' deterministic pseudo-random numbers: a multiplicative hash of a counter,
// so two runs against the same start see the same delays and the same jumps.
function hash(n: number): number {
  return Math.imul(n + 1, 2654435761) >>> 0;
}

/** traffic-slow-responses: how long the `n`th answer waits, 100 to 300 ms. */
export function latencyMs(n: number): number {
  return 100 + (hash(n) % 201);
}

/**
 * traffic-other-clients: requests other clients send on the same channel or merchant after the `n`th
 * of ours, taking no more than a tenth of `max` in a minute (`usedByOthers` so far), so they never
 * cause a 429 on their own: 1 to 3 at limits of 1000 and more, else 1 after every fourth request.
 */
export function phantomRequests(variants: Variants, n: number, max: number, usedByOthers: number): number {
  if (!variants.has('traffic-other-clients')) return 0;
  const wanted = max >= 1000 ? 1 + (hash(n) % 3) : n % 4 === 3 ? 1 : 0;
  return Math.max(0, Math.min(wanted, Math.floor(max / 10) - usedByOthers));
}

/** traffic-clock-behind: how far the server's clock is behind the client's. */
export const clockBehindMs = 127_500;
