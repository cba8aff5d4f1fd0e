// The one test file vitest runs for `mfc run`: each run of the vitest run (one for `mfc run`; the
// fault matrix runs several in one worker, a few side by side) is a `describe` named by its marker
// holding every check of its check files, in path order, so the run's scheduler
// (src/checks/scheduler.ts) can run checks of different files side by side. The registry imports
// each check file once per worker and keeps its declarations; every run registers them again. A
// file that fails to import is reported as a failure of its own (`run.load.<file>`), never silently left out.
import { relative } from 'node:path';
import { afterAll, beforeAll, describe, inject, test } from 'vitest';
import { registerCheck } from '../checks/check.js';
import { CheckFileError, checkDefinitions, type CheckDefinition } from '../checks/registry.js';
import { loadDispatcherFactory } from '../checks/dispatcher-module.js';
import { runSession } from '../checks/session.js';
import { loadFailureId } from './load-failure.js';
import { Turns } from './turns.js';

const runs = inject('mfcRuns');
// A run that brings its own dispatcher (RunOptions.dispatcherModule) has it made in this thread too.
// Imported from this file, which vitest transforms (the built toolkit is left to Node): a module in TypeScript loads.
for (const module of new Set(runs.flatMap((run) => (run.dispatcherModule === undefined ? [] : [run.dispatcherModule])))) await loadDispatcherFactory(module, (name) => import(name));
// The runs of one vitest run share their root; each registers the checks of its own files.
const { root } = runs[0]!;
const loaded = new Map<string, { definitions: CheckDefinition[] } | { error: unknown }>();
for (const file of new Set(runs.flatMap((run) => run.files))) {
  try {
    loaded.set(file, { definitions: await checkDefinitions(root, [relative(root, file)]) });
  } catch (error) {
    loaded.set(file, { error: error instanceof CheckFileError ? error.cause : error });
  }
}
// Each run has its own scheduler, client, session and target and spends most of its time waiting
// (webhook answer limits, deliveries): `mfcRunsAtOnce` of them go side by side, the others wait
// their turn in order.
const turns = new Turns(inject('mfcRunsAtOnce'));
for (const run of runs) {
  describe.concurrent(run.marker, () => {
    beforeAll(() => turns.take());
    // What checks shared (an order several of them read) is removed once every check of the run is done.
    afterAll(async () => {
      try {
        await runSession(run).finish();
      } finally {
        turns.give();
      }
    });
    for (const file of run.files) {
      const entry = loaded.get(file)!;
      if ('error' in entry) {
        test(loadFailureId(file, run.root), () => {
          throw entry.error;
        });
      } else {
        for (const { meta, body } of entry.definitions) registerCheck(meta, body, run);
      }
    }
  });
}
