// v2 `limit` (§4.2, §8): its default and maximum are not shown, so a service may refuse a limit above
// its own maximum (400) instead of capping it. A list read that only wants records asks without limit then.
import type { ApiClient, ApiResponse, Query } from '../../src/checks/index.js';

/**
 * GET the first page of a v2 list with `query`; when the service answers 400 to a query holding a
 * limit, the same query without limit (the service's default page size). The caller judges the answer.
 */
export async function firstV2Page(client: ApiClient, path: string, query: Query): Promise<ApiResponse> {
  if (query.limit === undefined) return client.get(path, { query });
  // Unvalidated: a 400 here is the service's choice, not a finding; the page itself is judged by the caller.
  const page = await client.get(path, { query, validate: false });
  if (page.status !== 400) return page;
  const { limit: _refused, ...rest } = query;
  return client.get(path, { query: rest });
}
