/**
 * The switches turned on for one server, faults or variants: a switch acts only where the code asks
 * `has(name)`, and `Name` is the union of the names that exist, so a misspelt name does not compile.
 */
export class Switches<Name extends string> {
  private readonly active: ReadonlySet<Name>;

  constructor(names: Iterable<Name> = []) {
    this.active = new Set(names);
  }

  /** Whether the named switch is on. */
  has(name: Name): boolean {
    return this.active.has(name);
  }

  /** The names switched on, for the webhook dispatcher. */
  names(): ReadonlySet<Name> {
    return this.active;
  }
}

// The names come from definitions declared `as const`; one area declared without it widens its names
// to string, and then the union would let any name through. Literal turns that into never instead, so
// every has() call and every catalogue stops compiling until the area is fixed.
/** `T` when it is a union of string literals, else never. */
export type Literal<T extends string> = string extends T ? never : T;
