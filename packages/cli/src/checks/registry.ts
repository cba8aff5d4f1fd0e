import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MfcError } from '@mfc-conformance/api/errors';
import { globBase, pathGlob } from '../text/glob.js';
import type { ApiVersion, CheckMeta, SchemaScope } from './types.js';

/** A check as it is known without running it: its declaration and the file that registers it. */
export interface RegisteredCheck {
  id: string;
  api: ApiVersion;
  section: string;
  title: string;
  needs: string[];
  writes: boolean;
  provokes429: boolean;
  /** What it must have to itself while it runs (CheckMeta `exclusive`). */
  exclusive?: 'run' | 'windows';
  /** Records it takes in turn with other checks (CheckMeta `locks`). */
  locks?: string[];
  /** The answers whose schema violations it reports (CheckMeta `owns`): set for a schema check only. */
  owns?: SchemaScope[];
  /** The check file, relative to the package root, with forward slashes. */
  file: string;
}

/** Receives the declarations of the check files being imported for collection. */
export interface CheckCollector {
  add(meta: CheckMeta): void;
}

// On globalThis, so the copy of this module a suite file imports sees the collector whichever
// way it was loaded (tsx, vitest).
const COLLECTOR = Symbol.for('mfc.checkCollector');
type CollectorHolder = { [COLLECTOR]?: CheckCollector };

/** The collector `collectChecks` installs while it imports check files; undefined in a real run. */
export function activeCollector(): CheckCollector | undefined {
  return (globalThis as CollectorHolder)[COLLECTOR];
}

/** A check file failed to import for its declarations (a syntax error, a failing import, vitest called at its top level). */
export class CheckFileError extends MfcError {
  readonly code = 'MFC_CHECK_FILE';
  readonly exitCode = 1;
  override name = 'CheckFileError';
  constructor(readonly file: string, cause: unknown) {
    super(`the check file ${file} cannot be imported for its declarations: ${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)}`, { cause });
  }
}

// ES modules are evaluated once per process: a file's declarations are kept, by path, for later collections.
const collectedFiles = new Map<string, RegisteredCheck[]>();

/** The check files `include` (globs such as `suites/**\/*.check.ts`) names under `root`, relative and sorted. */
export function checkFiles(root: string, include: readonly string[]): string[] {
  const files = new Set<string>();
  for (const glob of include) {
    // Walk only the folder before the first wildcard (or the file's own folder): the root also holds node_modules.
    const base = globBase(glob);
    const matches = pathGlob(glob);
    let entries: string[];
    try {
      entries = readdirSync(join(root, base), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const file = relative(root, join(root, base, entry)).split(sep).join('/');
      if (matches(file)) files.add(file);
    }
  }
  return [...files].sort();
}

// One collection at a time in a process: the collector is a global, and a file imported by two
// collections at once would register its checks with only one of them.
const COLLECTING = Symbol.for('mfc.checkCollecting');
type CollectingHolder = { [COLLECTING]?: Promise<unknown> };

/**
 * Imports the check files for their declarations only and returns every check they register, in
 * file order: `check()` hands its meta to the collector instead of vitest, so nothing runs and no
 * request is sent.
 */
export function collectChecks(root: string, files: readonly string[]): Promise<RegisteredCheck[]> {
  const holder = globalThis as CollectingHolder;
  const collection = (holder[COLLECTING] ?? Promise.resolve()).catch(() => undefined).then(() => collectAlone(root, files));
  holder[COLLECTING] = collection;
  return collection;
}

/** `collectChecks` while no other collection runs. */
async function collectAlone(root: string, files: readonly string[]): Promise<RegisteredCheck[]> {
  const holder = globalThis as CollectorHolder;
  const checks: RegisteredCheck[] = [];
  for (const file of files) {
    const path = join(root, file);
    const known = collectedFiles.get(path);
    if (known) {
      checks.push(...known);
      continue;
    }
    const declared: RegisteredCheck[] = [];
    holder[COLLECTOR] = {
      add: (meta) => {
        declared.push({
          id: meta.id,
          api: meta.api,
          section: meta.section,
          title: meta.title,
          needs: [...(meta.needs ?? [])],
          writes: meta.writes ?? false,
          provokes429: meta.provokes429 ?? false,
          ...(meta.exclusive ? { exclusive: meta.exclusive } : {}),
          ...(meta.locks ? { locks: [...meta.locks] } : {}),
          ...(meta.owns ? { owns: [...meta.owns] } : {}),
          file,
        });
      },
    };
    try {
      await import(pathToFileURL(path).href);
    } catch (error) {
      throw new CheckFileError(file, error);
    } finally {
      delete holder[COLLECTOR];
    }
    collectedFiles.set(path, declared);
    checks.push(...declared);
  }
  return checks;
}
