import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createClient, PaginationError } from '../../packages/api/src/client/index.js';
import { useMockAgent } from '../support/mock-agent.js';

const TOKEN = 'tok-pages-31c0';
const base = 'http://api.test';

async function collect<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterator) items.push(item);
  return items;
}

describe('v1 page iteration (§4.1, §8)', () => {
  const agent = useMockAgent();
  let asked: string[];
  beforeEach(() => {
    asked = [];
  });

  /** Answers GET /orders from `pages` by its `page` query parameter. */
  function serve(answer: (page: number) => { status?: number; body: unknown }) {
    agent().get(base).intercept({ path: (path) => path.startsWith('/merchant_api/v1/orders'), method: 'GET' }).reply((options) => {
      asked.push(options.path);
      const page = Number(new URL(options.path, base).searchParams.get('page'));
      const { status, body } = answer(page);
      return { statusCode: status ?? 200, data: JSON.stringify(body) };
    }).persist();
  }
  const pageOf = (page: number, ids: number[], pageCount: number) => ({
    data: ids.map((id) => ({ id })),
    pagination: { current_page: page, item_count: 5, page_count: pageCount, items_per_page: 2 },
  });

  it('asks page 1, 2, 3 with the caller\'s query and stops at page_count', async () => {
    const pages: Record<number, number[]> = { 1: [1, 2], 2: [3, 4], 3: [5] };
    serve((page) => ({ body: pageOf(page, pages[page] ?? [], 3) }));
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent() });
    const items = await collect(client.items('/orders', { params: { query: { limit: 2, 'created_at[gte]': '2026-01-01T00:00:00Z' } } }));
    expect(items.map((item) => (item as { id: number }).id)).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([1, 2, 3].map((page) => `/merchant_api/v1/orders?limit=2&created_at%5Bgte%5D=2026-01-01T00%3A00%3A00Z&page=${page}`));
  });

  it('stops at an empty page when the pagination object says nothing of the count, and starts from params.query.page', async () => {
    serve((page) => ({ body: { data: page < 4 ? [{ id: page }] : [] } }));
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent() });
    const pages = await collect(client.pages('/orders', { params: { query: { page: 2 } } }));
    expect(pages).toEqual([{ data: [{ id: 2 }] }, { data: [{ id: 3 }] }]);
    expect(asked.map((path) => new URL(path, base).searchParams.get('page'))).toEqual(['2', '3', '4']);
  });

  it('hands out an empty first page (a list with no records)', async () => {
    serve(() => ({ body: pageOf(1, [], 0) }));
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent() });
    expect(await collect(client.pages('/orders'))).toEqual([pageOf(1, [], 0)]);
  });

  it('PaginationError when the server ignores page (the same page forever)', async () => {
    serve(() => ({ body: pageOf(1, [1, 2], 3) }));
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent() });
    await expect(collect(client.items('/orders'))).rejects.toThrow(new PaginationError('asked for page 2, received current_page 1'));
  });

  it('PaginationError after maxPages', async () => {
    serve((page) => ({ body: { data: [{ id: page }] } }));
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent() });
    await expect(collect(client.items('/orders', { maxPages: 3 }))).rejects.toBeInstanceOf(PaginationError);
    expect(asked).toHaveLength(3);
  });

  it('an error answer mid-walk is thrown as its ApiError', async () => {
    serve((page) => (page === 2 ? { status: 403, body: { success: false, errors: ['expired'] } } : { body: pageOf(page, [page], 3) }));
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v1', dispatcher: agent() });
    const error = await collect(client.items('/orders')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, body: { errors: ['expired'] } });
  });
});

describe('v2 cursor iteration (§2.7, §9 rule 4)', () => {
  const agent = useMockAgent();
  let asked: string[];
  beforeEach(() => {
    asked = [];
  });

  /** Answers each path (with its query) from `pages`; a page is its record ids and its next_page_url. */
  function serve(pages: Record<string, [number[], string | null]>) {
    agent().get(base).intercept({ path: () => true, method: 'GET' }).reply((options) => {
      asked.push(options.path);
      const page = pages[options.path];
      if (!page) return { statusCode: 404, data: '{"errors":["no such page"]}' };
      const [ids, next] = page;
      return { statusCode: 200, data: JSON.stringify({ data: ids.map((id) => ({ id })), pagination: { first_page_url: 'x', limit: 2, next_page_url: next } }) };
    }).persist();
  }

  it('follows next_page_url exactly as given: absolute, root-relative and relative, until null', async () => {
    serve({
      '/merchant_api/v2/restocking_shipments?limit=2': [[1, 2], `${base}/merchant_api/v2/restocking_shipments?cursor=opaque%2Fa%3D%3D&limit=2`],
      '/merchant_api/v2/restocking_shipments?cursor=opaque%2Fa%3D%3D&limit=2': [[3, 4], '/merchant_api/v2/restocking_shipments?after=zz9'],
      '/merchant_api/v2/restocking_shipments?after=zz9': [[5], 'restocking_shipments?after=last'],
      '/merchant_api/v2/restocking_shipments?after=last': [[6], null],
    });
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v2', dispatcher: agent() });
    const items = await collect(client.items('/restocking_shipments', { params: { query: { limit: 2 } } }));
    expect(items.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(asked).toHaveLength(4);
  });

  it('PaginationError when next_page_url comes back to a page already followed (a loop)', async () => {
    serve({
      '/merchant_api/v2/restocking_shipments': [[1], '/merchant_api/v2/restocking_shipments?c=2'],
      '/merchant_api/v2/restocking_shipments?c=2': [[2], '/merchant_api/v2/restocking_shipments?c=3'],
      '/merchant_api/v2/restocking_shipments?c=3': [[3], '/merchant_api/v2/restocking_shipments?c=2'],
    });
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v2', dispatcher: agent() });
    const seen: number[] = [];
    const error = await (async () => {
      for await (const item of client.items('/restocking_shipments')) seen.push(item.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as Error).message).toBe('next_page_url http://api.test/merchant_api/v2/restocking_shipments?c=2 was already followed: the list loops');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('re-roots a next_page_url on another origin onto baseUrl: the token never leaves it', async () => {
    serve({
      '/merchant_api/v2/restocking_shipments': [[1], 'http://internal.test:8080/merchant_api/v2/restocking_shipments?c=2'],
      '/merchant_api/v2/restocking_shipments?c=2': [[2], null],
    });
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v2', dispatcher: agent() });
    expect((await collect(client.items('/restocking_shipments'))).map((item) => item.id)).toEqual([1, 2]);
    expect(asked).toEqual(['/merchant_api/v2/restocking_shipments', '/merchant_api/v2/restocking_shipments?c=2']);
  });

  it('keeps a base URL\'s path: a next_page_url with it is followed as given, one without it (a service behind a gateway) is re-rooted under it', async () => {
    serve({
      '/gw/mfc/merchant_api/v2/orders': [[1], `${base}/gw/mfc/merchant_api/v2/orders?c=2`],
      '/gw/mfc/merchant_api/v2/orders?c=2': [[2], '/merchant_api/v2/orders?c=3'],
      '/gw/mfc/merchant_api/v2/orders?c=3': [[3], 'http://10.0.0.7/merchant_api/v2/orders?c=4'],
      '/gw/mfc/merchant_api/v2/orders?c=4': [[4], null],
    });
    const client = createClient({ baseUrl: `${base}/gw/mfc`, token: TOKEN, version: 'v2', dispatcher: agent() });
    expect((await collect(client.items('/orders'))).map((item) => item.id)).toEqual([1, 2, 3, 4]);
    expect(asked.every((path) => path.startsWith('/gw/mfc/merchant_api/v2/orders'))).toBe(true);
  });

  it('PaginationError for a next_page_url that names no v2 path', async () => {
    serve({ '/merchant_api/v2/restocking_shipments': [[1], 'http://elsewhere.test/login?next=2'] });
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v2', dispatcher: agent() });
    await expect(collect(client.items('/restocking_shipments'))).rejects.toThrow(/next_page_url http:\/\/elsewhere\.test\/login\?next=2 names no path under \/merchant_api\/v2: not followed/);
  });

  it('stops when the pagination object has no next_page_url at all', async () => {
    agent().get(base).intercept({ path: '/merchant_api/v2/orders', method: 'GET' }).reply(200, { data: [{ id: 1 }] });
    const client = createClient({ baseUrl: base, token: TOKEN, version: 'v2', dispatcher: agent() });
    expect(await collect(client.pages('/orders'))).toEqual([{ data: [{ id: 1 }] }]);
  });
});
