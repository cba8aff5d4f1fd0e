// vitest's global setup: every temporary file of a test run goes under one directory, removed when the
// run ends. That covers the tests' own `mkdtemp` directories and the profiles, reports and webhook
// files of every `mfc` a test spawns. `npm test` left about 130 directories in the system's
// temporary directory before. Test workers and spawned processes inherit TMPDIR, and `os.tmpdir()`
// reads it on every call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'mfc-tests-'));
  for (const name of ['TMPDIR', 'TMP', 'TEMP']) process.env[name] = root;
  return () => rmSync(root, { recursive: true, force: true });
}
