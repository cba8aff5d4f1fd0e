import { httpMethods, type OpenApiDocument, type OperationObject } from '../generate/document.js';

/** A node of an OpenAPI document as plain JSON. */
export type Node = Record<string, unknown>;

/** A finding of one of our own rules, located by JSON pointer in the bundled document. */
export interface RuleFinding {
  pointer: string;
  rule: string;
  message: string;
}

/** A key as one token of a JSON pointer (`/` and `~` escaped). */
export function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Follows internal `$ref`s of a bundled document: the node they lead to and where it is (the last
 * reference followed, else `pointer`). Our rules read responses, headers, schemas and examples through them.
 */
export function located(document: OpenApiDocument, node: unknown, pointer: string): [Node | undefined, string] {
  let current = node;
  let where = pointer;
  for (let depth = 0; depth < 10 && current && typeof current === 'object'; depth += 1) {
    const ref = (current as Node).$ref;
    if (typeof ref !== 'string') return [current as Node, where];
    let target: unknown = document;
    for (const token of ref.replace(/^#\//, '').split('/')) {
      target = (target as Node | undefined)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    current = target;
    where = ref;
  }
  return [undefined, where];
}

/** The node internal `$ref`s lead to (the node itself when it is none). */
export function resolve(document: OpenApiDocument, node: unknown): Node | undefined {
  return located(document, node, '')[0];
}

/** Every operation of `paths` (or of `webhooks`): its pointer, the operation and its path or event name. */
export function* operations(document: OpenApiDocument, kind: 'paths' | 'webhooks' = 'paths'): Generator<[string, OperationObject, string]> {
  for (const [path, item] of Object.entries(document[kind] ?? {})) {
    for (const method of httpMethods) {
      const operation = item[method] as OperationObject | undefined;
      if (operation) yield [`#/${kind}/${escape(path)}/${method}`, operation, path];
    }
  }
}

/**
 * Every object node under `roots` (a node and its JSON pointer each), following internal `$ref`s: the
 * node a `$ref` leads to is visited once, located where it is defined, so a shared schema is reported
 * once. A node holding a `$ref` is visited too, for the keywords beside it.
 */
export function* reachedNodes(document: OpenApiDocument, roots: Iterable<[unknown, string]>): Generator<[Node, string]> {
  const visited = new Set<string>();
  function* walk(node: unknown, pointer: string): Generator<[Node, string]> {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) yield* walk(item, `${pointer}/${index}`);
      return;
    }
    if (!node || typeof node !== 'object') return;
    yield [node as Node, pointer];
    for (const [key, member] of Object.entries(node)) if (key !== '$ref') yield* walk(member, `${pointer}/${escape(key)}`);
    const ref = (node as Node).$ref;
    if (typeof ref === 'string' && !visited.has(ref)) {
      visited.add(ref);
      yield* walk(resolve(document, { $ref: ref }), ref);
    }
  }
  for (const [root, pointer] of roots) yield* walk(root, pointer);
}
