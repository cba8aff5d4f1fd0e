// v1 PATCH /skus/{id} with generated bodies (§4.1): name and weight_in_kg, the two properties the
// document names, on a SKU the run created (or the profile's, put back afterwards: suites/support/v1-skus.ts).
// PUT is its alias (§9.5), judged by v1.skus.update.put-same-as-patch. POST /skus shows no shape to draw
// from (§4.1), and the bulk upsert no path.
import type { ApiResponse, CheckContext } from '../../../src/checks/index.js';
import { skuUnderTest, type SkuUnderTest } from '../../../suites/support/v1-skus.js';
import type { GeneratedOperation, Problem } from '../operation.js';

/** The SKU as an empty PATCH echoes it (§4.1: omitted properties are kept), its name and weight kept as the state a refused update leaves. */
async function echo(t: CheckContext, sku: SkuUnderTest & { last?: unknown }): Promise<ApiResponse | undefined> {
  const read = await t.v1.patch('/skus/{id}', { path: { id: sku.id }, body: {}, validate: false });
  if (read.status !== 200) return undefined;
  const { name, weight_in_kg } = (read.body ?? {}) as Record<string, unknown>;
  sku.last = { name, weight_in_kg };
  return read;
}

/** v1 PATCH /skus/{id}. */
export const v1SkusPatch: GeneratedOperation<SkuUnderTest & { last?: unknown }> = {
  id: 'v1.properties.generated.skus-patch',
  api: 'v1',
  operation: 'PATCH /skus/{id}',
  section: '4.1',
  title: 'v1 PATCH /skus/{id} with generated name and weight_in_kg (numbers, numeric strings): accepted and read back, malformed ones refused with 400 or 422 changing nothing',
  needs: ['fixtures.sku'],
  writes: true,
  input: 'body',
  prepare: async (t) => {
    const sku: SkuUnderTest & { last?: unknown } = await skuUnderTest(t);
    await echo(t, sku);
    return sku;
  },
  send: (t, body, sku, unjudged) => t.v1.patch('/skus/{id}', { path: { id: sku.id }, body, unjudged }),
  kept: { absentJudged: false, update: true },
  read: (t, _answer, sku) => echo(t, sku),
  refused: async (t, _body, sku): Promise<Problem | undefined> => {
    const before = JSON.stringify(sku.last);
    const read = await echo(t, sku);
    if (read === undefined || JSON.stringify(sku.last) === before) return undefined;
    return { title: 'v1 PATCH /skus/{id}: a refused update changes nothing (§7)', expected: before, received: JSON.stringify(sku.last), response: read };
  },
};
