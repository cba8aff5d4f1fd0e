// Lists may trail writes. §4.1 and §4.2 say nothing of when a write shows in a list, and many
// deployments list from a replica or a search index that catches up a second or two later, while a
// read by id sees the write at once. A check that needs its own writes in a list reads the list again,
// with growing pauses, until they show or the bound has passed, and notes in its result how long it
// waited: a list that never shows them is still caught, and a wait is never silent.
import type { CheckContext } from '../../src/checks/index.js';

/** The longest a check waits for a list to show what it wrote, in ms. */
export const LIST_CATCH_UP_MS = 10_000;

// The pauses between reads, growing so a list a second behind costs two or three reads more, and
// summing to LIST_CATCH_UP_MS: eight reads at most. Each read is paced within the rate budget like any other.
const PAUSES_MS = [250, 500, 1_000, 1_500, 2_000, 2_250, 2_500];

/** The answer of a list read once it `shows` what the check wrote, or the last one read within the bound; `shown` says which. */
export interface CaughtUp<T> {
  answer: T;
  shown: boolean;
}

/**
 * Reads a list with `read` until `shows` holds of the answer, at most LIST_CATCH_UP_MS after the first
 * read. A wait is noted in the check's result (`what` says what it waited for: "GET /orders to list the
 * 3 orders just created"), and so is a list that never showed it.
 */
export async function awaitListed<T>(t: CheckContext, what: string, read: () => Promise<T>, shows: (answer: T) => boolean): Promise<CaughtUp<T>> {
  const started = performance.now();
  let answer = await read();
  let reads = 1;
  for (const pause of PAUSES_MS) {
    if (shows(answer)) break;
    await new Promise((resolve) => setTimeout(resolve, pause));
    answer = await read();
    reads += 1;
  }
  const shown = shows(answer);
  if (reads > 1) {
    const waited = `${((performance.now() - started) / 1000).toFixed(1)} s (${reads - 1} more read${reads === 2 ? '' : 's'})`;
    t.note(shown ? `waited ${waited} for ${what}` : `waited ${waited} for ${what}, in vain: it never did within ${LIST_CATCH_UP_MS / 1000} s`);
  }
  return { answer, shown };
}
