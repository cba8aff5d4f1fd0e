/** Drives the conformance checks through vitest and collects their results (the engine of `mfc run`). */
export { runChecks } from './run.js';
export type { RunOutcome } from './run.js';
export { defaults } from './options.js';
export type { RunOptions } from './options.js';
export { RunRefusedError, assertWritesAllowed } from './safety.js';
export { REACHABILITY_CHECK_ID, preflight } from './preflight.js';
export { ResultCollector } from './collector.js';
export { RunBatch } from './vitest.js';
export { Progress, wantsProgress } from './progress.js';
