// The one test file vitest runs for `mfc run`: it imports the run's check files in path order, so
// every check registers in this one file and the run's scheduler (src/checks/scheduler.ts) can run
// checks of different files side by side. A file that fails to import is reported as a failure of
// its own (`run.load.<file>`), never silently left out.
import { pathToFileURL } from 'node:url';
import { afterAll, inject, test } from 'vitest';
import { runSession } from '../checks/session.js';
import { loadFailureId } from './load-failure.js';

const run = inject('mfcRun');
// What checks shared (an order several of them read) is removed once every check is done.
afterAll(() => runSession(run).finish());
for (const file of run.files) {
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    test(loadFailureId(file, run.root), () => {
      throw error;
    });
  }
}
