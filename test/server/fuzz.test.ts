// Hostile requests at random against a server started as `mfc serve` starts it, on loopback: bodies
// past the limits or no JSON at all, bent paths and queries, odd methods, headers and framing.
// Whatever arrives, the server answers below 500 with the §8 headers and, for an error, the version's
// §7 body; a request it refuses (or does not answer) leaves what it addresses as it was; and a
// success answers a body valid for its operation.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperation, validateResponse } from '../../packages/api/src/openapi/index.js';
import type { TestServer } from './client.js';
import { start } from './client.js';
import type { HostileRequest, Resource, Tokens } from './hostile-arbitraries.js';
import { wireRequestArb, writeRequestArb } from './hostile-arbitraries.js';
import { apiOfTarget, expectWellFormed, sendRaw } from './raw-http.js';

// 250 requests in all, each with a look at what it addresses before and after: two or three seconds
// on an idle machine. The time limits keep a loaded one within the file's budget; the runs done count.
const seed = Number(process.env.MFC_FUZZ_SEED ?? 20261010);
const budget = { writes: { numRuns: 150, interruptAfterTimeLimit: 12_000 }, wire: { numRuns: 100, interruptAfterTimeLimit: 8_000 } };

/** Every page of a v2 list, as JSON text. */
async function v2List(t: TestServer, path: string): Promise<string[]> {
  const pages: string[] = [];
  let next: string | null = `${path}?limit=100`;
  while (next !== null) {
    const reply = await t.v2.get(next);
    expect(reply.status, `GET ${next}`).toBe(200);
    pages.push(JSON.stringify(reply.body.data));
    const url: string | null = reply.body.pagination.next_page_url;
    next = url === null ? null : url.slice(url.indexOf('/merchant_api/v2') + '/merchant_api/v2'.length);
  }
  return pages;
}

/**
 * What the API shows of a resource, read with the primary token (the Client checks each answer):
 * orders and restocking shipments through their v2 lists; SKUs as v1 and v2 show those the requests
 * address (with their batches and batch settings), and whether the id after the last one created exists.
 */
async function view(t: TestServer, resource: Resource, nextSkuId: number): Promise<string> {
  if (resource === 'restocking') return JSON.stringify(await v2List(t, '/restocking_shipments'));
  if (resource !== 'skus') return JSON.stringify(await v2List(t, '/orders'));
  const reads = await Promise.all([
    ...['501', '502', '503', '504'].flatMap((id) => [t.v1.get(`/skus/${id}`), t.v2.get(`/skus/${id}`)]),
    t.as('sameMerchantOtherChannel').v1.get('/skus/777'), t.v1.get(`/skus/${nextSkuId}`),
  ]);
  return JSON.stringify(reads.map((reply) => [reply.status, reply.body]));
}

function describeRequest(request: HostileRequest): string {
  const body = request.body === undefined ? 'no body' : `${request.body.length} bytes: ${request.body.subarray(0, 120).toString('utf8')}`;
  return `${request.method} ${request.target.slice(0, 200)} (${request.length ?? 'exact'} length, ${body})`;
}

describe('hostile requests at random (issue 10)', () => {
  let t: TestServer;
  // SKU ids are handed out in order from 1001: the next one must not exist until a create succeeds.
  let nextSkuId = 1001;
  const seen = { runs: 0, statuses: new Map<number, number>() };
  beforeAll(async () => { t = await start({ rateLimit: 1_000_000 }); });
  afterAll(async () => {
    await t.close();
    process.stdout.write(`fuzz: ${seen.runs} requests, statuses ${JSON.stringify(Object.fromEntries([...seen.statuses].sort(([a], [b]) => a - b)))}\n`);
  });

  const check = async (request: HostileRequest): Promise<void> => {
    const where = describeRequest(request);
    const before = await view(t, request.resource, nextSkuId);
    const reply = await sendRaw(t.server.port, request);
    const api = apiOfTarget(request.target);
    expectWellFormed(reply, api, request.method, where);
    seen.runs += 1;
    seen.statuses.set(reply.status, (seen.statuses.get(reply.status) ?? 0) + 1);
    if (reply.status >= 400) {
      expect(await view(t, request.resource, nextSkuId), `what ${where} addresses, after its ${reply.status}`).toBe(before);
      return;
    }
    const body = request.method === 'HEAD' || reply.text === '' ? undefined : JSON.parse(reply.text) as Record<string, unknown>;
    const operation = findOperation(api, request.method, request.target);
    if (operation && body !== undefined) expect(validateResponse(api, operation.key, reply.status, body).errors, `answer to ${where}`).toEqual([]);
    if (request.method === 'POST' && /\/skus(\?|$)/.test(request.target) && typeof body?.id === 'number') nextSkuId = Math.max(nextSkuId, body.id + 1);
  };

  it('bent bodies on every write operation: 4xx in the §7 shape and nothing stored, or a valid success', async () => {
    const runsBefore = seen.runs;
    await fc.assert(fc.asyncProperty(writeRequestArb(t.server.profile.tokens as Tokens), check), { seed, ...budget.writes, markInterruptAsFailure: false });
    // Meaningful only if the bodies got as far as validation and some writes went through.
    expect(seen.runs - runsBefore).toBeGreaterThanOrEqual(50);
    expect(seen.statuses.get(422) ?? 0).toBeGreaterThan(10);
    expect((seen.statuses.get(200) ?? 0) + (seen.statuses.get(201) ?? 0)).toBeGreaterThan(5);
  });

  it('bent targets, methods, headers and framing: never a 5xx, always the §8 headers', async () => {
    const runsBefore = seen.runs;
    await fc.assert(fc.asyncProperty(wireRequestArb(t.server.profile.tokens as Tokens), check), { seed: seed + 1, ...budget.wire, markInterruptAsFailure: false });
    expect(seen.runs - runsBefore).toBeGreaterThanOrEqual(30);
    expect(({} as Record<string, unknown>).polluted, 'Object.prototype untouched').toBeUndefined();
  });
});
