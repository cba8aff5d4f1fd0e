// Writing and reading the batch SKU's settings (§2.5, §4.2): the SKU-specific record a PUT answers,
// and the resolved effective_inventory_batch_settings where the target shows the SKU.
import type { Answer, ApiResponse, CheckContext } from '../../src/checks/index.js';
import type { SkuFixture } from '../../src/profile/index.js';
import { expectSuccess } from './success.js';

// The profile's batch SKU, which the batch-settings checks write to.
function batchSkuOf(t: CheckContext): SkuFixture {
  return t.fixtures.batchSku as SkuFixture;
}

/** The answer to a batch settings write: the SKU-specific settings (§2.5, §4.2). */
export type BatchSettingsAnswer = Answer<'v2', 'PUT /skus/{sku_id}/inventory_batch_settings'>;

/** PUT /skus/{sku_id}/inventory_batch_settings on the batch SKU, its answer validated unless `validate` is false. */
function sendBatchSettings(t: CheckContext, body: Record<string, unknown>, validate = true): Promise<BatchSettingsAnswer> {
  return t.v2.put('/skus/{sku_id}/inventory_batch_settings', { path: { sku_id: batchSkuOf(t).id }, body, ...(validate ? {} : { validate: false }) });
}

/** PUT /skus/{sku_id}/inventory_batch_settings on the batch SKU; the success code is not shown (§4.2), so any 2xx. */
export async function putBatchSettings(t: CheckContext, body: Record<string, unknown>, what: string): Promise<BatchSettingsAnswer> {
  const written = await sendBatchSettings(t, body);
  expectSuccess(t, written, what);
  return written;
}

/**
 * The SKU-specific settings as stored, through a write of no field, which changes nothing (§4.2: omitting
 * a field keeps its value). Whether a service takes a write of no field is not stated: one refusing it
 * (400 or 422) skips the check, whose record cannot then be read without changing it.
 */
export async function readBatchSettings(t: CheckContext): Promise<BatchSettingsAnswer> {
  const written = await sendBatchSettings(t, {});
  if (written.status === 400 || written.status === 422) {
    t.skip(`PUT /skus/{sku_id}/inventory_batch_settings with no field answered ${written.status}: the check reads the settings through such a write, which §4.2 does not say a service takes`);
  }
  expectSuccess(t, written, 'A settings write of no field succeeds, changing nothing (§4.2: an omitted field keeps its value)');
  return written;
}

/** Puts `body` back after the check, unjudged: the check is over. */
export function restoreBatchSettingsAfterwards(t: CheckContext, body: Record<string, unknown>): void {
  t.cleanup(() => sendBatchSettings(t, body, false));
}

/**
 * The batch SKU's effective_inventory_batch_settings (§2.5), or undefined where the target does not
 * show them: v2 SKU reads are not shown, so GET /skus/{id} is tried and anything but a 200 carrying
 * the object counts as not shown.
 */
export async function effectiveBatchSettings(t: CheckContext): Promise<{ response: ApiResponse; effective: Record<string, unknown> } | undefined> {
  // Not a documented operation: its answer is read as what it is, unknown.
  const sku = await t.v2.request({ method: 'GET', path: `/skus/${batchSkuOf(t).id}`, validate: false });
  const effective: unknown = sku.status === 200 ? (sku.body as { effective_inventory_batch_settings?: unknown } | undefined)?.effective_inventory_batch_settings : undefined;
  if (effective === null || typeof effective !== 'object') return undefined;
  return { response: sku, effective: effective as Record<string, unknown> };
}

/** Skips the check unless the merchant is enrolled in expiry handling and has batch tracking, so new expiry values may be written. */
export function requireExpiryWrites(t: CheckContext): void {
  if (t.features.expiryHandling !== true) t.skip('the merchant is not enrolled in expiry handling (features.expiryHandling false): both expiry fields always show null (§2.5)');
  if (t.features.batchTracking !== true) t.skip('the merchant has no batch tracking (features.batchTracking false): a new expiry value answers 422 (§4.2), so none can be set');
}

/**
 * A SKU's batch_tracking_enabled as an empty v1 PATCH /skus/{id} echoes it (§2.6; §4.1: omitted
 * properties are kept); v2 SKU reads are not shown. Skips the check when the echo is refused or shows
 * no boolean (the field's type is v1.schema.sku's rule), for then batch tracking cannot be observed.
 */
export async function batchTrackingOf(t: CheckContext, skuId: number): Promise<{ enabled: boolean; echo: Answer<'v1', 'PATCH /skus/{id}'> }> {
  // PATCH, the documented method (§9.5): the PUT alias is v1.skus.update.put-same-as-patch's rule.
  const echo = await t.v1.patch('/skus/{id}', { path: { id: skuId }, body: {}, premise: true });
  if (echo.status !== 200) t.skip(`an empty v1 PATCH /skus/{id} answered ${echo.status}, so batch tracking cannot be observed`);
  const enabled: unknown = echo.body?.batch_tracking_enabled;
  if (typeof enabled !== 'boolean') {
    t.skip(`the v1 SKU echo (an empty PATCH /skus/{id}) showed batch_tracking_enabled ${JSON.stringify(enabled) ?? 'nothing'}, not a boolean (v1.schema.sku's rule), so batch tracking cannot be observed`);
  }
  return { enabled: enabled as boolean, echo };
}

/**
 * Before a check fails because the echo shows batch tracking off: skips it when an empty v1 PATCH does
 * not keep a property it leaves out (§4.1, v1.skus.update.omitted-kept's rule), since the echo then
 * shows what the PATCH did to the flag rather than what the settings write did. Costs two PATCHes,
 * only then: a name is set and must survive an empty PATCH; the name `echo` showed is put back after.
 */
export async function requireEchoKeepsOmitted(t: CheckContext, skuId: number, echo: Answer<'v1', 'PATCH /skus/{id}'>): Promise<void> {
  const name: unknown = echo.body?.name;
  if (typeof name !== 'string') return;
  const marked = `${t.marker} batch tracking echo`;
  t.cleanup(() => t.v1.patch('/skus/{id}', { path: { id: skuId }, body: { name }, validate: false }));
  const named = await t.v1.patch('/skus/{id}', { path: { id: skuId }, body: { name: marked }, premise: true });
  if (named.status !== 200 || named.body?.name !== marked) return;
  const again = await t.v1.patch('/skus/{id}', { path: { id: skuId }, body: {}, premise: true });
  if (again.status === 200 && again.body?.name !== marked) {
    t.skip(`an empty v1 PATCH /skus/{id} did not keep the name it left out (${JSON.stringify(marked)} became ${JSON.stringify(again.body?.name)}): omitted properties are not kept (v1.skus.update.omitted-kept's rule), so its batch_tracking_enabled does not show what the settings write did`);
  }
}
