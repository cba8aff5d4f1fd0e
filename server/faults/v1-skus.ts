import type { FaultDefinition } from './types.js';

/** Deviations of the v1 SKU rules (§4.1, §2.6, §9.5). */
export const faults = [
  { name: 'v1-skus-put-not-alias', section: '4.1', description: 'v1 PUT /skus/{id} answers 405 instead of behaving like PATCH' },
  { name: 'v1-skus-update-omitted-cleared', section: '4.1', description: 'v1 SKU update: name, hs_code and image_url left out are cleared (to an empty string) instead of kept' },
  { name: 'v1-skus-delete-not-deleted', section: '2.6', description: 'v1 DELETE /skus/{id} leaves the status active instead of deleted' },
  { name: 'v1-skus-update-not-reactivated', section: '2.6', description: 'v1: updating a deleted SKU (PATCH/PUT /skus/{id}) leaves it deleted instead of active' },
  { name: 'v1-skus-batch-flag-null-clears', section: '4.1', description: 'v1 SKU update: batch_tracking_enabled sent as null turns batch tracking off instead of leaving it unchanged' },
] as const satisfies readonly FaultDefinition[];
