import { safeLine } from '../text/terminal.js';

/** The one-line progress display on a terminal: checks done/total, the current check, requests used against the limit. */
export class Progress {
  #total = 0;
  #done = 0;
  #current = '';
  #requests = '';

  constructor(private readonly stream: NodeJS.WriteStream) {}

  /** Adds checks found in a newly collected file. */
  addTotal(count: number): void {
    // Files whose checks are all outside the selection change nothing on the line.
    if (count === 0) return;
    this.#total += count;
    this.#draw();
  }

  /** Names the check now running. */
  start(id: string): void {
    this.#current = id;
    this.#draw();
  }

  /** Counts a finished check and the rate-limit window it left behind. */
  finish(rateLimit?: { used: number; limit: number | undefined }): void {
    this.#done += 1;
    if (rateLimit) this.#requests = ` · requests ${rateLimit.used}/${rateLimit.limit ?? '?'} this minute`;
    this.#draw();
  }

  /** Clears the line before the summary is printed. */
  end(): void {
    this.stream.write('\r\x1b[2K');
  }

  #draw(): void {
    const columns = this.stream.columns ?? 100;
    // A check id may quote a target: no control character reaches the terminal.
    const line = safeLine(`[${this.#done}/${this.#total}] ${this.#current}${this.#requests}`);
    this.stream.write(`\r\x1b[2K${line.slice(0, columns - 1)}`);
  }
}

/** Whether progress belongs on this stream: a terminal, and not CI. */
export function wantsProgress(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(stream.isTTY) && env.CI !== 'true' && env.CI !== '1';
}
