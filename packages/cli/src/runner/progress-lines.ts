import { safeLine } from '../text/terminal.js';
import { runningText, waitText, type ProgressSink } from './progress.js';

/** How often a line is written while checks run. */
const INTERVAL_MS = 5_000;

/**
 * Progress for a log rather than a terminal (CI, a pipe): a line every few seconds while something
 * changed, and a line at once whenever the run waits a second or more for the rate limit, so a
 * slow run never looks like a hung one.
 */
export class ProgressLines implements ProgressSink {
  #total = 0;
  #done = 0;
  #failed = 0;
  readonly #running = new Set<string>();
  #requests = '';
  #changed = false;
  readonly #timer: NodeJS.Timeout;

  constructor(private readonly stream: NodeJS.WritableStream, intervalMs = INTERVAL_MS) {
    this.#timer = setInterval(() => this.#tick(), intervalMs);
    this.#timer.unref();
  }

  addTotal(count: number): void {
    this.#total += count;
    this.#changed = true;
  }

  start(id: string): void {
    this.#running.add(id);
    this.#changed = true;
  }

  finish(id: string, rateLimit?: { used: number; limit: number | undefined }, failed = false): void {
    this.#running.delete(id);
    this.#done += 1;
    if (failed) this.#failed += 1;
    if (rateLimit) this.#requests = ` · rate limit ${rateLimit.used}/${rateLimit.limit ?? '?'} this minute`;
    this.#changed = true;
  }

  wait(waitMs: number, reason: string): void {
    if (waitMs >= 1000) this.stream.write(`mfc run: ${safeLine(waitText(waitMs, reason))}\n`);
  }

  end(): void {
    clearInterval(this.#timer);
  }

  #tick(): void {
    if (!this.#changed) return;
    this.#changed = false;
    const failed = this.#failed > 0 ? `, ${this.#failed} failed` : '';
    this.stream.write(`mfc run: ${safeLine(`${this.#done}/${this.#total} checks done${failed}${runningText(this.#running)}${this.#requests}`)}\n`);
  }
}
