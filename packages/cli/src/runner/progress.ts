import { safeLine } from '../text/terminal.js';

/** What the runner tells a progress display as the run goes. */
export interface ProgressSink {
  /** Adds selected checks to the total (all of them at once: the run's one test file collects every check). */
  addTotal(count: number): void;
  /** A check started (the scheduler admitted it). */
  start(id: string): void;
  /** Counts a finished check, whether it failed, and the rate-limit window it left behind. */
  finish(id: string, rateLimit?: { used: number; limit: number | undefined }, failed?: boolean): void;
  /** The run waits this long for the rate limit, for this reason. */
  wait(waitMs: number, reason: string): void;
  /** The run is over. */
  end(): void;
}

/** The checks running now, as a progress line names them: the first started, and how many more. */
export function runningText(running: ReadonlySet<string>): string {
  const [first] = running;
  if (first === undefined) return '';
  return ` · running ${first}${running.size > 1 ? ` and ${running.size - 1} more` : ''}`;
}

/** How a wait reads on a progress display: `waiting 42 s for v1 primary (50/100 used this minute, 50 by this run)`. */
export function waitText(waitMs: number, reason: string): string {
  const seconds = Math.ceil(waitMs / 1000);
  return reason.startsWith('429') ? `waiting ${seconds} s as asked by a ${reason}` : `waiting ${seconds} s for ${reason}`;
}

/** The one-line progress display on a terminal: checks done/total, the checks running, requests used against the limit. */
export class Progress implements ProgressSink {
  #total = 0;
  #done = 0;
  readonly #running = new Set<string>();
  #requests = '';
  #waiting = '';

  constructor(private readonly stream: NodeJS.WriteStream) {}

  /** Adds checks found in a newly collected file. */
  addTotal(count: number): void {
    // Files whose checks are all outside the selection change nothing on the line.
    if (count === 0) return;
    this.#total += count;
    this.#draw();
  }

  /** Shows a check as running. */
  start(id: string): void {
    this.#running.add(id);
    this.#waiting = '';
    this.#draw();
  }

  /** Counts a finished check and the rate-limit window it left behind. */
  finish(id: string, rateLimit?: { used: number; limit: number | undefined }): void {
    this.#running.delete(id);
    this.#done += 1;
    if (rateLimit) this.#requests = ` · rate limit ${rateLimit.used}/${rateLimit.limit ?? '?'} this minute`;
    this.#draw();
  }

  /** Shows a wait of a second or more on the line, until the next check starts. */
  wait(waitMs: number, reason: string): void {
    if (waitMs < 1000) return;
    this.#waiting = ` · ${waitText(waitMs, reason)}`;
    this.#draw();
  }

  /** Clears the line before the summary is printed. */
  end(): void {
    this.stream.write('\r\x1b[2K');
  }

  #draw(): void {
    const columns = this.stream.columns ?? 100;
    // A check id or a wait's reason may quote a target (a Retry-After value): no control character reaches the terminal.
    const line = safeLine(`[${this.#done}/${this.#total}]${runningText(this.#running)}${this.#requests}${this.#waiting}`);
    this.stream.write(`\r\x1b[2K${line.slice(0, columns - 1)}`);
  }
}

/** Whether progress belongs on this stream: a terminal, and not CI. */
export function wantsProgress(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(stream.isTTY) && env.CI !== 'true' && env.CI !== '1';
}
