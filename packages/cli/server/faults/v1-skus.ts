import type { FaultDefinition } from './types.js';

/** Deviations of the v1 SKU rules: updates and PUT, status, identity by merchant_sku_id, cost fields and unknown properties (§2.6, §4.1, §7, §9.5). */
export const faults = [
  { name: 'v1-skus-text-double-encoded', section: '2', description: 'v1 SKU creates and updates store text beyond ASCII double-encoded (its UTF-8 bytes read as Latin-1: "Größe" reads back as "GrÃ¶ÃŸe")' },
  { name: 'v1-skus-put-not-alias', section: '4.1', description: 'v1 PUT /skus/{id} answers 405 instead of behaving like PATCH' },
  { name: 'v1-skus-update-omitted-cleared', section: '4.1', description: 'v1 SKU update: name, hs_code and image_url left out are cleared (to an empty string) and batch_tracking_enabled left out to false, instead of kept' },
  { name: 'v1-skus-delete-not-deleted', section: '2.6', description: 'v1 DELETE /skus/{id} leaves the status active instead of deleted' },
  { name: 'v1-skus-update-not-reactivated', section: '2.6', description: 'v1: updating a deleted SKU (PATCH/PUT /skus/{id}) leaves it deleted instead of active' },
  { name: 'v1-skus-batch-flag-null-clears', section: '4.1', description: 'v1 SKU update: batch_tracking_enabled sent as null turns batch tracking off instead of leaving it unchanged' },
  { name: 'v1-skus-create-duplicate-merchant-sku-id', section: '2.6', description: 'v1 POST /skus: a merchant_sku_id the sales channel already has creates a second SKU instead of updating the existing one' },
  { name: 'v1-skus-update-duplicate-merchant-sku-id', section: '2.6', description: "v1 PATCH/PUT /skus/{id}: a SKU may take another SKU's merchant_sku_id instead of answering 422" },
  { name: 'v1-skus-create-not-reactivated', section: '2.6', description: 'v1 POST /skus of a deleted SKU (its merchant_sku_id) updates it but leaves it deleted instead of setting it active' },
  { name: 'v1-skus-put-numeric-weight-rejected', section: '4.1', description: 'v1 PUT /skus/{id}: weight_in_kg sent as a numeric string answers 422 instead of being accepted' },
  { name: 'v1-skus-cost-in-cent-in-units', section: '2.6', description: 'v1 SKU answers: cost_in_cent holds the cost in whole currency units (cents / 100) instead of the cents cost_in_cents holds' },
  { name: 'v1-skus-create-unknown-property-accepted', section: '7', description: 'v1 POST /skus accepts and ignores an unknown property instead of answering 422' },
] as const satisfies readonly FaultDefinition[];
