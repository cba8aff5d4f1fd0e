// The integration's side of one request, against the documents: the operation, the token (§5), the
// body (§4: types, patterns, required properties, formats) and §4.1 rule 5's closed bodies.
import { validateRequestBody } from '@mfc-conformance/api/validators';
import type { ProxyRequest } from './exchange.js';
import { judged, kept, type Judgement } from './findings.js';
import { CLOSED_V1_BODIES, knownProperties } from './documents.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

function isClosedV1Body(key: string): key is (typeof CLOSED_V1_BODIES)[number] {
  return (CLOSED_V1_BODIES as readonly string[]).includes(key);
}

/** The request's own rules, judged before it is forwarded: nothing here needs the answer or the conversation. */
export function judgeRequest(request: ProxyRequest): Judgement[] {
  const { api, operation } = request;
  if (api === undefined) return [];
  const judgements: Judgement[] = [
    judged(`${api}.client.documented-operation`, operation !== undefined ? undefined : {
      title: `${request.method} ${request.path} is no operation of the ${api} documents`,
      expected: `a documented ${api} method and path (§4)`,
      received: `${request.method} ${request.path}`,
    }),
    judged(`${api}.client.authorization`, request.token !== undefined ? undefined : {
      title: 'The request carries no bearer token (§5: every request carries Authorization: Bearer <token>)',
      expected: 'Authorization: Bearer <token>',
      received: request.headers.authorization === undefined ? 'no Authorization header' : 'an Authorization header of another scheme',
    }),
  ];
  if (operation === undefined || !WRITES.has(request.method)) return judgements;
  const body = request.body;
  if (body === undefined) return judgements;
  if ('invalid' in body) {
    judgements.push(judged(`${api}.client.request-body`, { title: `The body of ${operation.key} is not JSON (§2: bodies are JSON)`, expected: 'a JSON body', received: request.bodyText.slice(0, 200) }));
    return judgements;
  }
  const validation = validateRequestBody(api, operation.key, body.json);
  judgements.push(judged(`${api}.client.request-body`, validation.ok ? undefined : {
    title: `The body of ${operation.key} breaks its schema (§${operation.section})`,
    expected: 'a body valid for the operation, as the documents give its properties',
    received: validation.errors.map((error) => error.message).join('; '),
  }));
  if (api === 'v1' && isClosedV1Body(operation.key) && typeof body.json === 'object' && body.json !== null && !Array.isArray(body.json)) {
    const names = knownProperties(operation.key);
    const unknown = Object.keys(body.json).filter((name) => !names.has(name));
    judgements.push(unknown.length === 0 ? kept('v1.client.unknown-property') : judged('v1.client.unknown-property', {
      title: `${operation.key} sends ${unknown.length === 1 ? 'a property' : 'properties'} no document shows; §4.1 rule 5 refuses them with 422`,
      expected: 'only properties the documents show',
      received: unknown.map((name) => JSON.stringify(name)).join(', '),
    }));
  }
  return judgements;
}
