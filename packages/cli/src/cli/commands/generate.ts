import { relative, resolve, sep } from 'node:path';
import { parseFlags } from '../flags.js';
import { UsageError, type Command } from '../command.js';

const help = `Usage: mfc generate [--out DIR] [--check]

Regenerates the generated/ folder of @mfc-conformance/api from spec/ (in this repository; an
installed CLI writes only with --out): per version the TypeScript types
(types.ts), the bundled document with its named components (openapi.json and openapi.yaml), the
dereferenced document (openapi.dereferenced.json), the Ajv standalone validators
(validators.js + validators.d.ts) and the operations index (operations.ts). Works from any
directory. Output is deterministic: the same documents give byte-identical files.

With --out DIR the same files go into another project's folder instead, as DIR/v1/ and DIR/v2/,
for teams that vendor generated code rather than depend on @mfc-conformance/api. The validators need
the packages ajv and ajv-formats in that project; types.ts needs nothing.

Flags:
  --out DIR   write into DIR (created when missing) instead of @mfc-conformance/api's generated/
  --check     write nothing; exit 1 naming each file that regenerating would change
  --help      this text`;

function parse(args: string[]): { check: boolean; out: string | undefined } {
  const values = parseFlags('generate', args, { check: { type: 'boolean' }, out: { type: 'string' } });
  if (values.out === '') throw new UsageError('--out expects a folder');
  return { check: values.check === true, out: values.out };
}

/** `mfc generate`: writes generated/ (or `--out DIR`) from spec/, or with --check reports drift. */
export const command: Command = {
  summary: 'regenerate the api package\'s generated/ (types, validators, bundled documents) from spec/',
  help,
  async run(args) {
    const { check, out } = parse(args);
    // Loaded here, not at the top: openapi-typescript, Ajv and the bundler cost half a second.
    const { driftedFiles, forOtherProject, generateAll, writeGenerated } = await import('../../generate/index.js');
    const { apiPackageRoot, generatedDir } = await import('../../layout.js');
    // Installed, the api package's generated/ is a dependency's files: npm would put them back, and
    // another project's code is never rewritten behind its back.
    if (out === undefined && !check && apiPackageRoot.split(sep).includes('node_modules')) {
      throw new UsageError(`@mfc-conformance/api is installed (${apiPackageRoot}); its generated/ is not this project's to rewrite. Name a folder: mfc generate --out DIR`);
    }
    const generated = await generateAll();
    const files = out === undefined ? generated : forOtherProject(generated);
    const root = out === undefined ? apiPackageRoot : resolve(out);
    // Named as the reader would type it from where they stand (packages/api/generated from the repository root).
    const folder = out ?? (relative(process.cwd(), generatedDir) || '.');
    if (!check) {
      await writeGenerated(files, root);
      process.stdout.write(`mfc generate: wrote ${files.size} files under ${folder}/\n`);
      return 0;
    }
    const drifted = await driftedFiles(files, root);
    for (const path of drifted) process.stderr.write(`mfc generate --check: ${path} is out of date\n`);
    if (drifted.length > 0) {
      process.stderr.write(out === undefined ? 'Run `npm run generate` and commit the result.\n' : `Run \`mfc generate --out ${out}\` and commit the result.\n`);
      return 1;
    }
    process.stdout.write(`mfc generate --check: ${files.size} generated files are up to date\n`);
    return 0;
  },
};
