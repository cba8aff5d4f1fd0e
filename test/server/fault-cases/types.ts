import { findOperation, validateResponse } from '../../../src/openapi/index.js';
import type { ServerOptions } from '../../../server/index.js';
import type { Reply, TestServer } from '../client.js';

/** What a probe may use: the clients, and the server's clock (set to 10:00:30.250 UTC at start). */
export interface ProbeContext extends TestServer {
  setNow(epochMs: number): void;
}

/**
 * One row of the fault table: a probe (requests and what it observes), the observation on a
 * conforming server, and extra server options. The fault must change the observation.
 */
export interface FaultCase {
  probe(t: ProbeContext): Promise<unknown>;
  conforming: unknown;
  options?: ServerOptions;
}

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

/** The fixed start time of the probe clock: 29.75 s before a minute ends. */
export const probeStart = Date.parse('2026-03-01T10:00:30.250Z');
