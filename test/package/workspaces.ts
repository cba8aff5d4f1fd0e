// The two published packages as npm packs them, for the tests of test/package/: their folders, their
// manifests, and `npm pack`. Packing never runs `prepack` here (`--ignore-scripts`): it would rebuild
// dist/ under tests that are running the built CLI; instead a missing dist/ is built once, first.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

/** The published packages by folder, the api package first (the CLI depends on it). */
export const workspaces = ['packages/api', 'packages/cli'] as const;

/** One of the published packages' folders. */
export type Workspace = (typeof workspaces)[number];

/** The fields of a package.json these tests read. */
export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  repository?: { type: string; url: string; directory?: string };
  engines?: Record<string, string>;
  bin?: Record<string, string>;
  files?: string[];
  exports?: Record<string, string | Record<string, string>>;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
}

/** What `npm pack --json` reports of one tarball. */
export interface PackResult {
  name: string;
  version: string;
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string; size: number }>;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs npm to its end in `cwd`; throws with its output when it fails. At npm's default log level
 * whatever the tests were started with: under `npm run -s test` npm would inherit `silent` and print
 * nothing the tests read.
 */
export function runNpm(args: string[], cwd: string, env: Record<string, string> = {}): { stdout: string; stderr: string } {
  const result = spawnSync(npm, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'notice', ...env }, timeout: 180_000 });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} exited ${result.status}\n${result.stdout}\n${result.stderr}`);
  return { stdout: result.stdout, stderr: result.stderr };
}

/** A workspace's package.json as committed. */
export function manifestOf(workspace: Workspace): Manifest {
  return JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as Manifest;
}

/** Builds both packages (`npm run build`) unless each already holds its dist/ and LICENSE (`npm test` builds first). */
export function ensureBuilt(): void {
  if (workspaces.every((workspace) => existsSync(join(root, workspace, 'dist')) && existsSync(join(root, workspace, 'LICENSE')))) return;
  runNpm(['run', 'build'], root);
}

/** Packs a workspace as `npm publish` would (into `destination`, or only listed with `dryRun`). */
export function pack(workspace: Workspace, options: { destination?: string; dryRun?: boolean }): PackResult {
  const args = ['pack', '--json', '--ignore-scripts', '--workspace', workspace];
  if (options.dryRun) args.push('--dry-run');
  if (options.destination !== undefined) args.push('--pack-destination', options.destination);
  const [result] = JSON.parse(runNpm(args, root).stdout) as [PackResult];
  return result;
}

/** The files an export's conditions point at, without `mfc-source` (the TypeScript sources of a checkout, never packed). */
export function exportTargets(manifest: Manifest): string[] {
  return Object.values(manifest.exports ?? {}).flatMap((target) => typeof target === 'string'
    ? [target]
    : Object.entries(target).filter(([condition]) => condition !== 'mfc-source').map(([, path]) => path));
}
