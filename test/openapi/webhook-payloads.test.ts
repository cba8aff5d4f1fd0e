// A webhook body is a request the service sends, and OpenAPI 3.1 tools (Redocly 2, @hey-api/openapi-ts)
// read readOnly as "not in requests". Where operations answer with a resource whose fields §2 marks
// read-only, its webhook carries a twin schema without readOnly (mfc lint's mfc/webhook-read-only keeps
// webhooks free of it). This test keeps each twin the resource itself in every other respect, so the
// two never drift: same properties, same definitions, same required list.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion } from '../../packages/api/src/openapi/types.js';
import type { JsonSchema, OpenApiDocument } from '../../packages/cli/src/generate/document.js';
import { apiVersions, generatedDir } from '../../packages/cli/src/layout.js';
import { reachedNodes } from '../../packages/cli/src/lint/document-walk.js';

/** Each webhook payload that twins a resource: the event, the payload schema and the resource schema. */
const twins: Array<{ api: ApiVersion; event: string; payload: string; resource: string }> = [
  { api: 'v2', event: 'order.status_updated', payload: 'OrderEvent', resource: 'Order' },
  { api: 'v1', event: 'restocking_shipment_status_updated', payload: 'RestockingShipmentEvent', resource: 'RestockingShipment' },
];

let documents: Record<ApiVersion, OpenApiDocument>;

beforeAll(async () => {
  const read = async (api: ApiVersion): Promise<OpenApiDocument> => JSON.parse(await readFile(join(generatedDir, api, 'openapi.json'), 'utf8')) as OpenApiDocument;
  documents = { v1: await read('v1'), v2: await read('v2') };
});

/** A schema without its own description and x-section, and without readOnly anywhere in it. */
function comparable(schema: JsonSchema): unknown {
  const { description: _description, 'x-section': _section, ...rest } = schema;
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'readOnly').map(([key, member]) => [key, strip(member)]));
  };
  return strip(rest);
}

/** The component schemas a `$ref` under `#/paths` or `#/webhooks/<event>` leads to. */
function schemasUnder(document: OpenApiDocument, root: unknown, pointer: string): string[] {
  return [...reachedNodes(document, [[root, pointer]])].flatMap(([node]) => (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/schemas/') ? [node.$ref.slice('#/components/schemas/'.length)] : []));
}

describe('webhook payloads that twin a resource', () => {
  it('cover both versions', () => {
    expect([...new Set(twins.map((twin) => twin.api))].sort()).toEqual([...apiVersions].sort());
  });

  it.each(twins)('$api $payload is $resource without readOnly', ({ api, payload, resource }) => {
    const schemas = documents[api].components!.schemas!;
    expect(JSON.stringify(schemas[resource])).toContain('"readOnly":true');
    expect(comparable(schemas[payload]!)).toEqual(comparable(schemas[resource]!));
  });

  it.each(twins)('$api $event carries $payload; the operations answer $resource', ({ api, event, payload, resource }) => {
    const document = documents[api];
    const webhook = schemasUnder(document, document.webhooks?.[event], `#/webhooks/${event}`);
    const paths = schemasUnder(document, document.paths, '#/paths');
    expect([webhook.includes(payload), webhook.includes(resource), paths.includes(resource), paths.includes(payload)]).toEqual([true, false, true, false]);
  });

  it('tells a drifted twin apart', () => {
    const order = structuredClone(documents.v2.components!.schemas!.Order!);
    (order.properties as Record<string, JsonSchema>).currency!.pattern = '^[A-Z]{2}$';
    expect(comparable(order)).not.toEqual(comparable(documents.v2.components!.schemas!.OrderEvent!));
  });
});
