import type { VariantDefinition } from './types.js';

/** Success codes the specification leaves open (§4.2: "success status code not shown"). */
export const variants = [
  { name: 'v2-batches-create-200', section: '4.2', description: 'POST /skus/{sku_id}/inventory_batches answers 200 instead of 201' },
  { name: 'v2-batch-settings-put-201', section: '4.2', description: 'PUT /skus/{sku_id}/inventory_batch_settings always answers 201 instead of 200', group: 'batch-settings-status' },
  { name: 'v2-batch-settings-put-201-on-create', section: '4.2', description: 'PUT /skus/{sku_id}/inventory_batch_settings answers 201 when it creates the SKU-specific record and 200 when it updates it', group: 'batch-settings-status' },
] as const satisfies readonly VariantDefinition[];
