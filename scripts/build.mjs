// `npm run build` of one package (`node ../../scripts/build.mjs .` from packages/api or packages/cli,
// also run by their `prepack`): compiles the package's tsconfig.build.json into its dist/ with
// declarations, laid out as the package is, then copies what tsc does not emit (the JSON Schemas and the
// measured request costs read beside their modules, the Ajv standalone validators, the bundled
// documents) and the repository's LICENSE. Plain JavaScript, so it runs before anything is compiled.
// `--out-dir DIR` builds elsewhere. `--no-check` emits without type checking (tsc --noCheck, about
// half the time, the same output): `npm test` builds so (`npm run build:emit`) and type checks every
// package, test and script once, in `npm run typecheck`; `npm run build` and `prepack` check as they
// compile. The root `npm run build` builds packages/api first: packages/cli compiles against its
// declarations.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ options: { 'out-dir': { type: 'string' }, 'no-check': { type: 'boolean' } }, allowPositionals: true });
if (positionals.length !== 1) {
  process.stderr.write('Usage: node scripts/build.mjs PACKAGE_DIR [--out-dir DIR] [--no-check]\n');
  process.exit(2);
}
const root = resolve(positionals[0]);
const dist = resolve(values['out-dir'] ?? join(root, 'dist'));
const require = createRequire(import.meta.url);

rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', dist, ...(values['no-check'] ? ['--noCheck'] : [])], { stdio: 'inherit' });
if (tsc.status !== 0) {
  rmSync(dist, { recursive: true, force: true });
  process.exit(tsc.status ?? 1);
}

/** Every file under `dir` (relative to `base`) whose name passes `keep`, relative to `base`; none when `dir` is absent. */
function filesUnder(base, dir, keep) {
  if (!existsSync(join(base, dir))) return [];
  return readdirSync(join(base, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => keep(name))
    .map((name) => join(dir, name));
}

// The data read beside the modules that read it: the JSON Schemas under src/, the checks' measured
// request costs (suites/request-costs.json: without them a built run plans every check as a few requests
// of its own version and lets other checks into a window an X-Rate-Limit-Used check holds).
const assets = [
  ...['src', 'suites'].flatMap((dir) => filesUnder(root, dir, (name) => name.endsWith('.json'))),
  ...filesUnder(root, 'generated', (name) => /(^|\/)(validators\.js|validators\.d\.ts|openapi(\.dereferenced)?\.json|openapi\.yaml)$/.test(name)),
];
for (const file of assets) cpSync(join(root, file), join(dist, file));

// The repository's MIT LICENSE goes into every tarball: npm packs a package's own LICENSE file, so the
// build copies it beside package.json (ignored by git: one license text, kept at the root).
cpSync(new URL('../LICENSE', import.meta.url), join(root, 'LICENSE'));
// So is the CHANGELOG (npm packs a package's CHANGELOG.md too): the packed READMEs point at it for
// what may change between versions, where a link to the repository would need its address.
cpSync(new URL('../CHANGELOG.md', import.meta.url), join(root, 'CHANGELOG.md'));

// The check files are run, never imported by another project: their declarations are left out.
for (const dir of ['suites', 'properties']) {
  for (const file of filesUnder(dist, dir, (name) => name.endsWith('.d.ts'))) rmSync(join(dist, file));
}
