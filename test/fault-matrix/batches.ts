// Runs share one vitest run and worker (`RunBatch`): a new one costs about 0.4 s of CPU, and a run in a
// new worker starts its code cold, twice the CPU of a run in a warm one. A batch starts once all its
// members have joined: members are consecutive tests, which vitest starts together (it starts a file's
// `describe.concurrent` tests in order, a number at a time: vitest.config.ts), so a batch never waits
// for a test vitest holds back behind it.
import { RunBatch } from './built.js';

export type Batch = InstanceType<typeof RunBatch>;

/** The batch of each key, `size` consecutive keys to a batch, `runsAtOnce` of them side by side; keys not in `keys` get none (they run alone). */
export function consecutiveBatches(keys: readonly string[], size: number, runsAtOnce: number): Map<string, Batch> {
  const batches = new Map<string, Batch>();
  for (let start = 0; start < keys.length; start += size) {
    const members = keys.slice(start, start + size);
    const batch = new RunBatch(members.length, runsAtOnce);
    for (const key of members) batches.set(key, batch);
  }
  return batches;
}
