import { parseArgs } from 'node:util';
import { UsageError, type Command } from '../command.js';

const help = `Usage: mfc lint [FILE…]

Validates and lints the OpenAPI documents (spec/v1.yaml and spec/v2.yaml unless FILEs are given):
  1. structure: swagger-parser validation against the OpenAPI 3.1 schema;
  2. the committed Redocly rule set (redocly.yaml, @redocly/openapi-core 2);
  3. our own rules: every operation has 401, 403 and 429; every response carries
     X-Rate-Limit-Used and X-Rate-Limit-Max and every 429 Retry-After; no request body
     requires a read-only property; no webhook body uses a read-only property (tools read
     it as a request); every body shown has an example, and each example
     validates against its schema; every schema, operation and webhook has x-section.
Prints each problem as file#/json/pointer with its rule. Works from any directory.
Exit 0 when there is no problem (errors and warnings alike), 1 otherwise.

Flags:
  --help    this text`;

/** `mfc lint`: structure, Redocly and our own rules over the OpenAPI documents. */
export const command: Command = {
  summary: 'validate and lint the OpenAPI documents under spec/',
  help,
  async run(args) {
    let files: string[];
    try {
      files = parseArgs({ args, options: {}, allowPositionals: true, strict: true }).positionals;
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    // Loaded here, not at the top: swagger-parser and Redocly are not needed for `mfc lint --help`.
    const { formatProblem, lintFile, lintSpec } = await import('../../lint/index.js');
    const problems = files.length === 0 ? await lintSpec() : (await Promise.all(files.map(lintFile))).flat();
    for (const problem of problems) process.stderr.write(`${formatProblem(problem)}\n`);
    if (problems.length > 0) {
      process.stderr.write(`mfc lint: ${problems.length} problem(s)\n`);
      return 1;
    }
    process.stdout.write('mfc lint: spec/ is valid and clean (swagger-parser, Redocly, mfc rules)\n');
    return 0;
  },
};
