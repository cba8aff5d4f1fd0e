// Generated inputs (issue 38): for every operation of v1 and v2 that takes a body or query parameters,
// cases derived from the OpenAPI documents, valid across the whole legal range and invalid one
// constraint at a time, judged by the stated rules, shrunk and replayed (properties/inputs/).
import { check } from '../src/checks/index.js';
import { generatedOperations } from './inputs/operations/index.js';
import { runGeneratedCases } from './inputs/run-cases.js';

for (const op of generatedOperations) {
  check({ id: op.id, api: op.api, section: op.section, title: op.title, needs: op.needs, writes: op.writes }, (t) => runGeneratedCases(t, op));
}
