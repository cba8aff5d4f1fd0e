import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MfcError } from '@mfc-conformance/api/errors';
import { globBase, pathGlob } from '../text/glob.js';
import type { CheckContext } from './context.js';
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

/** The body of a check: passes by returning, fails by throwing (`t.fail`, `t.expect…`), skips with `t.skip`. */
export type CheckBody = (t: CheckContext) => Promise<void>;

/** Receives the declarations of the check files being imported. */
export interface CheckCollector {
  add(meta: CheckMeta, body: CheckBody): void;
}

/** A check as its file declares it: the meta, the body a run registers with vitest, and what the registry tells of it. */
export interface CheckDefinition {
  meta: CheckMeta;
  body: CheckBody;
  registered: RegisteredCheck;
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

// ES modules are evaluated once per thread: a file's declarations are kept, by path, for later
// collections and for every run the thread's vitest registers them in. On globalThis, so a second
// copy of this module (transformed, or loaded natively) shares them.
const DEFINITIONS = Symbol.for('mfc.checkDefinitions');
type DefinitionsHolder = { [DEFINITIONS]?: Map<string, CheckDefinition[]> };
const collectedFiles = ((globalThis as DefinitionsHolder)[DEFINITIONS] ??= new Map<string, CheckDefinition[]>());

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
 * file order: `check()` hands its declaration to the collector, so nothing runs and no request is sent.
 */
export async function collectChecks(root: string, files: readonly string[]): Promise<RegisteredCheck[]> {
  return (await checkDefinitions(root, files)).map((definition) => definition.registered);
}

/**
 * The checks the files (relative to `root`) declare, meta and body, in file order; each file is
 * imported once per thread, or a `CheckFileError` says why it cannot be. A run registers them with vitest.
 */
export function checkDefinitions(root: string, files: readonly string[]): Promise<CheckDefinition[]> {
  const holder = globalThis as CollectingHolder;
  const collection = (holder[COLLECTING] ?? Promise.resolve()).catch(() => undefined).then(() => collectAlone(root, files));
  holder[COLLECTING] = collection;
  return collection;
}

/** `checkDefinitions` while no other collection runs. */
async function collectAlone(root: string, files: readonly string[]): Promise<CheckDefinition[]> {
  const holder = globalThis as CollectorHolder;
  const definitions: CheckDefinition[] = [];
  for (const file of files) {
    const path = join(root, file);
    const known = collectedFiles.get(path);
    if (known) {
      definitions.push(...known);
      continue;
    }
    const declared: CheckDefinition[] = [];
    holder[COLLECTOR] = {
      add: (meta, body) => {
        declared.push({ meta, body, registered: registeredCheck(meta, file) });
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
    definitions.push(...declared);
  }
  return definitions;
}

/** What the registry tells of a check without running it. */
function registeredCheck(meta: CheckMeta, file: string): RegisteredCheck {
  return {
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
  };
}
