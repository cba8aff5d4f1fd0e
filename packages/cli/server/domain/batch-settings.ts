import type { ServerState } from '../context.js';
import type { Faults } from '../faults/index.js';
import { ApiError } from '../http/errors.js';
import type { BatchSettings, Merchant, Sku } from '../store.js';

/** The service's own default for action_weeks_before_expiry (§2.5: "the service's own default"; ours is 4). */
export const serviceDefaultActionWeeks = 4;

/** A validated PUT …/inventory_batch_settings body; absent properties are left out. */
export type BatchSettingsInput = Partial<Omit<BatchSettings, 'id' | 'merchantId' | 'sku_id'>>;

const expiryFields = ['action_weeks_before_expiry', 'expiry_follow_up_action'] as const;
/** The properties a settings write sets; anything else a body carries (id, sku_id, __proto__…) is not copied. */
const writableFields = [
  'batch_priority', 'b2c_shelf_life_in_weeks', 'b2b_shelf_life_in_weeks', 'ito_shelf_life_in_weeks', 'kit_shelf_life_in_weeks', ...expiryFields,
] as const satisfies readonly (keyof BatchSettingsInput)[];

/** The merchant default record (sku_id null). */
export function merchantDefault(state: ServerState, merchantId: number): BatchSettings | undefined {
  return [...state.store.batchSettings.values()].find((s) => s.merchantId === merchantId && s.sku_id === null);
}

/** The SKU's own record, if it has one. */
export function skuSettings(state: ServerState, skuId: number): BatchSettings | undefined {
  return [...state.store.batchSettings.values()].find((s) => s.sku_id === skuId);
}

/**
 * Creates or updates the SKU-specific settings (§4.2). Setting an expiry field to a new value turns
 * batch tracking on for merchants in expiry handling; a merchant without batch tracking gets 422 and
 * nothing is saved.
 */
export function writeSkuSettings(state: ServerState, merchant: Merchant, sku: Sku, input: BatchSettingsInput): BatchSettings {
  const { faults, store } = state;
  if (state.variants.has('v2-batch-settings-strict')) refuseLoose(input);
  const existing = skuSettings(state, sku.id);
  const base = existing ?? merchantDefault(state, merchant.id);
  const next: BatchSettings = {
    id: existing?.id ?? store.nextId('batch-settings', 810),
    merchantId: merchant.id,
    sku_id: sku.id,
    batch_priority: base?.batch_priority ?? 'first_expired_first_out',
    b2c_shelf_life_in_weeks: base?.b2c_shelf_life_in_weeks ?? 0,
    b2b_shelf_life_in_weeks: base?.b2b_shelf_life_in_weeks ?? 0,
    ito_shelf_life_in_weeks: base?.ito_shelf_life_in_weeks ?? 0,
    kit_shelf_life_in_weeks: base?.kit_shelf_life_in_weeks ?? 0,
    action_weeks_before_expiry: existing?.action_weeks_before_expiry ?? null,
    expiry_follow_up_action: existing?.expiry_follow_up_action ?? null,
  };
  for (const field of writableFields) if (input[field] !== undefined) (next as unknown as Record<string, unknown>)[field] = input[field];
  // Two faults read null as "leave it" instead of "clear it" (§4.2).
  if (input.action_weeks_before_expiry === null && faults.has('v2-batch-settings-clear-weeks-ignored')) next.action_weeks_before_expiry = existing?.action_weeks_before_expiry ?? null;
  if (input.expiry_follow_up_action === null && faults.has('v2-batch-settings-null-action-ignored')) next.expiry_follow_up_action = existing?.expiry_follow_up_action ?? null;
  if (input.expiry_follow_up_action === undefined && faults.has('v2-batch-settings-omitted-action-cleared')) next.expiry_follow_up_action = null;
  const turnsOn = merchant.expiryHandling && !sku.batch_tracking_enabled && setsNewExpiryValue(existing, input, faults)
    && !faults.has('v2-batch-settings-tracking-not-turned-on');
  if (turnsOn && !merchant.batchTracking && !faults.has('v2-batch-settings-no-tracking-accepted')) {
    if (faults.has('v2-batch-settings-no-tracking-saved')) store.batchSettings.set(next.id, next);
    throw new ApiError(422, [{ field: 'batch_tracking', message: 'this write would turn batch tracking on, but the merchant does not have batch tracking' }]);
  }
  if (turnsOn) sku.batch_tracking_enabled = true;
  store.batchSettings.set(next.id, next);
  return next;
}

// v2-batch-settings-strict: bounds §4.2 does not show, which a service may set.
function refuseLoose(input: BatchSettingsInput): void {
  if (!writableFields.some((field) => input[field] !== undefined)) throw new ApiError(422, [{ field: 'base', message: 'no setting to write' }]);
  const weeks = input.action_weeks_before_expiry;
  if (typeof weeks === 'number' && weeks > 52) throw new ApiError(422, [{ field: 'action_weeks_before_expiry', message: 'must be at most 52 weeks' }]);
}

function setsNewExpiryValue(existing: BatchSettings | undefined, input: BatchSettingsInput, faults: Faults): boolean {
  return expiryFields.some((field) => {
    const sent = input[field];
    if (sent === undefined) return false;
    if (field === 'expiry_follow_up_action' && faults.has('v2-batch-settings-new-action-not-turned-on')) return false;
    if (sent === null) return faults.has('v2-batch-settings-clear-turns-on');
    return sent !== (existing?.[field] ?? null) || faults.has('v2-batch-settings-same-value-turns-on');
  });
}

/** The applied settings of a SKU, resolved field by field: the SKU's value, the merchant default's, the service default (§2.5). */
export function effectiveSettings(state: ServerState, merchant: Merchant, sku: Sku): Record<string, unknown> {
  const { faults } = state;
  const own = skuSettings(state, sku.id);
  const fallback = merchantDefault(state, merchant.id);
  const pick = <K extends keyof BatchSettings>(key: K): BatchSettings[K] | undefined =>
    (faults.has('v2-batch-settings-sku-value-ignored') ? undefined : own?.[key] ?? undefined) ?? fallback?.[key] ?? undefined;
  const weeks = pick('action_weeks_before_expiry') ?? serviceDefaultActionWeeks;
  const action = faults.has('v2-batch-settings-null-action-not-inherited') ? own?.expiry_follow_up_action ?? null : pick('expiry_follow_up_action') ?? 'block_only';
  return {
    batch_priority: pick('batch_priority') ?? 'first_expired_first_out',
    b2c_shelf_life_in_weeks: pick('b2c_shelf_life_in_weeks') ?? 0,
    b2b_shelf_life_in_weeks: pick('b2b_shelf_life_in_weeks') ?? 0,
    ito_shelf_life_in_weeks: pick('ito_shelf_life_in_weeks') ?? 0,
    kit_shelf_life_in_weeks: pick('kit_shelf_life_in_weeks') ?? 0,
    // Both expiry fields are null until expiry handling is enabled for the account (§2.5).
    action_weeks_before_expiry: expiryShown(merchant, faults) ? weeks : null,
    expiry_follow_up_action: expiryShown(merchant, faults) ? action : null,
  };
}

/** Whether the expiry fields show their values: only under expiry handling (§2.5), unless the fault shows them anyway. */
function expiryShown(merchant: Merchant, faults: Faults): boolean {
  return merchant.expiryHandling || faults.has('v2-batch-settings-expiry-fields-without-expiry-handling');
}

/** A settings record in the §2.5 shape. */
export function renderBatchSettings(settings: BatchSettings, merchant: Merchant, faults: Faults): Record<string, unknown> {
  const { merchantId: _merchant, ...fields } = settings;
  const shown = expiryShown(merchant, faults);
  const body: Record<string, unknown> = {
    ...fields,
    is_merchant_default: settings.sku_id === null,
    action_weeks_before_expiry: shown ? settings.action_weeks_before_expiry : null,
    expiry_follow_up_action: shown ? settings.expiry_follow_up_action : null,
  };
  if (faults.has('v2-schema-batch-settings-ids-string')) Object.assign(body, { id: String(settings.id), sku_id: settings.sku_id === null ? null : String(settings.sku_id) });
  return body;
}
