// The documents' examples are the reference server's answers (test/support/reference-examples.ts):
// a refresh (`npm run examples`) takes exactly the examples spec/examples/ holds, and each one it
// takes validates where the document uses it, so a refresh never breaks `mfc lint`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion } from '../../packages/api/src/openapi/types.js';
import { bundleDocument } from '../../packages/cli/src/generate/load.js';
import { apiVersions, specDir, specFile } from '../../packages/cli/src/layout.js';
import { examples } from '../../packages/cli/src/lint/examples.js';
import { takeExamples, type Examples } from '../support/reference-examples.js';

let taken: Record<ApiVersion, Examples>;

beforeAll(async () => {
  taken = await takeExamples();
}, 60_000);

describe('the OpenAPI documents\' examples, taken from the reference server', () => {
  it.each(apiVersions)('%s: a refresh takes every example spec/examples/ holds, and no other', async (api) => {
    const committed = parse(await readFile(join(specDir, 'examples', `${api}.yaml`), 'utf8')) as Examples;
    expect(Object.keys(taken[api]).sort()).toEqual(Object.keys(committed).sort());
  });

  it.each(apiVersions)('%s: every example a refresh takes validates where the document uses it', async (api) => {
    const document = await bundleDocument(specFile(api));
    const named = document.components?.examples as Examples;
    for (const [name, example] of Object.entries(taken[api])) named[name] = example;
    expect(examples(document)).toEqual([]);
  });
});
