// `npm run examples`: takes the OpenAPI documents' examples again from the reference server and writes
// packages/cli/spec/examples/v1.yaml and v2.yaml; `npm run generate` then puts them into the
// published documents. Run it after the server's answers change; mfc lint checks that every example
// validates, and test/openapi/examples.test.ts that a refresh takes every example the files hold.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { specDir } from '../packages/cli/src/layout.js';
import { takeExamples } from '../test/support/reference-examples.js';

const examples = await takeExamples();
for (const [api, named] of Object.entries(examples)) {
  const header = `# The ${api} document's examples (components.examples), taken from the reference server's answers by\n# \`npm run examples\` (test/support/reference-examples.ts). Edit that module and run it again rather than this file.\n`;
  await writeFile(join(specDir, 'examples', `${api}.yaml`), header + stringify(named, { lineWidth: 100 }));
  process.stdout.write(`mfc examples: ${Object.keys(named).length} ${api} examples written to spec/examples/${api}.yaml\n`);
}
