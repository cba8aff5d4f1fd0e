import { expect } from 'vitest';
import { findOperation, validateResponse, validateSchema } from '../../packages/api/src/openapi/index.js';
import type { RunningServer, ServerOptions } from '../../packages/cli/server/index.js';
import { startServer } from '../../packages/cli/server/index.js';

/** One answer as the server's tests see it. */
export interface Reply {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** Per-request options: a body (JSON-encoded), or raw text, extra headers, and whether to check the schemas. */
export interface RequestOptions {
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** false for faults whose deviation is a schema violation; the 500 and header checks still run. */
  validate?: boolean;
}

/**
 * A client for one API version and token that checks every answer: never a 500, both rate-limit
 * headers, and the body valid against the generated validators (errors against the version's Error).
 */
export class Client {
  /** `check` false skips the header and schema checks (for servers running a fault); the 500 check stays. */
  constructor(readonly base: string, readonly api: 'v1' | 'v2', readonly token: string | undefined, readonly check = true) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.token !== undefined) headers.authorization = `Bearer ${this.token}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.base}/merchant_api/${this.api}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const reply: Reply = { status: response.status, headers: response.headers, body: parsed, text };
    const where = `${method} ${path} → ${reply.status} ${text.slice(0, 300)}`;
    expect(reply.status, where).not.toBe(500);
    if (options.validate !== false && this.check) this.validate(method, path, reply, where);
    return reply;
  }

  private validate(method: string, path: string, reply: Reply, where: string): void {
    expect(reply.headers.get('x-rate-limit-used'), `X-Rate-Limit-Used on ${where}`).toMatch(/^\d+$/);
    expect(reply.headers.get('x-rate-limit-max'), `X-Rate-Limit-Max on ${where}`).toMatch(/^\d+$/);
    expect(reply.headers.get('content-type'), where).toMatch(/^application\/json/);
    if (reply.status >= 400) {
      const verdict = validateSchema(this.api, 'Error', reply.body);
      expect(verdict.errors, `error body of ${where}`).toEqual([]);
      expect(verdict.ok, where).toBe(true);
      return;
    }
    const operation = findOperation(this.api, method, path);
    // Our few extra read endpoints (e.g. GET /skus/{id}) are not in the documents.
    if (!operation) return;
    const verdict = validateResponse(this.api, operation.key, reply.status, reply.body);
    expect(verdict.statusAllowed, `status allowed for ${where}`).toBe(true);
    expect(verdict.errors, `schema of ${where}`).toEqual([]);
  }

  get(path: string, options?: RequestOptions): Promise<Reply> { return this.request('GET', path, options); }
  post(path: string, body?: unknown, options?: RequestOptions): Promise<Reply> { return this.request('POST', path, { ...options, body }); }
  put(path: string, body?: unknown, options?: RequestOptions): Promise<Reply> { return this.request('PUT', path, { ...options, body }); }
  patch(path: string, body?: unknown, options?: RequestOptions): Promise<Reply> { return this.request('PATCH', path, { ...options, body }); }
  delete(path: string, options?: RequestOptions): Promise<Reply> { return this.request('DELETE', path, options); }
}

/** The token names of a profile. */
export type TokenName = 'primary' | 'sameMerchantOtherChannel' | 'otherMerchant' | 'expired' | 'inactiveChannel';

/** A started server with clients for each token. */
export interface TestServer {
  server: RunningServer;
  v1: Client;
  v2: Client;
  as(token: TokenName | 'none' | string): { v1: Client; v2: Client };
  close(): Promise<void>;
}

/** Starts a server (on 127.0.0.1, port 0) and builds clients for it; `check` as for `Client`. */
export async function start(options: ServerOptions = {}, check = true): Promise<TestServer> {
  const server = await startServer({ port: 0, ...options });
  const tokens: Record<string, string | undefined> = { ...server.profile.tokens };
  const as = (name: string): { v1: Client; v2: Client } => {
    const token = name === 'none' ? undefined : tokens[name] ?? name;
    return { v1: new Client(server.url, 'v1', token, check), v2: new Client(server.url, 'v2', token, check) };
  };
  return { server, ...as('primary'), as, close: () => server.close() };
}

/** A valid §2.1 address. */
export const address = {
  city: 'Berlin', country_code: 'DE', line1: 'Hauptstraße 5', postal_code: '10115', first_name: 'Ada', last_name: 'Lovelace',
  company: 'Analytical Engines', line2: 'Hinterhaus', email: 'ada@example.test', phone: '+49 30 1234',
};

let counter = 0;

/** A valid v1 OrderCreate for the seeded primary channel's SKU 501, with a fresh merchant_order_id. */
export function newOrder(extra: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    merchant_order_id: `TEST-${counter}-${Date.now()}`,
    currency: 'EUR',
    carrier_preference: 'UPS',
    tags: ['test'],
    shipping_address: { ...address },
    items: [
      { merchant_item_id: 'A', sku_id: 501, quantity: 2 },
      { merchant_item_id: 'B', sku_code: 'TSHIRT-BLACK-L', quantity: 1 },
    ],
    ...extra,
  };
}
