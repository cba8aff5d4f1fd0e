import type { Handler, RequestContext } from '../context.js';
import type { FaultName } from '../faults/index.js';
import { nowIso } from '../context.js';
import { validateV1Body } from '../body-rules.js';
import { ApiError } from '../http/errors.js';
import { idParam, notFound } from '../http/params.js';
import { renderSkuV1 } from '../render/sku.js';
import type { Sku } from '../store.js';
import type { BodySchema } from '../validate.js';

// §4.1 names name and weight_in_kg; the request names of the batch-tracking flag, unit cost,
// country of origin and HS code are not shown: we accept the §2.6 response names for them.
const properties = {
  merchant_sku_id: { type: 'string', minLength: 1 },
  name: { type: 'string' },
  barcode: { type: 'string' },
  weight_in_kg: { type: 'number', minimum: 0 },
  batch_tracking_enabled: { type: ['boolean', 'null'] },
  cost_in_cents: { type: 'integer', minimum: 0 },
  cost_in_cent: { type: 'integer', minimum: 0 },
  country_code_of_origin: { type: 'string', pattern: '^[A-Z]{2}$' },
  hs_code: { type: 'string' },
  image_url: { type: 'string' },
  dangerous_good: { type: 'boolean' },
  hazardous_good: { type: 'boolean' },
  un_numbers: { type: 'array', items: { type: 'string' } },
  h_codes: { type: 'array', items: { type: 'string' } },
};
// SKU create rejects unknown properties (§7); the update body states no such rule.
const createSchema: BodySchema = { type: 'object', properties, required: ['merchant_sku_id', 'name'], additionalProperties: false };
const updateSchema: BodySchema = { type: 'object', properties };

type SkuInput = Partial<Record<keyof typeof properties, unknown>>;

function applyInput(sku: Sku, input: SkuInput, clearOmitted: boolean): void {
  const target = sku as unknown as Record<string, unknown>;
  for (const key of ['merchant_sku_id', 'name', 'barcode', 'weight_in_kg', 'country_code_of_origin', 'hs_code', 'image_url', 'dangerous_good', 'hazardous_good', 'un_numbers', 'h_codes'] as const) {
    if (input[key] !== undefined) target[key] = input[key];
    else if (clearOmitted && (key === 'name' || key === 'hs_code' || key === 'image_url')) target[key] = '';
  }
  const cost = input.cost_in_cents ?? input.cost_in_cent;
  if (cost !== undefined) sku.cost_in_cents = cost as number;
  // null leaves the batch-tracking flag unchanged (§4.1).
  if (typeof input.batch_tracking_enabled === 'boolean') sku.batch_tracking_enabled = input.batch_tracking_enabled;
  else if (clearOmitted && input.batch_tracking_enabled === undefined) sku.batch_tracking_enabled = false;
}

/** The channel's SKU with the path id (§1: SKUs are sales-channel-scoped; 404 otherwise). */
function ownSku(ctx: RequestContext, crossChannelFault?: FaultName): Sku {
  const id = idParam(ctx);
  const sku = ctx.state.store.skus.get(id);
  const sameMerchant = sku !== undefined && ctx.state.store.salesChannels.get(sku.salesChannelId)?.merchantId === ctx.principal.merchant.id;
  const visible = sku !== undefined && (sku.salesChannelId === ctx.principal.channel.id || (crossChannelFault !== undefined && ctx.state.faults.has(crossChannelFault) && sameMerchant));
  if (!sku || !visible) throw notFound('SKU', id);
  return sku;
}

/** GET /skus/{id} (shape not shown; we answer the §2.6 SKU). */
export const getSkuV1: Handler = (ctx) => ({ status: 200, body: renderSkuV1(ctx.state.store, ownSku(ctx), ctx.state.faults) });

/** POST /skus: creates a SKU, or updates the one with that merchant_sku_id and sets it active again (§2.6). */
export const createSkuV1: Handler = (ctx) => {
  const { store, faults } = ctx.state;
  const input = validateV1Body<SkuInput>(createSchema, ctx.body(), faults, faults.has('v1-skus-create-unknown-property-accepted'));
  const channelId = ctx.principal.channel.id;
  const existing = faults.has('v1-skus-create-duplicate-merchant-sku-id')
    ? undefined
    : [...store.skus.values()].find((s) => s.salesChannelId === channelId && s.merchant_sku_id === input.merchant_sku_id);
  const sku: Sku = existing ?? {
    id: store.nextId('sku', 1001), salesChannelId: channelId, merchant_sku_id: '', name: '', barcode: '', status: 'active',
    created_at: nowIso(ctx.state), cost_in_cents: 0, weight_in_kg: 0, country_code_of_origin: 'DE', hs_code: '', image_url: '',
    batch_tracking_enabled: false, fulfilled_by: 'fulfillment_provider', dangerous_good: false, un_numbers: [], hazardous_good: false,
    h_codes: [], stocked: 0, reserved: 0,
  };
  applyInput(sku, input, false);
  if (!faults.has('v1-skus-create-not-reactivated')) sku.status = 'active';
  store.skus.set(sku.id, sku);
  // The document lists 200 for both creating and updating through POST.
  return { status: 200, body: renderSkuV1(store, sku, faults) };
};

/** PATCH /skus/{id}, and PUT identical to it (§4.1): omitted properties kept; the SKU becomes active again. */
export const updateSkuV1 = (method: 'PATCH' | 'PUT'): Handler => (ctx) => {
  const { store, faults } = ctx.state;
  if (method === 'PUT' && faults.has('v1-skus-put-not-alias')) throw new ApiError(405, 'use PATCH to update a SKU', { Allow: 'GET, PATCH, DELETE' });
  const sku = ownSku(ctx, 'v1-scope-cross-channel-sku-update');
  // Looked at before validation, which turns numeric strings into numbers (§4.1 body rules).
  if (method === 'PUT' && faults.has('v1-skus-put-numeric-weight-rejected') && typeof (ctx.body() as { weight_in_kg?: unknown } | undefined)?.weight_in_kg === 'string') {
    throw new ApiError(422, [{ field: 'weight_in_kg', message: 'must be a number' }]);
  }
  const input = validateV1Body<SkuInput>(updateSchema, ctx.body() ?? {}, faults);
  const taken = !faults.has('v1-skus-update-duplicate-merchant-sku-id') && [...store.skus.values()].some((s) => s.id !== sku.id && s.salesChannelId === sku.salesChannelId && s.merchant_sku_id === input.merchant_sku_id);
  // merchant_sku_id is unique within the sales channel (§2.6).
  if (taken) throw new ApiError(422, [{ field: 'merchant_sku_id', message: 'another SKU of this sales channel has this merchant_sku_id' }]);
  if (input.batch_tracking_enabled === null && faults.has('v1-skus-batch-flag-null-clears')) sku.batch_tracking_enabled = false;
  applyInput(sku, input, faults.has('v1-skus-update-omitted-cleared'));
  if (!faults.has('v1-skus-update-not-reactivated')) sku.status = 'active';
  return { status: 200, body: renderSkuV1(store, sku, faults) };
};

/** DELETE /skus/{id}: the SKU's status becomes deleted (§2.6); we answer the SKU. */
export const deleteSkuV1: Handler = (ctx) => {
  const sku = ownSku(ctx);
  if (!ctx.state.faults.has('v1-skus-delete-not-deleted')) sku.status = 'deleted';
  return { status: 200, body: renderSkuV1(ctx.state.store, sku, ctx.state.faults) };
};
