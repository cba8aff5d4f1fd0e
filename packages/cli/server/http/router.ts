/** Path parameters captured by a route, e.g. `{ id: '12' }`. */
export type Params = Record<string, string>;

interface Route<H> {
  method: string;
  segments: string[];
  handler: H;
}

/** The outcome of matching: a handler, or that the path exists with other methods (405), or nothing (404). */
export type Match<H> =
  | { kind: 'found'; handler: H; params: Params }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

/** A tiny path router: templates like `/orders/{id}`; literal segments win over parameters. */
export class Router<H> {
  private routes: Route<H>[] = [];

  /** Registers a handler for a method and path template. */
  on(method: string, template: string, handler: H): this {
    this.routes.push({ method, segments: template.split('/').filter(Boolean), handler });
    return this;
  }

  /** Finds the handler for a method and concrete path. */
  match(method: string, path: string): Match<H> {
    const parts = path.split('/').filter(Boolean);
    const candidates = this.routes
      .map((route) => ({ route, params: matchSegments(route.segments, parts) }))
      .filter((c): c is { route: Route<H>; params: Params } => c.params !== undefined)
      // A literal segment such as `by_merchant_order_id` must beat `{id}`.
      .sort((a, b) => literalCount(b.route) - literalCount(a.route));
    const found = candidates.find((c) => c.route.method === method);
    if (found) return { kind: 'found', handler: found.route.handler, params: found.params };
    if (candidates.length > 0) return { kind: 'method-not-allowed', allowed: [...new Set(candidates.map((c) => c.route.method))] };
    return { kind: 'not-found' };
  }
}

function literalCount(route: Route<unknown>): number {
  return route.segments.filter((s) => !s.startsWith('{')).length;
}

// Malformed percent-encoding stays as sent: it then names no record (404) instead of throwing.
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchSegments(template: string[], parts: string[]): Params | undefined {
  if (template.length !== parts.length) return undefined;
  const params: Params = {};
  for (let i = 0; i < template.length; i++) {
    const t = template[i] as string;
    const p = parts[i] as string;
    if (t.startsWith('{')) params[t.slice(1, -1)] = decodeSegment(p);
    else if (t !== p) return undefined;
  }
  return params;
}
