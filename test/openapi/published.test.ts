// The documents @mfc-conformance/api publishes (openapi/vN.json, .yaml, .dereferenced.json), read as the
// tools of teams that generate their own clients and mocks read them: named components, and nothing
// Spectral (`spectral:oas`) or Redocly 2 (`recommended`, as it ships) reports beyond the licence and the
// contact, which the specification does not state.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { lint as redoclyLint, createConfig } from '@redocly/openapi-core';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { apiVersions, generatedDir } from '../../packages/cli/src/layout.js';

const published = (api: string, name: string): string => join(generatedDir, api, name);
const read = async (file: string): Promise<Record<string, unknown>> => JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;

/** Every `$ref` value in a document. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, member]) => (key === '$ref' && typeof member === 'string' ? [member] : refsIn(member)));
}

describe('the published OpenAPI documents', () => {
  it.each(apiVersions)('%s: openapi.json refers to named components only, Order among them; the YAML is the same document', async (api) => {
    const document = await read(published(api, 'openapi.json'));
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(50);
    expect(refs.filter((ref) => !/^#\/components\/(schemas|responses|parameters|headers|examples|securitySchemes)\/[A-Za-z]+$/.test(ref))).toEqual([]);
    expect(Object.keys((document.components as { schemas: object }).schemas)).toContain('Order');
    expect(parse(await readFile(published(api, 'openapi.yaml'), 'utf8'))).toEqual(document);
  });

  it.each(apiVersions)('%s: openapi.dereferenced.json holds no $ref', async (api) => {
    expect(refsIn(await read(published(api, 'openapi.dereferenced.json')))).toEqual([]);
  });

  it('Spectral spectral:oas: no error, and no warning but the contact', async () => {
    const spectral = new Spectral();
    // spectral-rulesets declares `oas` narrower than spectral-core's RulesetDefinition, which it is.
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    for (const api of apiVersions) {
      const file = published(api, 'openapi.json');
      const results = await spectral.run(new Document(await readFile(file, 'utf8'), Json, file));
      // Severity 0 is an error, 1 a warning (2 and 3 are information and hints).
      expect(results.filter((result) => result.severity <= 1).map((result) => [api, result.code, result.path.join('.')])).toEqual([[api, 'info-contact', 'info']]);
    }
  });

  // Redocly 2, the engine `mfc lint` runs too, reads a webhook's body as a request, so the webhook
  // payload schemas carry no readOnly (the service sends those fields; mfc/webhook-read-only).
  it('Redocly 2 recommended: no error, and no warning but the licence, in the JSON and the YAML', async () => {
    const engine = JSON.parse(await readFile(join(dirname(createRequire(import.meta.url).resolve('@redocly/openapi-core')), '..', 'package.json'), 'utf8')) as { version: string };
    expect(engine.version).toMatch(/^2\./);
    const config = await createConfig({ extends: ['recommended'] });
    for (const [api, name] of apiVersions.flatMap((api) => [[api, 'openapi.json'], [api, 'openapi.yaml']] as const)) {
      const problems = await redoclyLint({ ref: published(api, name), config });
      expect(problems.map((problem) => [api, name, problem.severity, problem.ruleId, problem.message])).toEqual([[api, name, 'warn', 'info-license', 'Info object should contain `license` field.']]);
    }
  });

  it.each(apiVersions)('%s: info.description says why there is neither a licence nor a contact', async (api) => {
    const info = (await read(published(api, 'openapi.json'))).info as Record<string, unknown>;
    expect(info.license).toBeUndefined();
    expect(info.contact).toBeUndefined();
    expect(info.description).toContain('The specification states neither a licence nor a contact for the API');
  });
});
