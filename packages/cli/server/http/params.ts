import type { RequestContext } from '../context.js';
import { ApiError } from './errors.js';

/** A path id as an integer; anything else cannot name a record, so it answers 404 (§7). */
export function idParam(ctx: RequestContext, name = 'id'): number {
  const raw = ctx.params[name] ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, `no record with id "${raw}"`);
  return Number(raw);
}

/** The 404 for a record that does not exist or is not the caller's (§7: the two are not told apart). */
export function notFound(kind: string, id: number | string): ApiError {
  return new ApiError(404, `${kind} ${id} not found`);
}
