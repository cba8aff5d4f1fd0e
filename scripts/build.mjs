// `npm run build` (also `prepare` and `prepack`): compiles the toolkit, the reference server, the
// generated code and the check files into dist/ with declarations, laid out as the package root is,
// then copies what tsc does not emit (the JSON Schemas read beside their modules, the Ajv standalone
// validators, the bundled documents). Plain JavaScript, so it runs before anything is compiled.
// `--out-dir DIR` builds elsewhere (the consumer test packs a copy without touching dist/).
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
const dist = resolve(values['out-dir'] ?? join(root, 'dist'));
const require = createRequire(import.meta.url);

rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', dist], { stdio: 'inherit' });
if (tsc.status !== 0) {
  rmSync(dist, { recursive: true, force: true });
  process.exit(tsc.status ?? 1);
}

/** Every file under `dir` (relative to `base`) whose name passes `keep`, relative to `dir`. */
function filesUnder(base, dir, keep) {
  return readdirSync(join(base, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => keep(name))
    .map((name) => join(dir, name));
}

const assets = [
  ...filesUnder(root, 'src', (name) => name.endsWith('.json')),
  ...filesUnder(root, 'generated', (name) => /(^|\/)(validators\.js|validators\.d\.ts|openapi\.json)$/.test(name)),
];
for (const file of assets) cpSync(join(root, file), join(dist, file));

// The check files are run, never imported by another project: their declarations are left out.
for (const dir of ['suites', 'properties']) {
  for (const file of filesUnder(dist, dir, (name) => name.endsWith('.d.ts'))) rmSync(join(dist, file));
}
