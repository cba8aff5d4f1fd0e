import { relative, sep } from 'node:path';

const PREFIX = 'run.load.';

/** The id of the failure that stands for a check file that cannot be imported: `run.load.suites-v1-orders-check-ts`. */
export function loadFailureId(file: string, root: string): string {
  const name = relative(root, file).split(sep).join('/');
  return `${PREFIX}${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/** Whether a test of the run is the failure of a check file to load. */
export function isLoadFailure(id: string): boolean {
  return id.startsWith(PREFIX);
}
