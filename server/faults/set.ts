/** The faults switched on for one server: a deviation applies only where the code asks `has(name)`. */
export class Faults {
  private readonly active: ReadonlySet<string>;

  constructor(names: Iterable<string> = []) {
    this.active = new Set(names);
  }

  /** Whether the named fault is switched on. */
  has(name: string): boolean {
    return this.active.has(name);
  }

  /** The switched-on names, for the webhook dispatcher. */
  names(): ReadonlySet<string> {
    return this.active;
  }
}
