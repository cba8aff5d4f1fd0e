// One defect, one finding: an answer that breaks its schema is reported by the check that owns that
// kind of answer. The table is the one place that says which; the schema checks declare their
// `owns` from it, the runner hands a run's violations to them, and `mfc proxy` names its findings by it.
import { nameGlob } from '../text/glob.js';

/** A kind of answer: path template and JSON pointer globs (`nameGlob`), and success or error statuses. */
export interface AnswerScope {
  path?: string;
  pointer?: string;
  status?: 'success' | 'error';
}

/** The answers each schema check and error-body check owns (CheckMeta `owns`). */
export const SCHEMA_OWNERS = {
  'v1.schema.order': [{ path: '/orders*', status: 'success' }],
  'v1.schema.pagination': [{ pointer: '/pagination*', status: 'success' }],
  'v1.schema.restocking-shipment': [{ path: '/restocking_shipments*', status: 'success' }],
  'v1.schema.sku': [{ path: '/skus*', status: 'success' }],
  'v1.errors.body-shape': [{ status: 'error' }],
  'v2.schema.order': [{ path: '/orders*', status: 'success' }],
  'v2.schema.restocking-shipment': [{ path: '/restocking_shipments*', status: 'success' }],
  'v2.schema.pagination': [{ pointer: '/pagination*', status: 'success' }],
  'v2.schema.inventory-batch': [{ path: '/skus/*/inventory_batches', status: 'success' }],
  'v2.schema.inventory-batch-settings': [{ path: '/skus/*/inventory_batch_settings', status: 'success' }],
  'v2.errors.body-shape': [{ status: 'error' }],
} as const satisfies Record<string, readonly AnswerScope[]>;

/** The id of a check that owns answers. */
export type SchemaOwnerId = keyof typeof SCHEMA_OWNERS;

/** One answer's breach as the owners are matched against it. */
export interface OwnedBreach {
  api: 'v1' | 'v2';
  /** The operation key, `GET /orders/{id}`. */
  operation: string;
  status: number;
  pointer: string;
}

/** How specifically `scope` covers `breach` (pointer 4, path 2, status 1), or -1 when it does not. */
export function scopeSpecificity(scope: AnswerScope, breach: OwnedBreach): number {
  const path = breach.operation.slice(breach.operation.indexOf(' ') + 1);
  if (scope.pointer !== undefined && !nameGlob(scope.pointer)(breach.pointer)) return -1;
  if (scope.path !== undefined && !nameGlob(scope.path)(path)) return -1;
  if (scope.status !== undefined && (scope.status === 'error') !== breach.status >= 400) return -1;
  return (scope.pointer === undefined ? 0 : 4) + (scope.path === undefined ? 0 : 2) + (scope.status === undefined ? 0 : 1);
}

/** The owner among `owners` (default every owner) of a breach, the most specific scope winning, then the lower id; undefined when none covers it. */
export function ownerAmong(breach: OwnedBreach, owners: Iterable<readonly [string, readonly AnswerScope[]]> = Object.entries(SCHEMA_OWNERS)): string | undefined {
  let best: { id: string; score: number } | undefined;
  for (const [id, scopes] of owners) {
    if (!id.startsWith(`${breach.api}.`)) continue;
    const score = Math.max(-1, ...scopes.map((scope) => scopeSpecificity(scope, breach)));
    if (score >= 0 && (best === undefined || score > best.score || (score === best.score && id < best.id))) best = { id, score };
  }
  return best?.id;
}
