import { readFileSync } from 'node:fs';

// Where package.json sits from this module: one level up in the sources (src/), two in the build
// (dist/src/), which the package runs. At the top of src/, beside the parts that name the version
// (the CLI, the run's reports), so that none of them imports another for it. Read as text, not imported: `mfc --version` stays
// as cheap as `mfc --help`, and the build needs no copy of package.json.
const candidates = ['../package.json', '../../package.json'];

/** The CLI package's name: `mfc --version` reads that package's version, never the api package's or the repository's. */
const CLI_PACKAGE = '@mfc-conformance/cli';

/** The CLI's version, from the package.json of the package this module belongs to. */
export function cliVersion(moduleUrl: string | URL = import.meta.url): string {
  for (const candidate of candidates) {
    let text: string;
    try {
      text = readFileSync(new URL(candidate, moduleUrl), 'utf8');
    } catch {
      continue;
    }
    const { name, version } = JSON.parse(text) as { name?: unknown; version?: unknown };
    if (name === CLI_PACKAGE && typeof version === 'string') return version;
  }
  throw new Error(`no package.json of ${CLI_PACKAGE} found above ${String(moduleUrl)}`);
}
