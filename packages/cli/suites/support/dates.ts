// Calendar dates relative to the run, for bodies that need one (§2: ISO 8601 dates).

/** A date `days` from today (UTC), as YYYY-MM-DD; negative days lie in the past. */
export function dateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
