// §7 404 "record does not exist" on every operation that names a record by a path id: one table of
// operations per version, one check per operation, each with an id no service hands out.
import { check, type ApiVersion } from '../../src/checks/index.js';
import { UNKNOWN_ID } from './scope.js';

/** One operation on an unknown record: how it is called and the § that lists its 404. */
export interface UnknownRecordCase {
  /** The check id's last segment, in the operation's words (`order-patch`). */
  name: string;
  method: 'GET' | 'PATCH' | 'PUT' | 'POST' | 'DELETE';
  /** The path with its `{id}` or `{sku_id}` where the unknown id goes. */
  path: string;
  section: string;
  /** A body the operation accepts for a record that exists, so only the id can be wrong. */
  body?: (marker: string) => Record<string, unknown>;
}

/** Registers `<api>.not-found.<name>` for each case: the operation on UNKNOWN_ID answers 404 (§7). */
export function unknownRecordChecks(api: ApiVersion, cases: readonly UnknownRecordCase[]): void {
  for (const row of cases) {
    const path = row.path.replace(/\{[a-z_]+\}/, String(UNKNOWN_ID));
    check({
      id: `${api}.not-found.${row.name}`,
      api,
      section: row.section,
      title: `${row.method} ${row.path} of an id that does not exist answers 404`,
      // A write, even one that cannot change anything, is not sent where writes are refused.
      writes: row.method !== 'GET',
    }, async (t) => {
      // v1 PUT on orders and SKUs is PATCH's alias (§9.5), v1.*.put-same-as-patch's rule: a status it may not answer skips here.
      const premise = api === 'v1' && row.method === 'PUT' && /^\/(orders|skus)\//.test(row.path);
      const res = await t[api].request({ method: row.method, path, premise, ...(row.body ? { body: row.body(t.marker) } : {}) });
      t.expectStatus(res, 404, `${row.method} ${row.path} with id ${UNKNOWN_ID}, which no record has, answers 404 (§7: the record does not exist)`);
    });
  }
}
