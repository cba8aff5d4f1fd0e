import type { Handler, RequestContext } from '../context.js';
import type { BatchSettingsInput } from '../domain/batch-settings.js';
import { effectiveSettings, renderBatchSettings, skuSettings, writeSkuSettings } from '../domain/batch-settings.js';
import { ApiError } from '../http/errors.js';
import { idParam, notFound } from '../http/params.js';
import { renderInventoryBatch } from '../render/sku.js';
import type { InventoryBatch, Sku } from '../store.js';
import type { BodySchema } from '../validate.js';
import { validateBody } from '../validate.js';

const nullableDate = { type: ['string', 'null'], format: 'date' };
const batchSchema: BodySchema = {
  type: 'object',
  properties: { lot_number: { type: ['string', 'null'] }, production_date: nullableDate, expiry_date: nullableDate },
};
const weeks = { type: 'integer', minimum: 0 };
// The full value sets of batch_priority and expiry_follow_up_action are not shown: any non-empty string.
const settingsSchema: BodySchema = {
  type: 'object',
  properties: {
    batch_priority: { type: 'string', minLength: 1 },
    b2c_shelf_life_in_weeks: weeks,
    b2b_shelf_life_in_weeks: weeks,
    ito_shelf_life_in_weeks: weeks,
    kit_shelf_life_in_weeks: weeks,
    action_weeks_before_expiry: { type: ['integer', 'null'], minimum: 0 },
    expiry_follow_up_action: { type: ['string', 'null'], minLength: 1 },
  },
};

/** The merchant's SKU named by the path (v2 is merchant-scoped; 404 otherwise). */
export function merchantSku(ctx: RequestContext, name: string): Sku {
  const id = idParam(ctx, name);
  const sku = ctx.state.store.skus.get(id);
  if (!sku && name === 'sku_id' && ctx.state.faults.has('v2-not-found-unknown-sku-422')) throw new ApiError(422, [{ field: name, message: 'is not a SKU' }]);
  const merchantId = sku ? ctx.state.store.salesChannels.get(sku.salesChannelId)?.merchantId : undefined;
  if (!sku || merchantId !== ctx.principal.merchant.id) throw notFound('SKU', id);
  return sku;
}

/** POST /skus/{sku_id}/inventory_batches (§4.2): the success status is not shown; ours is 201. */
export const createInventoryBatch: Handler = (ctx) => {
  const { store, faults } = ctx.state;
  const sku = merchantSku(ctx, 'sku_id');
  const sent = ctx.body() as Record<string, unknown> | undefined;
  if (faults.has('v2-batches-create-null-dates-refused') && (sent?.production_date === null || sent?.expiry_date === null)) {
    throw new ApiError(422, [{ field: sent.expiry_date === null ? 'expiry_date' : 'production_date', message: 'must be a date' }]);
  }
  const input = validateBody<Partial<Pick<InventoryBatch, 'lot_number' | 'production_date' | 'expiry_date'>>>(batchSchema, ctx.body() ?? {}, false);
  const id = store.nextId('inventory-batch', 710);
  const expired = input.expiry_date ? Date.parse(input.expiry_date) <= ctx.state.clock.now() : false;
  const batch: InventoryBatch = {
    id, skuId: sku.id, lot_number: input.lot_number ?? null, production_date: input.production_date ?? null,
    expiry_date: input.expiry_date ?? null, status: 'active',
    // Only the passed expiry date blocks here; a reason is recorded only under expiry handling (§2.4).
    ...blockOf(ctx, sku, input.expiry_date ?? null, expired),
    name: input.lot_number ?? `BATCH-${id}`, tracking_code: null,
  };
  store.inventoryBatches.set(id, batch);
  return { status: ctx.state.variants.has('v2-batches-create-200') ? 200 : 201, body: renderInventoryBatch(batch, faults) };
};

/** blocked and block_reason of a new batch (§2.4), as the two block_reason faults bend them. */
function blockOf(ctx: RequestContext, sku: Sku, expiryDate: string | null, expired: boolean): Pick<InventoryBatch, 'blocked' | 'block_reason'> {
  const { faults, clock } = ctx.state;
  const merchant = ctx.principal.merchant;
  const recorded = merchant.expiryHandling || faults.has('v2-batches-block-reason-without-expiry-handling');
  const reason = expired && recorded ? 'expiry_date_reached' : null;
  if (faults.has('v2-batches-block-reason-without-block')) return { blocked: false, block_reason: reason };
  const weeks = effectiveSettings(ctx.state, merchant, sku)['action_weeks_before_expiry'];
  const inWindow = expiryDate !== null && !expired && typeof weeks === 'number' && Date.parse(expiryDate) - clock.now() <= weeks * 7 * 86_400_000;
  if (inWindow && faults.has('v2-batches-date-reached-in-window')) return { blocked: true, block_reason: 'expiry_date_reached' };
  if (reason === 'expiry_date_reached' && faults.has('v2-batches-expired-reason-expiry-window')) return { blocked: true, block_reason: 'expiry_window' };
  return { blocked: expired, block_reason: reason };
}

/** PUT /skus/{sku_id}/inventory_batch_settings (§4.2): the SKU-specific settings; 200 (status not shown). */
export const putInventoryBatchSettings: Handler = (ctx) => {
  const sku = merchantSku(ctx, 'sku_id');
  const input = validateBody<BatchSettingsInput>(settingsSchema, ctx.body() ?? {}, false);
  const creates = skuSettings(ctx.state, sku.id) === undefined;
  const saved = writeSkuSettings(ctx.state, ctx.principal.merchant, sku, input);
  return { status: settingsStatus(ctx, creates), body: renderBatchSettings(saved, ctx.principal.merchant, ctx.state.faults) };
};

// The success code is not shown (§4.2): ours is 200; the v2-batch-settings-put-201* variants choose 201.
function settingsStatus(ctx: RequestContext, creates: boolean): number {
  const { variants } = ctx.state;
  return variants.has('v2-batch-settings-put-201') || (creates && variants.has('v2-batch-settings-put-201-on-create')) ? 201 : 200;
}

/** GET /skus/{id} (v2 SKUs are not shown; ours carries the flag and effective_inventory_batch_settings, §2.5). */
export const getSkuV2: Handler = (ctx) => {
  const sku = merchantSku(ctx, 'id');
  return {
    status: 200,
    body: {
      id: sku.id,
      sku_code: sku.merchant_sku_id,
      name: sku.name,
      sales_channel_id: sku.salesChannelId,
      status: sku.status,
      batch_tracking_enabled: sku.batch_tracking_enabled,
      effective_inventory_batch_settings: effectiveSettings(ctx.state, ctx.principal.merchant, sku),
    },
  };
};
