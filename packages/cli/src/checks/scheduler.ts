import type { WindowName } from './windows.js';

/**
 * What one check asks of the run before it starts: the rate-limit windows it spends (estimated
 * requests each), and what it must have to itself while it runs.
 */
export interface Demand {
  id: string;
  api: 'v1' | 'v2';
  /** Declaration order: earlier checks start first where nothing else decides. */
  order: number;
  /** Estimated requests per window (from the plan). */
  windows: ReadonlyMap<WindowName, number>;
  /**
   * `run`: no other check runs beside it (it compares reads of lists other checks add to).
   * `windows`: no other check uses a window of its version while it runs (it follows X-Rate-Limit-Used).
   */
  exclusive?: 'run' | 'windows';
  /** Named resources (fixtures it changes) that no other check holding them may use at the same time; taken in order. */
  resources?: readonly string[];
}

/** Whether a check spends a window of version `api` (window names start with their version). */
function usesVersion(demand: Demand, api: 'v1' | 'v2'): boolean {
  return demand.api === api || [...demand.windows.keys()].some((window) => window.startsWith(`${api} `));
}

/** Ends a check's hold on what it was admitted with. */
export type Release = () => void;

/** What the scheduler reads of the pacer: how many requests each window lets through now (undefined: no known limit). */
export interface WindowRoom {
  room(window: WindowName): number | undefined;
  /** Ms until the next calendar minute starts, when room comes back. */
  msUntilRoom(): number;
}

interface Pending {
  demand: Demand;
  admit: (release: Release) => void;
  refuse: (reason: string) => void;
}

interface Running {
  demand: Demand;
  /** Requests the check was estimated to need that it has not sent yet, per window. */
  reserved: Map<WindowName, number>;
}

/**
 * Starts checks in declaration order, several at a time, so that every rate-limit window stays busy
 * (§8: v1 per sales channel and v2 per merchant are separate windows) and none is overrun: a check
 * starts when each window it spends has room left this minute beyond what the running checks are
 * still expected to send; a check that follows the rate-limit arithmetic gets its windows to itself,
 * a check that compares list reads gets the run to itself, and checks sharing a fixture take it in turn.
 */
export class Scheduler {
  readonly #pending: Pending[] = [];
  readonly #running = new Set<Running>();
  readonly #concurrency: number;
  readonly #room: WindowRoom;
  #timer: NodeJS.Timeout | undefined;
  #stopped: string | undefined;

  constructor(options: { concurrency: number; room: WindowRoom }) {
    this.#concurrency = Math.max(1, options.concurrency);
    this.#room = options.room;
  }

  /** Resolves with a release once `demand` may start; rejects with the reason when the run stops first. */
  admit(demand: Demand): Promise<Release> {
    if (this.#stopped !== undefined) return Promise.reject(new Error(this.#stopped));
    return new Promise<Release>((admit, refuse) => {
      const pending: Pending = { demand, admit, refuse: (reason) => refuse(new Error(reason)) };
      const at = this.#pending.findIndex((other) => other.demand.order > demand.order);
      if (at === -1) this.#pending.push(pending);
      else this.#pending.splice(at, 0, pending);
      this.#pump();
    });
  }

  /** Counts a request a running check sent in `window`, against its reservation. */
  sent(id: string, window: WindowName): void {
    for (const running of this.#running) {
      if (running.demand.id !== id) continue;
      const left = running.reserved.get(window);
      if (left !== undefined && left > 0) running.reserved.set(window, left - 1);
    }
  }

  /** Refuses every check not yet started (the run stops): each ends with `reason`. */
  stop(reason: string): void {
    this.#stopped ??= reason;
    clearTimeout(this.#timer);
    for (const pending of this.#pending.splice(0)) pending.refuse(reason);
  }

  /** Checks running now, by id. */
  get running(): string[] {
    return [...this.#running].map((running) => running.demand.id);
  }

  #reservedIn(window: WindowName): number {
    let total = 0;
    for (const running of this.#running) total += running.reserved.get(window) ?? 0;
    return total;
  }

  /** Whether `demand` may start beside what runs now (budget aside). */
  #compatible(demand: Demand): boolean {
    if (this.#running.size === 0) return true;
    if (demand.exclusive === 'run') return false;
    for (const running of this.#running) {
      if (running.demand.exclusive === 'run') return false;
      if (demand.exclusive === 'windows' && usesVersion(running.demand, demand.api)) return false;
      if (running.demand.exclusive === 'windows' && usesVersion(demand, running.demand.api)) return false;
      if ((demand.resources ?? []).some((resource) => running.demand.resources?.includes(resource))) return false;
    }
    return true;
  }

  /** Whether each window `demand` spends has room beyond what running checks still hold. */
  #fits(demand: Demand): boolean {
    for (const window of demand.windows.keys()) {
      const room = this.#room.room(window);
      if (room !== undefined && room - this.#reservedIn(window) <= 0) return false;
    }
    return true;
  }

  #start(pending: Pending): void {
    const running: Running = { demand: pending.demand, reserved: new Map(pending.demand.windows) };
    this.#running.add(running);
    let released = false;
    pending.admit(() => {
      if (released) return;
      released = true;
      this.#running.delete(running);
      this.#pump();
    });
  }

  #pump(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    let waitingForRoom = false;
    // What an earlier check still waits for is not taken by a later one: a check that needs the run,
    // a window or a fixture to itself is not overtaken for ever.
    const claimed = { run: false, versions: new Set<'v1' | 'v2'>(), resources: new Set<string>() };
    for (const pending of [...this.#pending]) {
      if (this.#running.size >= this.#concurrency || claimed.run) break;
      const { demand } = pending;
      const blockedByEarlier = [...claimed.versions].some((api) => usesVersion(demand, api))
        || (demand.resources ?? []).some((resource) => claimed.resources.has(resource));
      const compatible = !blockedByEarlier && this.#compatible(demand);
      const fits = this.#fits(demand);
      if (compatible && (fits || this.#running.size === 0)) {
        this.#pending.splice(this.#pending.indexOf(pending), 1);
        this.#start(pending);
        continue;
      }
      if (compatible && !fits) waitingForRoom = true;
      if (demand.exclusive === 'run') claimed.run = true;
      if (demand.exclusive === 'windows') claimed.versions.add(demand.api);
      for (const resource of demand.resources ?? []) claimed.resources.add(resource);
    }
    // A check held back only for want of room starts when the windows' next minute gives it some.
    if (waitingForRoom && this.#stopped === undefined) {
      this.#timer = setTimeout(() => this.#pump(), Math.max(50, this.#room.msUntilRoom()));
      this.#timer.unref();
    }
  }
}
