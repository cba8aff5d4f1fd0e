// "Did you mean" for a name a person mistyped: a command, a flag, a profile key. Only a name from the
// known list is ever shown, so a mistyped value that is really a token is never echoed back.

/** Levenshtein distance, case-insensitive: `allowWrite` → `allowWrites` is 1, `doctr` → `doctor` 1. */
export function editDistance(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  let previous = Array.from({ length: right.length + 1 }, (_, i) => i);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[right.length]!;
}

/**
 * The known name closest to `given`, when it is within a small edit distance (2, or 1 for names of
 * four letters or fewer, where 2 would match nearly anything); undefined otherwise.
 */
export function closestName(given: string, known: Iterable<string>): string | undefined {
  const limit = given.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const name of known) {
    const distance = editDistance(given, name);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** ` Did you mean "X"?` (formatted by `quote`), or '' when no known name is close. */
export function didYouMean(given: string, known: Iterable<string>, quote: (name: string) => string = (name) => `"${name}"`): string {
  const closest = closestName(given, known);
  return closest === undefined ? '' : ` Did you mean ${quote(closest)}?`;
}
