import fc from 'fast-check';

/** A created_at bound (§4.1, §4.2) placed exactly on the timestamp of record number `index`. */
export interface Bound {
  op: 'gt' | 'gte' | 'lt' | 'lte';
  index: number;
}

/** A created_at window: a lower bound always (so only records of the run can fall inside), an upper one maybe. */
export interface Window {
  lower: Bound;
  upper: Bound | undefined;
}

/**
 * A `limit` as a client might send it: the edges §4.1 and §8 name (1, 100, 101, far above), 0 and
 * non-numeric text (whose handling is not shown), and ordinary sizes.
 */
export const limitArb: fc.Arbitrary<number | string> = fc.oneof(
  { weight: 2, arbitrary: fc.integer({ min: 2, max: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom<number | string>(1, 100, 101, 1_000_000_000) },
  { weight: 1, arbitrary: fc.constantFrom<number | string>(0, -3, 'ten', '2.5', '') },
);

/** A v2 limit to walk with: §8 shows no default or maximum, so sizes stay small; 1 (a page per record) is drawn less, as it costs most. */
export const walkLimitArb = fc.oneof({ weight: 1, arbitrary: fc.constant(1) }, { weight: 4, arbitrary: fc.integer({ min: 2, max: 12 }) });

/** A page size small enough that the run's own records span several pages. */
export const spanningLimitArb = fc.integer({ min: 3, max: 9 });

/** A window whose bounds sit on the timestamps of `count` records (indices 0 … count-1, oldest first). */
export function windowArb(count: number): fc.Arbitrary<Window> {
  const index = fc.integer({ min: 0, max: count - 1 });
  return fc.record({
    lower: fc.record({ op: fc.constantFrom<'gt' | 'gte'>('gte', 'gt'), index }, { noNullPrototype: true }),
    upper: fc.option(fc.record({ op: fc.constantFrom<'lt' | 'lte'>('lte', 'lt'), index }, { noNullPrototype: true }), { nil: undefined }),
  }, { noNullPrototype: true });
}

/**
 * Whether record number `index` lies inside the window (timestamps strictly increase with the index).
 * `receivedLater(i)` says record i was received a moment after the time written for it (a service may
 * keep times finer than it writes them): [gt] at its own time then lists it, and [lte] does not.
 */
export function insideWindow(window: Window, index: number, receivedLater: (index: number) => boolean = () => false): boolean {
  const { lower, upper } = window;
  const aboveLower = lower.op === 'gt' ? index > lower.index || (index === lower.index && receivedLater(index)) : index >= lower.index;
  if (!upper) return aboveLower;
  return aboveLower && (upper.op === 'lt' ? index < upper.index : index < upper.index || (index === upper.index && !receivedLater(index)));
}

/**
 * Every set of record indices (0 … count-1) the window may select, one per way the records on its
 * [gt] and [lte] bounds may have been received (at their written time or a moment after); at most four.
 */
export function windowSelections(window: Window, count: number): number[][] {
  const open = [...new Set([window.lower.op === 'gt' ? window.lower.index : -1, window.upper?.op === 'lte' ? window.upper.index : -1])].filter((i) => i >= 0);
  const selections = new Map<string, number[]>();
  for (let mask = 0; mask < 1 << open.length; mask++) {
    const later = (index: number) => open.some((i, bit) => i === index && (mask & (1 << bit)) !== 0);
    const selected = Array.from({ length: count }, (_, i) => i).filter((i) => insideWindow(window, i, later));
    selections.set(selected.join(','), selected);
  }
  return [...selections.values()];
}

/** The query of a window, given each record's timestamp. */
export function windowQuery(window: Window, timestamps: readonly string[]): Record<string, string> {
  const query: Record<string, string> = { [`created_at[${window.lower.op}]`]: timestamps[window.lower.index] ?? '' };
  if (window.upper) query[`created_at[${window.upper.op}]`] = timestamps[window.upper.index] ?? '';
  return query;
}
