/** The variants switched on for one server: a legal alternative applies only where the code asks `has(name)`. */
export class Variants {
  private readonly active: ReadonlySet<string>;

  constructor(names: Iterable<string> = []) {
    this.active = new Set(names);
  }

  /** Whether the named variant is switched on. */
  has(name: string): boolean {
    return this.active.has(name);
  }

  /** The switched-on names. */
  names(): ReadonlySet<string> {
    return this.active;
  }
}
