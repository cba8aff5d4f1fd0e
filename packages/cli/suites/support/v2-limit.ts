// v2 `limit` (§4.2, §8): its default and maximum are not shown, so a service may refuse a limit above
// its own maximum (400, or 422 as invalid data) instead of capping it. A list read that only wants records asks without limit then.
import type { ApiClient, ApiResponse, Documented, ListTemplateOf, Query } from '../../src/checks/index.js';

/** The first page of a v2 list, as documented. */
export type V2FirstPage<Path extends ListTemplateOf<'v2'>> = ApiResponse<Documented<'v2', `GET ${Path}`>>;

/** Whether an answer refuses the query's limit: 400 (malformed) or 422 (invalid data), §7. */
export function limitRefusal(status: number): boolean {
  return status === 400 || status === 422;
}

/**
 * GET the first page of a v2 list with `query`; when the service refuses a query holding a limit
 * (400 or 422), the same query without limit (the service's default page size). The caller judges the answer.
 */
export async function firstV2Page<Path extends ListTemplateOf<'v2'>>(client: ApiClient<'v2'>, path: Path, query: Query): Promise<V2FirstPage<Path>> {
  // `get` cannot tell which list a type parameter names and answers with the union of their pages: this is the page of `path`.
  const list: ListTemplateOf<'v2'> = path;
  const page = async () => {
    if (query.limit === undefined) return client.get(list, { query });
    // A refusal here is the service's choice, not a finding; a page is validated as any other answer.
    const limited = await client.get(list, { query, unjudged: limitRefusal });
    if (!limitRefusal(limited.status)) return limited;
    const { limit: _refused, ...rest } = query;
    return client.get(list, { query: rest });
  };
  return (await page()) as V2FirstPage<Path>;
}
