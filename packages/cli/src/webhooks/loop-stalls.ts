// How long this thread's event loop stood still, recently: a receiver that answers at a chosen time
// (a slow answer, a refusal held a while) can tell when it was late for reasons of its own — a machine
// too busy to run it — rather than the sender's. A ticker notes every gap between its ticks longer than
// a few of them; the gaps of the last minute are kept.

/** How often the ticker looks; a gap past STALL_MS between two looks is a stall. */
const TICK_MS = 25;
const STALL_MS = 3 * TICK_MS;
/** Stalls older than this are forgotten: no answer is held longer. */
const KEPT_MS = 60_000;

/** A stall: when the loop got to run again, and how long it had not. */
interface Stall {
  endedAt: number;
  ms: number;
}

/** The recent stalls of this thread's event loop. */
export class LoopStalls {
  readonly #stalls: Stall[] = [];
  #last = performance.now();
  readonly #ticker: NodeJS.Timeout;

  constructor() {
    this.#ticker = setInterval(() => {
      const now = performance.now();
      const gap = now - this.#last - TICK_MS;
      this.#last = now;
      if (gap > STALL_MS) this.#stalls.push({ endedAt: Date.now(), ms: Math.round(gap) });
      while (this.#stalls.length > 0 && this.#stalls[0]!.endedAt < Date.now() - KEPT_MS) this.#stalls.shift();
    }, TICK_MS).unref();
  }

  /** The ms the loop stood still in stalls that ended between `from` and `to` (epoch ms), in all. */
  stalledBetween(from: number, to: number): number {
    return this.#stalls.filter((stall) => stall.endedAt >= from && stall.endedAt <= to).reduce((sum, stall) => sum + stall.ms, 0);
  }

  /** Stops the ticker. */
  stop(): void {
    clearInterval(this.#ticker);
  }
}
