import { findOperation, validateResponse } from '../../packages/api/src/openapi/index.js';
import type { Reply, TestServer } from '../server/client.js';

// What the probes of the fault catalogue (test/faults/<area>.ts) and of the variant table
// (test/server/variant-cases/) share: the clients, the clock, and a few ways to read an answer.

/** What a probe may use: the clients, and the server's clock (set to 10:00:30.250 UTC at start). */
export interface ProbeContext extends TestServer {
  setNow(epochMs: number): void;
}

/** The fixed start time of the probe clock: 29.75 s before a minute ends. */
export const probeStart = Date.parse('2026-03-01T10:00:30.250Z');

/** Whether a reply is valid for its operation in the generated validators. */
export function schemaOk(api: 'v1' | 'v2', method: string, path: string, reply: Reply): boolean {
  const operation = findOperation(api, method, path);
  if (!operation) throw new Error(`no operation for ${method} ${path}`);
  return validateResponse(api, operation.key, reply.status, reply.body).ok;
}

/** The ids of a page's data. */
export function ids(reply: Reply): number[] {
  return (reply.body.data as { id: number }[]).map((r) => r.id);
}

/** The status a request is answered with. */
export function statusOf(reply: Promise<{ status: number }>): Promise<number> {
  return reply.then((r) => r.status);
}

/**
 * The status of one request sent past the checking client (primary token, JSON body): the client fails
 * every 500, since a conforming server never answers one, so a fault whose deviation is a crash is seen here.
 */
export async function bareStatus(t: TestServer, api: 'v1' | 'v2', method: string, path: string, body?: unknown): Promise<number> {
  const headers: Record<string, string> = { authorization: `Bearer ${t.server.profile.tokens.primary}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${t.server.url}/merchant_api/${api}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  await response.arrayBuffer();
  return response.status;
}
