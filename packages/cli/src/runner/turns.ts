/**
 * Lets at most `width` holders in at once, the others in the order they asked: the runs of a batch
 * that go side by side in one worker (`RunBatch`). A few side by side keep the worker busy while each
 * waits (webhook answer limits, deliveries); many would delay each other's answers past those limits.
 */
export class Turns {
  readonly #waiting: Array<() => void> = [];
  #free: number;

  constructor(width: number) {
    this.#free = Math.max(1, width);
  }

  /** Resolves once a turn is free: hold it until `give`. */
  take(): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Hands the turn to the longest waiting, or frees it. */
  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free += 1;
  }
}
