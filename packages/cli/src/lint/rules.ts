import { httpMethods, type OpenApiDocument, type OperationObject } from '../generate/document.js';
import { escape, located, operations, reachedNodes, resolve, type Node, type RuleFinding } from './document-walk.js';
import { examples } from './examples.js';

export type { RuleFinding } from './document-walk.js';

const rateLimitHeaders = ['X-Rate-Limit-Used', 'X-Rate-Limit-Max'];
// §7 gives 400 for any malformed request (a query too, not only a body); §4 gives every endpoint 401, 403 and 429.
const everyOperationStatuses = ['400', '401', '403', '429'];

// An operation addresses one record when its path names it: a template segment ('/orders/{id}',
// '/skus/{sku_id}/…') or a lookup such as '/orders/by_merchant_order_id'.
const addressesRecord = (path: string): boolean => /\{[^}]+\}|\/by_[a-z_]+$/.test(path);

/** §4, §7: every operation answers 400, 401, 403 and 429. */
export function operationStatuses(document: OpenApiDocument): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const [pointer, operation] of operations(document)) {
    for (const status of everyOperationStatuses) {
      if (!operation.responses?.[status]) {
        findings.push({ pointer: `${pointer}/responses`, rule: 'mfc/operation-statuses', message: `missing the ${status} response every operation has (§4, §7)` });
      }
    }
  }
  return findings;
}

/** §7: an operation addressing one record answers 404 when it does not exist or is not the caller's. */
export function recordNotFound(document: OpenApiDocument): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const [pointer, operation, path] of operations(document)) {
    if (addressesRecord(path) && !operation.responses?.['404']) {
      findings.push({ pointer: `${pointer}/responses`, rule: 'mfc/record-not-found', message: 'missing the 404 response of an operation addressing one record (§7)' });
    }
  }
  return findings;
}

/** §8: every response carries X-Rate-Limit-Used and X-Rate-Limit-Max; a 429 also Retry-After. */
export function rateLimitResponseHeaders(document: OpenApiDocument): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const [pointer, operation] of operations(document)) {
    for (const [status, raw] of Object.entries(operation.responses ?? {})) {
      const response = resolve(document, raw);
      const headers = (response?.headers ?? {}) as Node;
      const wanted = status === '429' ? [...rateLimitHeaders, 'Retry-After'] : rateLimitHeaders;
      for (const name of wanted) {
        const header = resolve(document, headers[name]);
        if (!header || header.required !== true) {
          findings.push({
            pointer: `${pointer}/responses/${status}`,
            rule: 'mfc/rate-limit-headers',
            message: `the ${status} response lacks the required header ${name} (${name === 'Retry-After' ? '§7, §8' : '§8'})`,
          });
        }
      }
    }
  }
  return findings;
}

// Keywords that, set to false, refuse properties beyond those listed.
const closingKeywords = ['additionalProperties', 'unevaluatedProperties'];

/** Every webhook's request body: the object and its pointer. */
function* webhookBodies(document: OpenApiDocument): Generator<[unknown, string]> {
  for (const [pointer, operation] of operations(document, 'webhooks')) yield [operation.requestBody, `${pointer}/requestBody`];
}

/** Responses and webhook bodies may carry properties beyond those listed: no schema they use closes its objects. */
export function openResponses(document: OpenApiDocument): RuleFinding[] {
  const responses = [...operations(document)].map(([pointer, operation]): [unknown, string] => [operation.responses, `${pointer}/responses`]);
  const findings: RuleFinding[] = [];
  for (const [node, pointer] of reachedNodes(document, [...responses, ...webhookBodies(document)])) {
    for (const key of closingKeywords.filter((keyword) => node[keyword] === false)) {
      findings.push({ pointer: `${pointer}/${key}`, rule: 'mfc/open-responses', message: `${key}: false in a schema a response or webhook body uses; those may carry properties beyond the ones listed` });
    }
  }
  return findings;
}

/**
 * A webhook body is a request the service sends, and OpenAPI 3.1 tools read `readOnly` as "not in
 * requests": generated clients drop such a property from the payload's type and linters refuse it in
 * the examples. So no schema a webhook body uses marks anything read-only; a resource that operations
 * answer with read-only fields reaches webhooks through a twin without them (v2 OrderEvent).
 */
export function webhookReadOnly(document: OpenApiDocument): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const [node, pointer] of reachedNodes(document, webhookBodies(document))) {
    if (node.readOnly === true) {
      findings.push({ pointer: `${pointer}/readOnly`, rule: 'mfc/webhook-read-only', message: 'readOnly in a schema a webhook body uses: tools read a webhook body as a request and leave read-only properties out of it (give the webhook a twin schema without readOnly)' });
    }
  }
  return findings;
}

const isReadOnly = (document: OpenApiDocument, schema: unknown): boolean => resolve(document, schema)?.readOnly === true;

const subschemas = (node: Node, keyword: string): unknown[] => (Array.isArray(node[keyword]) ? (node[keyword] as unknown[]) : []);
const propertiesOf = (node: Node | undefined): Record<string, unknown> => (node?.properties as Record<string, unknown> | undefined) ?? {};

/**
 * A request body says what a client sends: no schema it uses (through `$ref`, allOf, anyOf, oneOf,
 * properties and items) lists a read-only property in `required`. OpenAPI 3.1 no longer exempts
 * read-only properties from `required` in requests, so generated clients would demand them.
 */
export function requestReadOnlyRequired(document: OpenApiDocument): RuleFinding[] {
  const findings = new Map<string, RuleFinding>();
  const walked = new Set<string>();
  // A schema is reported where it is defined (a `$ref`'s target). `enclosing` holds the properties an
  // allOf, anyOf or oneOf branch sees beside it: a branch often requires a property its parent declares.
  const walk = (raw: unknown, at: string, enclosing: { pointer: string; properties: Record<string, unknown> }): void => {
    const [node, pointer] = located(document, raw, at);
    if (!node || walked.has(`${pointer} in ${enclosing.pointer}`)) return;
    walked.add(`${pointer} in ${enclosing.pointer}`);
    const properties = { ...enclosing.properties, ...propertiesOf(node) };
    for (const member of subschemas(node, 'allOf')) Object.assign(properties, propertiesOf(resolve(document, member)));
    for (const name of Array.isArray(node.required) ? (node.required as string[]) : []) {
      if (!isReadOnly(document, properties[name])) continue;
      findings.set(`${pointer} ${name}`, { pointer: `${pointer}/required`, rule: 'mfc/request-read-only-required', message: `a request body requires the read-only property ${name}, which a client does not send` });
    }
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      subschemas(node, keyword).forEach((member, index) => walk(member, `${pointer}/${keyword}/${index}`, { pointer, properties }));
    }
    const top = { pointer: '', properties: {} };
    for (const [name, schema] of Object.entries(propertiesOf(node))) walk(schema, `${pointer}/properties/${escape(name)}`, top);
    for (const keyword of ['items', 'additionalProperties']) if (node[keyword] && typeof node[keyword] === 'object') walk(node[keyword], `${pointer}/${keyword}`, top);
  };
  for (const [pointer, operation] of operations(document)) {
    for (const [type, media] of Object.entries(resolve(document, operation.requestBody)?.content ?? {})) {
      walk((media as Node).schema, `${pointer}/requestBody/content/${escape(type)}/schema`, { pointer: '', properties: {} });
    }
  }
  return [...findings.values()];
}

/** Every component schema, operation and webhook names the section it comes from (`x-section`). */
export function sections(document: OpenApiDocument): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const need = (pointer: string, node: unknown, what: string): void => {
    const section = (node as Node | undefined)?.['x-section'];
    if (typeof section !== 'string' || !/^\d+(\.\d+)*$/.test(section)) {
      findings.push({ pointer, rule: 'mfc/x-section', message: `${what} has no x-section naming the specification's § it comes from` });
    }
  };
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    need(`#/components/schemas/${escape(name)}`, schema, `schema ${name}`);
  }
  for (const [pointer, operation] of operations(document)) need(pointer, operation, 'the operation');
  for (const [event, item] of Object.entries(document.webhooks ?? {})) {
    for (const method of httpMethods) {
      if (item[method]) need(`#/webhooks/${escape(event)}/${method}`, item[method], `webhook ${event}`);
    }
  }
  return findings;
}

/** Our own rules, in the order `mfc lint` reports them. */
export const ownRules = [operationStatuses, recordNotFound, rateLimitResponseHeaders, openResponses, requestReadOnlyRequired, webhookReadOnly, examples, sections];
