import type { FaultDefinition } from './types.js';

/** Deviations of the §2.6 SKU identity and status rules and of the §4.1 PUT /skus/{id} weight rule. */
export const faults = [
  { name: 'v1-skus-create-duplicate-merchant-sku-id', section: '2.6', description: 'v1 POST /skus: a merchant_sku_id the sales channel already has creates a second SKU instead of updating the existing one' },
  { name: 'v1-skus-update-duplicate-merchant-sku-id', section: '2.6', description: "v1 PATCH/PUT /skus/{id}: a SKU may take another SKU's merchant_sku_id instead of answering 422" },
  { name: 'v1-skus-create-not-reactivated', section: '2.6', description: 'v1 POST /skus of a deleted SKU (its merchant_sku_id) updates it but leaves it deleted instead of setting it active' },
  { name: 'v1-skus-put-numeric-weight-rejected', section: '4.1', description: 'v1 PUT /skus/{id}: weight_in_kg sent as a numeric string answers 422 instead of being accepted' },
] as const satisfies readonly FaultDefinition[];
