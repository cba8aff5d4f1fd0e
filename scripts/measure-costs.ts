// `npm run costs`: measures what each check sends to each rate-limit window in a full run against
// the reference server (every token, webhooks on, default property runs) and writes
// suites/request-costs.json, the table the run's plan and scheduler estimate from. Run it after
// adding or changing a check; test/runner/plan.test.ts says when the table is out of date.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { measureCosts } from '../test/support/measure-costs.js';
import { packageRoot as root } from '../packages/cli/src/layout.js';
import { COSTS_FILE } from '../packages/cli/src/runner/plan.js';

const costs = await measureCosts();
// One check per line: a change to one check's costs is a one-line diff.
const lines = Object.entries(costs).map(([id, cost]) => `  ${JSON.stringify(id)}: ${JSON.stringify(cost)}`);
await writeFile(join(root, COSTS_FILE), `{\n${lines.join(',\n')}\n}\n`);
const requestsOf = (ids: string[]) => ids.reduce((sum, id) => sum + Object.values(costs[id]!.requests).reduce((a, b) => a + b, 0), 0);
const ids = Object.keys(costs);
const properties = requestsOf(ids.filter((id) => id.includes('.properties.')));
const total = requestsOf(ids);
process.stdout.write(`mfc costs: ${ids.length} checks, ${total} requests (the property checks ${properties}, the others ${total - properties}), written to ${COSTS_FILE}\n`);
