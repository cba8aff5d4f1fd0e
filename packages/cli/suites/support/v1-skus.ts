// The SKU a v1 SKU check may change: one the run creates through POST /skus, else `fixtures.sku`
// restored afterwards. POST /skus request and response shapes are not shown (§4.1): the create sends
// the two §2.6 identifiers a SKU always has and asks nothing of the answer but an integer id.
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';
import { recordId } from './scope.js';
import { merchantText } from './text.js';

/** A SKU under test: its id and whether the run created it (only those are ever deleted). */
export interface SkuUnderTest {
  id: number;
  created: boolean;
}

// §2.6 properties a client sets or the service fixes once; inventory moves on its own and is left out.
const descriptive = [
  'name', 'merchant_sku_id', 'barcode', 'weight_in_kg', 'country_code_of_origin', 'hs_code', 'image_url', 'cost_in_cents',
  'cost_in_cent', 'batch_tracking_enabled', 'fulfilled_by', 'dangerous_good', 'hazardous_good', 'un_numbers', 'h_codes', 'created_at',
];

/** The §2.6 descriptive properties an answer shows, except `sent` ones (what an update must keep). */
export function keptProperties(res: ApiResponse, sent: string[]): Record<string, unknown> {
  const body = (res.body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(descriptive.filter((key) => key in body && !sent.includes(key)).map((key) => [key, body[key]]));
}

/**
 * Whether the check's own requests left SKU `id` deleted: its last answered write of the SKU (a
 * DELETE, an update or a create answering that id, which may reactivate it) was a 2xx DELETE. A
 * write without an answer may have done anything, so it counts as leaving the SKU live.
 */
function deletedByCheck(t: CheckContext, id: number): boolean {
  const path = `/merchant_api/v1/skus/${id}`;
  let deleted = false;
  for (const exchange of t.exchanges) {
    const pathname = new URL(exchange.url).pathname;
    const answered = exchange.status !== null && exchange.status >= 200 && exchange.status < 300;
    if (pathname.endsWith(path) && exchange.method !== 'GET') deleted = answered && exchange.method === 'DELETE';
    else if (pathname.endsWith('/merchant_api/v1/skus') && exchange.method === 'POST' && (!answered || answerId(exchange.responseBody) === id)) deleted = false;
  }
  return deleted;
}

/**
 * Registers the deletion of SKU `id`, which the run created, for when the check ends, pass or fail;
 * its answer is not judged. Nothing is sent when the check's last word on the SKU was its own DELETE
 * (and for a SKU registered twice, the second time): another would only repeat it.
 */
export function deleteSkuAtEnd(t: CheckContext, id: number): void {
  t.cleanup(async () => {
    if (!deletedByCheck(t, id)) await t.v1.delete('/skus/{id}', { path: { id }, validate: false });
  });
}

/** The id of a JSON answer body, if it shows one (digits in a string read as their number). */
function answerId(body: string | null): number | undefined {
  try {
    return body === null ? undefined : recordId(JSON.parse(body));
  } catch {
    return undefined;
  }
}

/** A SKU the run created (deleted after the check), or undefined when POST /skus gives no id. */
async function createSku(t: CheckContext): Promise<SkuUnderTest | undefined> {
  const code = t.uniqueId('sku');
  // Not validated: the create's answer is not what these checks judge, and its shape is not shown.
  const res = await t.v1.post('/skus', { body: { merchant_sku_id: code, name: `${code} ${merchantText.product}` }, validate: false });
  const id = recordId(res.body);
  if (res.status < 200 || res.status > 299 || id === undefined) return undefined;
  deleteSkuAtEnd(t, id);
  return { id, created: true };
}

/**
 * The SKU a check changes. `deletes` checks run only on a SKU the run created; the others fall
 * back to `fixtures.sku`, whose name, weight and batch-tracking flag are put back after the check.
 */
export async function skuUnderTest(t: CheckContext, deletes = false): Promise<SkuUnderTest> {
  const created = await createSku(t);
  if (created) return created;
  if (deletes) return t.skip('POST /skus gave no SKU id, and a check deletes only SKUs the run created');
  const fixture = t.fixtures.sku;
  if (!fixture) return t.skip('needs fixtures.sku in the profile');
  // Each check that falls back to the fixture changes it in turn: side by side, one would see another's writes.
  await t.hold('fixtures.sku');
  // An empty update changes nothing on an active SKU and shows what to restore.
  const before = await t.v1.patch('/skus/{id}', { path: { id: fixture.id }, body: {} });
  t.expectStatus(before, 200, 'PATCH /skus/{id} with an empty body reads the fixture SKU');
  const { name, weight_in_kg, batch_tracking_enabled } = (before.body ?? {}) as Record<string, unknown>;
  t.cleanup(() => t.v1.patch('/skus/{id}', { path: { id: fixture.id }, body: { name, weight_in_kg, batch_tracking_enabled }, validate: false }));
  return { id: fixture.id, created: false };
}

/**
 * A SKU answer's weight_in_kg, a numeric string read as its number: the SKU rules judge the value,
 * its JSON type is v1.schema.sku's rule (one defect, one failing check).
 */
export function weightOf(body: unknown): unknown {
  const weight: unknown = (body as { weight_in_kg?: unknown } | undefined)?.weight_in_kg;
  return typeof weight === 'string' && weight.trim() !== '' && Number.isFinite(Number(weight)) ? Number(weight) : weight;
}
