import { parseArgs } from 'node:util';
import { driftedFiles, generateAll, generatedFolder, writeGenerated } from '../../generate/index.js';
import { UsageError, type Command } from '../command.js';

const help = `Usage: mfc generate [--check]

Regenerates everything under ${generatedFolder}/ from spec/: per version the TypeScript types
(types.ts), the bundled and dereferenced document (openapi.json), the Ajv standalone validators
(validators.js + validators.d.ts) and the operations index (operations.ts). Works from any
directory. Output is deterministic: the same documents give byte-identical files.

Flags:
  --check   write nothing; exit 1 naming each file that regenerating would change
  --help    this text`;

/** `mfc generate`: writes generated/ from spec/, or with --check reports drift. */
export const command: Command = {
  summary: 'regenerate generated/ (types, validators, bundled documents) from spec/',
  help,
  async run(args) {
    let check = false;
    try {
      check = parseArgs({ args, options: { check: { type: 'boolean' } }, strict: true }).values.check === true;
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const files = await generateAll();
    if (!check) {
      await writeGenerated(files);
      process.stdout.write(`mfc generate: wrote ${files.size} files under ${generatedFolder}/\n`);
      return 0;
    }
    const drifted = await driftedFiles(files);
    for (const path of drifted) process.stderr.write(`mfc generate --check: ${path} is out of date\n`);
    if (drifted.length > 0) {
      process.stderr.write('Run `npm run generate` and commit the result.\n');
      return 1;
    }
    process.stdout.write(`mfc generate --check: ${files.size} generated files are up to date\n`);
    return 0;
  },
};
