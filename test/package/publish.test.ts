// Both packages as they would reach the registry: `npm publish --dry-run` passes, and what is packed is
// public, MIT licensed, free of install scripts, and holds every file its exports and bin name.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, exportTargets, manifestOf, pack, root, runNpm, workspaces, type PackResult } from './workspaces.js';

// Scripts npm runs when a package is installed: none may ship (`prepack` runs only where it is packed).
const installScripts = ['preinstall', 'install', 'postinstall', 'prepare'];
// The Node versions each package runs on: the CLI's floor on Node 22 is that of @redocly/openapi-core 2
// (its engines: >=20.19 <21 || >=22.12), which `mfc lint` runs.
const nodeEngines = { 'packages/api': '>=20.19', 'packages/cli': '^20.19.0 || >=22.12.0' } satisfies Record<(typeof workspaces)[number], string>;

describe.each(workspaces)('%s as published', (workspace) => {
  const manifest = manifestOf(workspace);
  let packed: PackResult;
  beforeAll(() => {
    ensureBuilt();
    packed = pack(workspace, { dryRun: true });
  }, 180_000);

  it('passes npm publish --dry-run', () => {
    const { stdout, stderr } = runNpm(['publish', '--dry-run', '--ignore-scripts', '--workspace', workspace], root);
    expect(`${stdout}${stderr}`).toContain(`+ ${manifest.name}@${manifest.version}`);
  }, 120_000);

  it('is public, MIT licensed, with repository, engines and files', () => {
    expect(manifest.private ?? false).toBe(false);
    expect(manifest.license).toBe('MIT');
    expect(manifest.repository).toMatchObject({ type: 'git', directory: workspace });
    expect(manifest.engines).toEqual({ node: nodeEngines[workspace] });
    expect(manifest.files?.length).toBeGreaterThan(0);
  });

  it('packs its LICENSE (the repository\'s MIT license), README.md and package.json', () => {
    const paths = packed.files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
    expect(readFileSync(join(root, workspace, 'LICENSE'), 'utf8')).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
  });

  it('has no install script', () => {
    expect(Object.keys(manifest.scripts ?? {}).filter((name) => installScripts.includes(name))).toEqual([]);
  });

  it('packs every file its exports and bin point at, each export with its types', () => {
    const paths = new Set(packed.files.map((file) => file.path));
    const targets = [...exportTargets(manifest), ...Object.values(manifest.bin ?? {})].map((target) => target.replace(/^\.\//, ''));
    expect(targets.filter((target) => !paths.has(target))).toEqual([]);
    const untyped = Object.entries(manifest.exports ?? {})
      // Data files (the OpenAPI documents as JSON and YAML) have no types to go with them.
      .filter(([subpath, target]) => typeof target !== 'string' && !/\.(json|yaml)$/.test(subpath) && target.types === undefined);
    expect(untyped).toEqual([]);
  });

  it('packs every data file the compiled modules read beside them (schemas, measured request costs)', () => {
    const paths = new Set(packed.files.map((file) => file.path));
    const data = ['src', 'suites'].flatMap((dir) => {
      const folder = join(root, workspace, dir);
      return existsSync(folder) ? readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.json')).map((name) => `dist/${dir}/${name}`) : [];
    });
    expect(data.filter((path) => !paths.has(path))).toEqual([]);
  });

  it('packs nothing of the tests, the sources or the repository\'s tooling', () => {
    expect(packed.files.map((file) => file.path).filter((path) => /^(test|src|server|suites|properties|generated|scripts)\//.test(path) || /\.test\.|\.tmp\.ts$|\.log$|tsconfig/.test(path))).toEqual([]);
  });
});

describe('the CLI and the api package', () => {
  it('the CLI depends on the api package of its own version, the api package on no runner', () => {
    const api = manifestOf('packages/api');
    const cli = manifestOf('packages/cli');
    expect(cli.version).toBe(api.version);
    expect(cli.dependencies?.[api.name]).toBe(api.version);
    expect(Object.keys(api.dependencies ?? {}).sort()).toEqual(['ajv', 'ajv-formats', 'undici']);
  });
});
