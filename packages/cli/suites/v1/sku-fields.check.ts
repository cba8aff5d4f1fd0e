// §2.6 and §7 for v1 SKUs: cost_in_cent and cost_in_cents hold one cost, and SKU create rejects an
// unknown property with 422.
import { check } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { recordId } from '../support/scope.js';
import { deleteSkuAtEnd } from '../support/v1-skus.js';

check({
  id: 'v1.skus.cost-fields-agree',
  api: 'v1',
  section: '2.6',
  title: 'A v1 SKU carries the same unit cost in cost_in_cent and cost_in_cents',
  needs: ['fixtures.sku'],
  writes: true,
}, async (t) => {
  // An empty update keeps every property (§4.1) and answers the SKU (§2.6).
  // PATCH, the documented method (§9.5); the update's own rules are v1.skus.update.*'s.
  const sku = await t.v1.patch('/skus/{id}', { path: { id: (t.fixtures.sku as SkuFixture).id }, body: {}, premise: true });
  if (sku.status !== 200) t.skip(`an empty PATCH /skus/{id} answered ${sku.status}, so the SKU's cost fields cannot be read`);
  const { cost_in_cent: cent, cost_in_cents: cents } = (sku.body ?? {}) as Record<string, unknown>;
  // Whether every answer carries both is the shape's matter (v1.schema.sku); here both must be there.
  if (typeof cent !== 'number' || typeof cents !== 'number') return t.skip('the SKU answer does not show both cost_in_cent and cost_in_cents as numbers');
  t.expect(sku, 'cost_in_cent and cost_in_cents both hold the cost of one unit in cents (§2.6)', cents, cent);
});

check({
  id: 'v1.skus.create.unknown-property-422',
  api: 'v1',
  section: '7',
  title: 'POST /skus with an unknown property answers 422',
  writes: true,
}, async (t) => {
  const merchantSkuId = t.uniqueId('sku');
  const res = await t.v1.post('/skus', { body: { merchant_sku_id: merchantSkuId, name: `${merchantSkuId} conformance`, mfc_unknown_property: t.marker }, validate: false });
  // The create's answer is not shown (§4.1): an id is read only where it shows one.
  const id = recordId(res.body);
  if (res.status >= 200 && res.status < 300 && id !== undefined) deleteSkuAtEnd(t, id);
  t.expectStatus(res, 422, 'SKU create rejects unknown properties with 422 (§7)');
});
