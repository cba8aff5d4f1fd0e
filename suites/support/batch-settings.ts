// Writing and reading the batch SKU's settings (§2.5, §4.2): the SKU-specific record a PUT answers,
// and the resolved effective_inventory_batch_settings where the target shows the SKU.
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { expectSuccess } from './success.js';

// The profile's batch SKU, which the batch-settings checks write to.
function batchSkuOf(t: CheckContext): SkuFixture {
  return t.fixtures.batchSku as SkuFixture;
}

/** PUT /skus/{sku_id}/inventory_batch_settings on the batch SKU; the success code is not shown (§4.2), so any 2xx. */
export async function putBatchSettings(t: CheckContext, body: Record<string, unknown>, what: string): Promise<ApiResponse> {
  const written = await t.v2.put(`/skus/${batchSkuOf(t).id}/inventory_batch_settings`, body);
  expectSuccess(t, written, what);
  return written;
}

/** Puts `body` back after the check, unjudged: the check is over. */
export function restoreBatchSettingsAfterwards(t: CheckContext, body: Record<string, unknown>): void {
  t.cleanup(() => t.v2.put(`/skus/${batchSkuOf(t).id}/inventory_batch_settings`, body, { validate: false }));
}

/**
 * The batch SKU's effective_inventory_batch_settings (§2.5), or undefined where the target does not
 * show them: v2 SKU reads are not shown, so GET /skus/{id} is tried and anything but a 200 carrying
 * the object counts as not shown.
 */
export async function effectiveBatchSettings(t: CheckContext): Promise<{ response: ApiResponse; effective: Record<string, unknown> } | undefined> {
  const sku = await t.v2.get(`/skus/${batchSkuOf(t).id}`, { validate: false });
  const effective: unknown = sku.status === 200 ? sku.body?.effective_inventory_batch_settings : undefined;
  if (effective === null || typeof effective !== 'object') return undefined;
  return { response: sku, effective: effective as Record<string, unknown> };
}

/** Skips the check unless the merchant is enrolled in expiry handling and has batch tracking, so new expiry values may be written. */
export function requireExpiryWrites(t: CheckContext): void {
  if (t.features.expiryHandling !== true) t.skip('the merchant is not enrolled in expiry handling (features.expiryHandling false): both expiry fields always show null (§2.5)');
  if (t.features.batchTracking !== true) t.skip('the merchant has no batch tracking (features.batchTracking false): a new expiry value answers 422 (§4.2), so none can be set');
}
