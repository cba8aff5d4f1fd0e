import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, CheckFailure, type SchemaViolation } from '../../packages/cli/src/checks/index.js';
import { HttpClient, type RecordedExchange } from '../../packages/cli/src/http/index.js';
import { refusingUrl, startFakeTarget, type FakeTarget } from '../support/fake-target.js';

const token = 'tok-client-9c2f';
const validPage = { data: [], pagination: { current_page: 1, item_count: 0, page_count: 0, items_per_page: 20 } };

// The fake target answers by path, so each case names its own answer.
const answers: Record<string, { status: number; body: string; type?: string }> = {
  '/merchant_api/v1/orders': { status: 200, body: JSON.stringify(validPage) },
  '/merchant_api/v1/orders?page=418': { status: 418, body: '{}' },
  '/merchant_api/v1/orders?page=2': { status: 200, body: JSON.stringify({ data: 'not a list', pagination: validPage.pagination }) },
  '/merchant_api/v1/orders?page=3': { status: 200, body: '<html>oops</html>', type: 'text/html' },
};

describe('ApiClient: every answer is held to the specification', () => {
  let target: FakeTarget;
  let http: HttpClient;
  const recorded: RecordedExchange[] = [];
  const violations: SchemaViolation[] = [];
  let client: ApiClient<'v1'>;
  beforeAll(async () => {
    target = await startFakeTarget((request, _reply, res) => {
      if (request.url.includes('close-connection')) {
        res.socket?.destroy();
        return;
      }
      const answer = answers[request.url] ?? { status: 404, body: '{}' };
      res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' }).end(answer.body);
    });
    http = new HttpClient({ secrets: [token], requestTimeoutMs: 500 });
    client = new ApiClient(http, target.url, 'v1', token, (list) => recorded.push(...list), (list) => violations.push(...list));
  });
  afterAll(async () => {
    await target.close();
    await http.close();
  });

  async function failure(promise: Promise<unknown>): Promise<CheckFailure> {
    const error = await promise.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(CheckFailure);
    return error as CheckFailure;
  }

  it('returns a valid answer parsed, with the bearer token sent and redacted in the record', async () => {
    const res = await client.get('/orders');
    expect(res).toMatchObject({ api: 'v1', status: 200, body: validPage });
    expect(target.requests.at(-1)?.headers.authorization).toBe(`Bearer ${token}`);
    expect(res.exchange.requestHeaders.authorization).toBe('Bearer [redacted]');
    expect(recorded.at(-1)).toBe(res.exchange);
  });

  it('fails a status the operation does not list', async () => {
    const error = await failure(client.get('/orders', { query: { page: 418 } }));
    expect(error.code).toBe('MFC_CHECK_STATUS_NOT_ALLOWED');
    expect(error.detail.expected).toBe('one of 200, 400, 401, 403, 429');
    expect(error.detail.received).toBe('418');
  });

  it('skips instead when the request only prepares a premise, and notes the status for the check that owns it', async () => {
    violations.length = 0;
    const reasons: string[] = [];
    const skipping = new ApiClient(http, target.url, 'v1', token, () => undefined, (list) => violations.push(...list), (reason) => {
      reasons.push(reason);
      throw new Error('skipped');
    });
    await expect(skipping.get('/orders', { query: { page: 418 }, premise: true })).rejects.toThrow('skipped');
    expect(reasons).toEqual([expect.stringContaining('GET /orders answered a status the specification does not allow for it (§4.1), 418')]);
    expect(violations).toMatchObject([{ operation: 'GET /orders', status: 418, pointer: '(status)' }]);
  });

  it('hands a body its schema rejects to the schema checks, quoting the schema error, and goes on', async () => {
    violations.length = 0;
    const res = await client.get('/orders', { query: { page: 2 } });
    expect(res.body).toEqual({ data: 'not a list', pagination: validPage.pagination });
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ api: 'v1', operation: 'GET /orders', status: 200, pointer: '/data' });
    expect(violations[0]!.message).toMatch(/^\/data: expected/);
    expect(violations[0]!.exchange).toBe(res.exchange);
    expect(JSON.stringify(violations)).not.toContain(token);
  });

  it('hands a body that is not JSON to the schema checks as one violation, with the body undefined', async () => {
    violations.length = 0;
    const res = await client.get('/orders', { query: { page: 3 } });
    expect(res.body).toBeUndefined();
    expect(violations.map((v) => [v.pointer, v.message])).toEqual([['', '(root): expected a JSON body, received text that is not JSON']]);
  });

  it('lets a request opt out of validation', async () => {
    violations.length = 0;
    const res = await client.get('/orders', { query: { page: 3 }, validate: false });
    expect(violations).toEqual([]);
    expect(res.status).toBe(200);
    expect(res.body).toBeUndefined();
    expect(res.text).toBe('<html>oops</html>');
  });

  it('sends no Authorization header with token null, and a raw body as it is', async () => {
    await client.request({ method: 'POST', path: '/orders', token: null, rawBody: '{not json', validate: false });
    const seen = target.requests.at(-1);
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.body).toBe('{not json');
  });

  it("lets a check's header replace the client's, whatever its case", async () => {
    await client.post('/orders', { body: { a: 1 }, headers: { 'Content-Type': 'text/plain' }, validate: false });
    expect(target.requests.at(-1)?.headers['content-type']).toBe('text/plain');
  });

  it('fills the template with the path values, percent-encoded, and validates the answer as that operation', async () => {
    violations.length = 0;
    const res = await client.get('/orders/{id}', { path: { id: 'a b/c' }, validate: false });
    expect(target.requests.at(-1)?.url).toBe('/merchant_api/v1/orders/a%20b%2Fc');
    expect(res.status).toBe(404);
    await client.patch('/skus/{id}', { path: { id: 7 }, body: {}, validate: false });
    expect(target.requests.at(-1)).toMatchObject({ method: 'PATCH', url: '/merchant_api/v1/skus/7', body: '{}' });
  });

  it('types a call by its documented template: a misspelt template, parameter or field does not compile', () => {
    // Never called: the compiler (npx tsc) holds these lines, each must stay an error.
    const misspelt = async () => {
      // @ts-expect-error no template /order/{id}
      await client.get('/order/{id}', { path: { id: 1 } });
      // @ts-expect-error the template's parameter is id
      await client.get('/orders/{id}', { path: { order_id: 1 } });
      // @ts-expect-error GET /orders/{id} has {id}: its value is required
      await client.get('/orders/{id}');
      // @ts-expect-error GET takes no body
      await client.get('/orders', { body: {} });
      const res = await client.get('/restocking_shipments/{id}', { path: { id: 1 } });
      // @ts-expect-error the v1 restocking shipment has barcode (the v1 Order is open: its field list is not shown)
      return res.body.barcod;
    };
    expect(misspelt).toBeTypeOf('function');
  });

  it('skips, as it cannot judge, when the deployment closes the connection before an answer (a read after one resend on a new connection)', async () => {
    const reasons: string[] = [];
    const skipping = new ApiClient(http, target.url, 'v1', token, () => undefined, () => undefined, (reason) => {
      reasons.push(reason);
      throw new Error('skipped');
    });
    await expect(skipping.post('/orders', { body: {}, query: { 'close-connection': 1 } })).rejects.toThrow('skipped');
    await expect(skipping.get('/orders', { query: { 'close-connection': 1 } })).rejects.toThrow('skipped');
    const host = new URL(target.url).host;
    expect(reasons).toEqual([
      `could not judge: POST /orders?close-connection=1 got no answer: connection closed before an answer (a connection of its own, as every write gets; ${host})`,
      `could not judge: GET /orders?close-connection=1 got no answer: connection closed before an answer (sent again on a new connection, it was closed again; ${host})`,
    ]);
  });

  it('fails with MFC_CHECK_UNREACHABLE when no answer arrives', async () => {
    const offline = new ApiClient(http, await refusingUrl(), 'v1', token, () => undefined);
    const error = await failure(offline.get('/orders'));
    expect(error.code).toBe('MFC_CHECK_UNREACHABLE');
    expect(error.detail.received).toMatch(/connection refused/);
  });
});
