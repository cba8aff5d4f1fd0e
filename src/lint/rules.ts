import { httpMethods, type OpenApiDocument, type OperationObject } from '../generate/document.js';

/** A finding of one of our own rules, located by JSON pointer in the bundled document. */
export interface RuleFinding {
  pointer: string;
  rule: string;
  message: string;
}

type Node = Record<string, unknown>;

const rateLimitHeaders = ['X-Rate-Limit-Used', 'X-Rate-Limit-Max'];
const everyOperationStatuses = ['401', '403', '429'];

function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

// Follows internal `$ref`s of a bundled document; our rules read responses and headers through them.
function resolve(document: OpenApiDocument, node: unknown): Node | undefined {
  let current = node;
  for (let depth = 0; depth < 10 && current && typeof current === 'object'; depth += 1) {
    const ref = (current as Node).$ref;
    if (typeof ref !== 'string') return current as Node;
    let target: unknown = document;
    for (const token of ref.replace(/^#\//, '').split('/')) {
      target = (target as Node | undefined)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    current = target;
  }
  return undefined;
}

function* operations(document: OpenApiDocument): Generator<[string, OperationObject]> {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of httpMethods) {
      const operation = item[method] as OperationObject | undefined;
      if (operation) yield [`#/paths/${escape(path)}/${method}`, operation];
    }
  }
}

/** §5, §7: every operation answers 401, 403 and 429. */
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
export const ownRules = [operationStatuses, rateLimitResponseHeaders, sections];
