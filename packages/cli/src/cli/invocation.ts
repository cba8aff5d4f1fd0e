import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * How a person starts this CLI again from where they are: `mfc` when the first `mfc` on PATH is
 * this one (a global install, or node_modules/.bin on PATH in an npm script), else `npx mfc`, which
 * works in a project that depends on it and in a clone of this repository alike.
 */
export function cliName(entry: string = process.argv[1] ?? '', path: string = process.env.PATH ?? ''): 'mfc' | 'npx mfc' {
  let self: string;
  try {
    self = realpathSync(entry);
  } catch {
    return 'npx mfc';
  }
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'mfc');
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    // The shell runs the first one it finds.
    return realpathSync(candidate) === self ? 'mfc' : 'npx mfc';
  }
  return 'npx mfc';
}
