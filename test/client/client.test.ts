import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  AbortError, ApiError, ClientError, ClientOptionsError, createClient, NetworkError, Pacer, TimeoutError, unwrap, ValidationError,
} from '../../packages/api/src/client/index.js';
import { headerEntries, type HeadersInput } from '../../packages/api/src/client/core.js';
import { refusingUrl } from '../support/fake-target.js';
import { useMockAgent } from '../support/mock-agent.js';

const TOKEN = 'tok-integrator-5e1d';
const base = 'http://api.test';
const order = {
  id: 7, merchant_order_id: 'M-7', sales_channel_id: 11, carrier_preference: null, created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z', currency: 'EUR', financial_status: 'paid', fulfillment_status: 'processing', items: [],
  shipping_address: { city: 'Berlin', country_code: 'DE', line1: 'Street 1', postal_code: '10115', full_name: 'A B' },
  total_price_in_cents: 0, total_tax_in_cents: 0, total_net_revenue_in_cents: 0, total_net_refunds_in_cents: 0, total_tax_refunds_in_cents: 0,
};
const json = { headers: { 'content-type': 'application/json' } };

describe('createClient: typed calls over a MockAgent', () => {
  const agent = useMockAgent();

  it('fills the path, sends the query, the bearer token and a JSON body, and returns the typed data', async () => {
    const pool = agent().get(base);
    const seen: Array<{ path: string; headers: Record<string, string>; body: unknown }> = [];
    pool.intercept({ path: (path) => path.startsWith('/merchant_api/v2/restocking_shipments'), method: 'POST' }).reply((options) => {
      seen.push({ path: options.path, headers: options.headers as Record<string, string>, body: JSON.parse(String(options.body)) });
      return { statusCode: 201, data: { id: 9 }, responseOptions: json };
    });
    pool.intercept({ path: '/merchant_api/v2/orders/7%2F8', method: 'GET' }).reply(200, order, json);
    const client = createClient({ baseUrl: `${base}/`, token: TOKEN, version: 'v2', dispatcher: agent() });
    const created = await client.POST('/restocking_shipments', {
      body: { delivery_option: 'postal', estimated_arrival_date: '2026-02-01', warehouse_id: 3, restocking_shipment_items: [{ sku_id: 1, announced_quantity: 2 }] },
    });
    expect(created).toMatchObject({ ok: true, status: 201, data: { id: 9 } });
    expect(seen[0]!.headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json' });
    expect(seen[0]!.body).toMatchObject({ warehouse_id: 3 });
    // A path parameter is percent-encoded, never spliced in raw.
    const fetched = await client.GET('/orders/{id}', { params: { path: { id: '7/8' as unknown as number } } });
    expect(unwrap(fetched)).toEqual(order);
  });

  const errorTable: Array<[string, { version: 'v1' | 'v2'; status: number; body: unknown; message: string }]> = [
    ['v1 404 with its error body', { version: 'v1', status: 404, body: { success: false, errors: ['Order not found'] }, message: 'GET http://api.test/merchant_api/v1/orders/5 answered 404: Order not found' }],
    ['v2 422 with a title', { version: 'v2', status: 422, body: { errors: { currency: ['is invalid'] }, title: 'Unprocessable', status: 422 }, message: 'GET http://api.test/merchant_api/v2/orders/5 answered 422: Unprocessable' }],
    ['a 502 from a proxy, not JSON', { version: 'v2', status: 502, body: '<html>bad gateway</html>', message: 'GET http://api.test/merchant_api/v2/orders/5 answered 502' }],
  ];
  it.each(errorTable)('an error answer is a value: %s', async (_name, { version, status, body, message }) => {
    agent().get(base).intercept({ path: `/merchant_api/${version}/orders/5`, method: 'GET' }).reply(status, typeof body === 'string' ? body : JSON.stringify(body));
    const client = createClient({ baseUrl: base, token: TOKEN, version: version as 'v2', dispatcher: agent() });
    const result = await client.GET('/orders/{id}', { params: { path: { id: 5 } } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(status);
    expect(result.error).toBeInstanceOf(ApiError);
    expect(result.error).toBeInstanceOf(ClientError);
    expect(result.error.status).toBe(status);
    expect(result.error.body).toEqual(typeof body === 'string' ? undefined : body);
    expect(result.error.message).toBe(message);
    expect(() => unwrap(result)).toThrow(result.error);
  });

  it('NetworkError when nothing answers', async () => {
    const client = createClient({ baseUrl: await refusingUrl(), token: TOKEN, version: 'v1' });
    const error = await client.GET('/orders').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/merchant_api\/v1\/orders: connection refused/);
    await client.close();
  });

  it('TimeoutError when the answer takes longer than timeoutMs (per call overrides the client)', async () => {
    agent().get(base).intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(200, '{}').delay(2_000).times(2);
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent(), timeoutMs: 50 });
    const started = Date.now();
    const error = await client.GET('/orders').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50, message: 'GET http://api.test/merchant_api/v1/orders: no answer within 50 ms' });
    const perCall = await client.GET('/orders', { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(perCall).toMatchObject({ name: 'TimeoutError', timeoutMs: 30 });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('AbortError (name "AbortError") at once when the call\'s or the client\'s signal fires', async () => {
    agent().get(base).intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(200, '{}').delay(5_000).times(3);
    const clientController = new AbortController();
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent(), signal: clientController.signal });
    const callController = new AbortController();
    const started = Date.now();
    const pending = client.GET('/orders', { signal: callController.signal });
    callController.abort(new Error('user left'));
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ name: 'AbortError', cause: new Error('user left') });
    const second = client.GET('/orders');
    clientController.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    // An already aborted signal sends nothing.
    await expect(client.GET('/orders')).rejects.toBeInstanceOf(AbortError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('AbortError during a pacing wait, without waiting for the window', async () => {
    agent().get(base).intercept({ path: '/merchant_api/v1/orders', method: 'GET' }).reply(200, '{}', { headers: { 'x-rate-limit-used': '99', 'x-rate-limit-max': '100' } });
    // A pacer whose wait never ends: only the abort can finish the call.
    const pacer = new Pacer({ sleep: () => new Promise(() => undefined) });
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent(), pacer });
    await client.GET('/orders');
    const controller = new AbortController();
    const pending = client.GET('/orders', { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toBeInstanceOf(AbortError);
  });
});

describe('createClient refuses options it cannot use, at once, as the CLI words them', () => {
  it.each<[string, { baseUrl: string; want: string }]>([
    ['a base URL that holds the version path', { baseUrl: 'http://127.0.0.1:8080/merchant_api/v2', want: 'baseUrl ends in /merchant_api/v2: it is the specification\'s {base_url}, which comes before /merchant_api/v1 and /merchant_api/v2. Use "http://127.0.0.1:8080"' }],
    ['one under a gateway path', { baseUrl: 'https://gw.example.test/mfc/merchant_api/v1/', want: 'baseUrl ends in /merchant_api/v1: it is the specification\'s {base_url}, which comes before /merchant_api/v1 and /merchant_api/v2. Use "https://gw.example.test/mfc"' }],
    ['a base URL without its scheme', { baseUrl: '127.0.0.1:8080', want: 'baseUrl "127.0.0.1:8080" has no scheme: add the scheme: http://127.0.0.1:8080' }],
    ['a text that is no URL', { baseUrl: 'api example', want: 'baseUrl "api example" is not a URL: write it as https://host[:port][/path]' }],
  ])('%s', (_name, { baseUrl, want }) => {
    const make = () => createClient({ baseUrl, token: TOKEN, version: 'v2' });
    expect(make).toThrow(ClientOptionsError);
    expect(make).toThrow(expect.objectContaining({ message: want, code: 'MFC_CLIENT_OPTIONS' }));
  });

  it('says the same as the profile check of mfc, naming the option', async () => {
    const { profileProblems } = await import('../../packages/cli/src/profile/validate.js');
    const baseUrl = 'http://127.0.0.1:8080/merchant_api/v2';
    const [profileLine] = profileProblems({ baseUrl, environment: 'local', tokens: { primary: 't' }, fixtures: { salesChannelId: 1 } });
    expect(() => createClient({ baseUrl, token: TOKEN, version: 'v2' })).toThrow(profileLine!.replace('"baseUrl"', 'baseUrl'));
  });
});

describe('what throws and what is returned (packages/api/README.md)', () => {
  const agent = useMockAgent();

  it('a 401 is a value from GET, and ends items() by throwing its ApiError', async () => {
    agent().get(base).intercept({ path: (path) => path.startsWith('/merchant_api/v2/orders'), method: 'GET' }).reply(401, { errors: [{ message: 'unauthorized' }] }, json).times(2);
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v2', dispatcher: agent() });
    expect(await client.GET('/orders')).toMatchObject({ ok: false, status: 401, error: { name: 'ApiError', status: 401 } });
    const walk = async () => {
      for await (const item of client.items('/orders')) expect(item).toBeUndefined();
    };
    await expect(walk()).rejects.toMatchObject({ name: 'ApiError', status: 401 });
  });
});

describe('validate: true', () => {
  const agent = useMockAgent();

  const table: Array<[string, { status: number; body: string; want: RegExp }]> = [
    ['a field of the wrong type', { status: 200, body: JSON.stringify({ ...order, currency: 'eur' }), want: /\/currency: expected to match \^\[A-Z\]\{3\}\$, received "eur"/ }],
    ['a missing required field', { status: 200, body: JSON.stringify({ ...order, items: undefined }), want: /\/items: expected .*received nothing|items/ }],
    ['a status the operation does not list', { status: 418, body: '{}', want: /answered 418, a status GET \/orders\/\{id\} does not list/ }],
    ['an error body that breaks the v2 error schema', { status: 404, body: JSON.stringify({ nothing: true }), want: /breaks its schema/ }],
    ['a body that is not JSON', { status: 404, body: 'oops', want: /expected a JSON body, received text that is not JSON/ }],
  ];
  it.each(table)('ValidationError with a readable message: %s', async (_name, { status, body, want }) => {
    agent().get(base).intercept({ path: '/merchant_api/v2/orders/7', method: 'GET' }).reply(status, body).times(2);
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v2', dispatcher: agent(), validate: true });
    const error = await client.GET('/orders/{id}', { params: { path: { id: 7 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(want);
    expect((error as ValidationError).status).toBe(status);
    // Off per call: the answer is handed over as it is.
    const loose = await client.GET('/orders/{id}', { params: { path: { id: 7 } }, validate: false });
    expect(loose.status).toBe(status);
  });

  it('passes a valid answer; off by default', async () => {
    agent().get(base).intercept({ path: '/merchant_api/v2/orders/7', method: 'GET' }).reply(200, order).times(1);
    agent().get(base).intercept({ path: '/merchant_api/v2/orders/8', method: 'GET' }).reply(200, { ...order, currency: 'eur' }).times(1);
    const strict = createClient({ baseUrl: base, token: TOKEN, version: 'v2', dispatcher: agent(), validate: true });
    expect((await strict.GET('/orders/{id}', { params: { path: { id: 7 } } })).ok).toBe(true);
    const loose = createClient({ baseUrl: base, token: TOKEN, version: 'v2', dispatcher: agent() });
    expect(await loose.GET('/orders/{id}', { params: { path: { id: 8 } } })).toMatchObject({ ok: true, data: { currency: 'eur' } });
  });
});

describe('the token never shows', () => {
  const agent = useMockAgent();

  function shows(value: unknown): string[] {
    const error = value as Error;
    return [String(value), inspect(value, { depth: 10, showHidden: true }), JSON.stringify(value) ?? '', error?.message ?? '', error?.stack ?? ''];
  }

  it('not in the client: inspect, toString, JSON', () => {
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent() });
    for (const text of shows(client)) expect(text).not.toContain(TOKEN);
    expect(String(client)).toBe('Client(v1 http://api.test)');
    expect(JSON.parse(JSON.stringify(client))).toEqual({ version: 'v1', baseUrl: base });
  });

  it('not in any error: an error body echoing it, a rate limit, a timeout, an abort, a validation, a network failure', async () => {
    const pool = agent().get(base);
    const echo = { success: false, errors: [`token Bearer ${TOKEN} is unknown`] };
    pool.intercept({ path: '/merchant_api/v1/orders/1', method: 'GET' }).reply(401, echo, { headers: { 'x-echo': TOKEN } });
    pool.intercept({ path: '/merchant_api/v1/orders/2', method: 'GET' }).reply(429, echo, { headers: { 'retry-after': '3600' } });
    pool.intercept({ path: '/merchant_api/v1/orders/3', method: 'GET' }).reply(200, '{}').delay(1_000);
    pool.intercept({ path: '/merchant_api/v1/orders/4', method: 'GET' }).reply(200, '{}').delay(1_000);
    agent().get(base).intercept({ path: '/merchant_api/v2/orders/5', method: 'GET' }).reply(200, { ...order, currency: TOKEN });
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent(), timeoutMs: 30, maxWaitMs: 10 });
    const errors: unknown[] = [];
    for (const id of [1, 2]) {
      const result = await client.GET('/orders/{id}', { params: { path: { id } } });
      if (!result.ok) errors.push(result.error);
    }
    errors.push(await client.GET('/orders/{id}', { params: { path: { id: 3 } } }).catch((e: unknown) => e));
    errors.push(await client.GET('/orders/{id}', { params: { path: { id: 4 } }, signal: AbortSignal.abort() }).catch((e: unknown) => e));
    const v2 = createClient({ baseUrl: base, token: TOKEN, version: 'v2', dispatcher: agent(), validate: true });
    errors.push(await v2.GET('/orders/{id}', { params: { path: { id: 5 } } }).catch((e: unknown) => e));
    const refused = createClient({ baseUrl: await refusingUrl(), token: TOKEN, version: 'v1' });
    errors.push(await refused.GET('/orders').catch((e: unknown) => e));
    expect(errors.map((error) => (error as Error).name)).toEqual(['ApiError', 'RateLimitedError', 'TimeoutError', 'AbortError', 'ValidationError', 'NetworkError']);
    for (const error of errors) for (const text of shows(error)) expect(text).not.toContain(TOKEN);
    expect((errors[4] as Error).message).toContain('/currency: expected to match ^[A-Z]{3}$, received "[redacted]"');
    expect((errors[0] as ApiError).body).toEqual({ success: false, errors: ['token Bearer [redacted] is unknown'] });
    // The exchanges behind an error are recorded with the Authorization header redacted.
    expect((errors[0] as ApiError).exchanges[0]?.requestHeaders.authorization).toBe('Bearer [redacted]');
    await refused.close();
  });
});

describe('headerEntries: request headers as callers hold them', () => {
  it.each([
    ['a record, names lower-cased', { given: { 'X-Request-Id': 'r1' }, want: [['x-request-id', 'r1']] }],
    ['a list, joined as a repeated header reads', { given: { 'accept-language': ['de', 'en'] }, want: [['accept-language', 'de, en']] }],
    ['undefined, left out', { given: { 'x-absent': undefined, 'x-present': 'p' }, want: [['x-present', 'p']] }],
    ['a fetch Headers', { given: new Headers({ 'X-Request-Id': 'r2' }), want: [['x-request-id', 'r2']] }],
    ['nothing', { given: undefined, want: [] }],
  ] satisfies Array<[string, { given: HeadersInput | undefined; want: Array<[string, string]> }]>)('%s', (_name, { given, want }) => {
    expect(headerEntries(given)).toEqual(want);
  });
});
