// The v1 pagination object (§2.7): only its field names are given, so what page_count is for an
// empty list is not stated either way.
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';
import { digitsAsNumber } from './digits.js';
import { pageCountProblem } from '../../src/judgements/index.js';

/**
 * The v1 pagination object of `body` with counts given as digit strings read as their numbers: the
 * list rules judge the counts, their JSON type is v1.schema.pagination's rule (one defect, one check).
 */
export function paginationOf<T = Record<string, number>>(body: unknown): T | undefined {
  const pagination: unknown = (body as { pagination?: unknown } | undefined)?.pagination;
  if (typeof pagination !== 'object' || pagination === null) return undefined;
  const counts = Object.entries(pagination).map(([key, value]) => [key, digitsAsNumber(value)]);
  return Object.fromEntries(counts) as T;
}

/** A v1 list answer's body with its pagination counts read as numbers (`paginationOf`). */
export function pageOf<T extends { pagination?: unknown }>(body: T): T {
  const pagination = paginationOf(body);
  return pagination === undefined ? body : { ...body, pagination };
}

/** Fails the check unless page_count is ceil(item_count / items_per_page) (`pageCountProblem`, which mfc proxy calls too). */
export function expectPageCount(t: CheckContext, res: ApiResponse, itemCount: number, perPage: number, pageCount: unknown): void {
  const problem = pageCountProblem(itemCount, perPage, pageCount);
  if (problem !== undefined) t.expect(res, problem.title, problem.expected, problem.received);
}
