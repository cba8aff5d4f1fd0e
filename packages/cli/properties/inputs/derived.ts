// What one schema allows and forbids, as fast-check arbitraries (hypothesis-jsonschema's idea: each
// keyword becomes a strategy). Every value has a `plain` form, an ordinary valid value that every
// arbitrary here shrinks back to first: a failing case shrinks towards the plain body, and what still
// differs from it is what made the difference.
import fc from 'fast-check';

/** Stands for a property left out of an object (and for a break that removes one). */
export const ABSENT: unique symbol = Symbol('absent');

/** One way to break exactly one stated constraint at `pointer` (relative to the value it was derived for). */
export interface Break {
  pointer: string;
  /** The JSON Schema keyword the documents' validators name for it (`type`, `minimum`, `format`, `pattern`, `enum`, `required`, `anyOf`, `minLength`). */
  keyword: string;
  /** The value put there instead, or `ABSENT` to leave the property out; a function changes what is there. */
  value: fc.Arbitrary<unknown>;
  /** The values `value` draws from, where they are a list (a query keeps those it can carry). */
  values?: readonly unknown[];
  /** Changes what the value holds at `pointer` rather than replacing it (an anyOf break drops the alternatives' properties). */
  change?: (current: unknown) => unknown;
}

/** What a schema allows and forbids at one place of a body. */
export interface Derived {
  /** The ordinary valid value: what the plain body holds here and what shrinking returns to. */
  plain: unknown;
  /** The plain value with every optional property present (at its plain value): where a break fills in what a drawn body left out. */
  full: unknown;
  /** Any valid value within the range every service must accept (texts of ordinary length, a few items). */
  valid: fc.Arbitrary<unknown>;
  /** A valid value at an edge the documents state (0, 1, int32, empty, full Unicode, every spelling, null, empty and one-item arrays). */
  boundary: fc.Arbitrary<unknown>;
  /**
   * A valid value past what §8 leaves open (long texts, many items, integers without a stated bound far
   * out), which a service may refuse with a 4xx; absent where the schema has no such limit.
   */
  limits?: fc.Arbitrary<unknown>;
  /** The ways to break one stated constraint here. */
  breaks: Break[];
  /** Whether the schema allows null here (a property's null is drawn by its object). */
  nullable: boolean;
}

/** Valid values: the plain one now and then, else `arb`; shrinks to the plain value first. */
export function validOneof(plain: unknown, arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(plain), weight: 1 }, { arbitrary: arb, weight: 3 });
}

// The context of a value shrunk to the plain one: nothing is left to shrink.
const PLAIN = Symbol('plain');

/**
 * One of `arbs`, never the plain value, shrinking to the plain value first, then within the arbitrary
 * it came from. (fast-check's oneof shrinks to its first arbitrary only when it may also draw from it.)
 */
class EdgeArbitrary extends fc.Arbitrary<unknown> {
  constructor(private readonly plain: unknown, private readonly arbs: readonly fc.Arbitrary<unknown>[]) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<unknown> {
    const index = mrng.nextInt(0, this.arbs.length - 1);
    const drawn = this.arbs[index]!.generate(mrng, biasFactor);
    return new fc.Value(drawn.value, { index, inner: drawn.context });
  }

  canShrinkWithoutContext(value: unknown): value is unknown {
    return false;
  }

  shrink(value: unknown, context: unknown): fc.Stream<fc.Value<unknown>> {
    if (context === undefined || context === PLAIN) return fc.Stream.nil();
    const { index, inner } = context as { index: number; inner: unknown };
    const within = this.arbs[index]!.shrink(value, inner).map((shrunk) => new fc.Value(shrunk.value, { index, inner: shrunk.context }));
    return fc.Stream.of(new fc.Value(this.plain, PLAIN)).join(within);
  }
}

/** One of `arbs`, never the plain value, shrinking to the plain value first. */
export function edgeOneof(plain: unknown, arbs: readonly fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> {
  return arbs.length === 0 ? fc.constant(plain) : new EdgeArbitrary(plain, arbs);
}

/** One of the `edges`, never the plain value; shrinks to the plain value. */
export function edgeFrom(plain: unknown, edges: readonly unknown[]): fc.Arbitrary<unknown> {
  const others = edges.filter((edge) => JSON.stringify(edge) !== JSON.stringify(plain));
  return others.length === 0 ? fc.constant(plain) : edgeOneof(plain, [fc.constantFrom(...others)]);
}

/** A break that puts one of `values` at `pointer`. */
export function breakWith(pointer: string, keyword: string, values: readonly unknown[]): Break {
  return { pointer, keyword, value: fc.constantFrom(...values), values };
}

/** `derived`'s breaks, their pointers under `prefix`. */
export function breaksUnder(prefix: string, breaks: readonly Break[]): Break[] {
  return breaks.map((entry) => ({ ...entry, pointer: `${prefix}${entry.pointer}` }));
}
