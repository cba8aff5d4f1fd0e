import type { RequestContext, ServerState } from '../context.js';
import { nowIso } from '../context.js';
import { ApiError } from '../http/errors.js';
import { idParam, notFound } from '../http/params.js';
import { renderRestockingV1, renderRestockingV2 } from '../render/restocking.js';
import type { RestockingItem, RestockingShipment, RestockingStatus } from '../store.js';

/** A restocking item as a request names it: sku_id or sku_code, and the announced quantity. */
export interface RestockingItemInput {
  sku_id?: number;
  sku_code?: string;
  announced_quantity: number;
  remarks?: string | null;
  total_cost_in_cents?: number | null;
  inventory_batch_id?: number | null;
}

/** The validated properties of a restocking create or update body (either version). */
export interface RestockingInput {
  warehouse_id?: number;
  estimated_arrival_date?: string | null;
  delivery_option?: RestockingShipment['delivery_option'];
  tracking_code?: string | null;
  po_number?: string | null;
  supplier_name?: string | null;
  priority?: boolean;
  restocking_shipment_items?: RestockingItemInput[];
}

/** A date-time estimated_arrival_date is accepted and its date, as written, is stored (§4.1). */
export function withArrivalDate(input: RestockingInput): RestockingInput {
  if (typeof input.estimated_arrival_date === 'string') input.estimated_arrival_date = input.estimated_arrival_date.slice(0, 10);
  return input;
}

/** The only states in which PUT and cancel are allowed (§3.1). */
export const editableStatuses: readonly RestockingStatus[] = ['created', 'shipped'];

/** The caller's merchant's restocking shipment with the path id (§1: merchant-scoped; 404 otherwise); `access` picks the scope faults that apply. */
export function ownRestocking(ctx: RequestContext, access: 'read' | 'update' = 'read'): RestockingShipment {
  const id = idParam(ctx);
  const shipment = ctx.state.store.restockingShipments.get(id);
  const visible = shipment !== undefined && (shipment.merchantId === ctx.principal.merchant.id || ctx.state.faults.has(`${ctx.api}-scope-cross-merchant-restocking-${access}`));
  if (!shipment || !visible) throw notFound('restocking shipment', id);
  return shipment;
}

/** Checks warehouse and SKUs belong to the merchant and turns the input into stored fields; `creating` on POST. */
export function resolveRestocking(ctx: RequestContext, input: RestockingInput, creating = false): { warehouseId?: number; items?: RestockingItem[] } {
  const { store, faults } = ctx.state;
  const v2Create = creating && ctx.api === 'v2';
  const merchantId = ctx.principal.merchant.id;
  const result: { warehouseId?: number; items?: RestockingItem[] } = {};
  if (input.warehouse_id !== undefined) {
    const foreignAccepted = creating && ctx.api === 'v1' && faults.has('v1-restocking-create-foreign-warehouse-accepted') && store.warehouses.has(input.warehouse_id);
    if (store.warehouses.get(input.warehouse_id)?.merchantId !== merchantId && !foreignAccepted) {
      throw new ApiError(422, [{ field: 'warehouse_id', message: `${input.warehouse_id} is not a warehouse of this merchant` }]);
    }
    result.warehouseId = input.warehouse_id;
  }
  if (input.restocking_shipment_items !== undefined) {
    const channels = new Set(store.channelsOf(merchantId).map((c) => c.id));
    result.items = input.restocking_shipment_items.map((item, i) => {
      // §2.3: when both are sent, sku_id is used.
      const codeFirst = v2Create && item.sku_code !== undefined && faults.has('v2-restocking-create-sku-code-wins');
      if (v2Create && item.sku_id === undefined && faults.has('v2-restocking-create-sku-code-refused')) {
        throw new ApiError(422, [{ field: `restocking_shipment_items.${i}.sku_id`, message: 'is required' }]);
      }
      const sku = item.sku_id !== undefined && !codeFirst
        ? store.skus.get(item.sku_id)
        : [...store.skus.values()].find((s) => channels.has(s.salesChannelId) && s.merchant_sku_id === item.sku_code);
      if (!sku || !channels.has(sku.salesChannelId)) {
        throw new ApiError(422, [{ field: `restocking_shipment_items.${i}`, message: `SKU ${item.sku_id ?? item.sku_code} is not a SKU of this merchant` }]);
      }
      return {
        sku_id: sku.id, sku_code: sku.merchant_sku_id, announced_quantity: item.announced_quantity, arrived_quantity: 0,
        damaged_quantity: 0, missing_quantity: 0, remarks: item.remarks ?? null, total_cost_in_cents: item.total_cost_in_cents ?? null,
        inventory_batch_id: item.inventory_batch_id ?? null,
      };
    });
  }
  return result;
}

/** Creates a restocking shipment: it starts in `shipped` (§3.1). */
export function createRestocking(ctx: RequestContext, input: RestockingInput): RestockingShipment {
  const { store, faults } = ctx.state;
  const resolved = resolveRestocking(ctx, input, true);
  const id = store.nextId('restocking', 1001);
  const now = nowIso(ctx.state);
  const shipment: RestockingShipment = {
    id, merchantId: ctx.principal.merchant.id, warehouse_id: resolved.warehouseId as number, barcode: `RS-${id}`,
    status: faults.has(`${ctx.api}-restocking-create-status-created`) ? 'created' : 'shipped',
    delivery_option: input.delivery_option ?? 'courier', estimated_arrival_date: input.estimated_arrival_date ?? null,
    po_number: input.po_number ?? null, supplier_name: input.supplier_name ?? null, tracking_code: input.tracking_code ?? null,
    priority: input.priority ?? false, items: resolved.items ?? [],
    created_at: now, updated_at: now, arrived_at: null,
  };
  store.restockingShipments.set(id, shipment);
  // webhooks-creation-announced: the creation (none to shipped, §3.1) goes out as a status change.
  if (ctx.state.variants.has('webhooks-creation-announced')) announceRestocking(ctx.state, shipment);
  return shipment;
}

/** Answers 422 unless the shipment may still be updated (§3.1: created or shipped). */
export function guardEditable(ctx: RequestContext, shipment: RestockingShipment): void {
  if (editableStatuses.includes(shipment.status) || ctx.state.faults.has(`${ctx.api}-restocking-update-any-status`)) return;
  if (ctx.api === 'v2' && ctx.state.faults.has('v2-restocking-update-guard-multi-item')) {
    const items = (ctx.body() as { restocking_shipment_items?: unknown } | undefined)?.restocking_shipment_items;
    if (Array.isArray(items) && items.length >= 2) return;
  }
  throw new ApiError(422, [{ field: 'status', message: `a restocking shipment in status ${shipment.status} can no longer be updated` }]);
}

/** PUT …/cancel (§3.1): created or shipped become cancelled and the status events go out; otherwise 422. */
export function cancelRestocking(ctx: RequestContext, shipment: RestockingShipment): void {
  const { faults, variants } = ctx.state;
  // Which states permit cancellation is not shown (§3.1): restocking-cancel-created-only narrows ours.
  const permitted: readonly RestockingStatus[] = variants.has('restocking-cancel-created-only') ? ['created'] : editableStatuses;
  const cancellable = permitted.includes(shipment.status)
    || (shipment.status === 'cancelled' && variants.has('cancel-idempotent'));
  if (!cancellable) throw new ApiError(422, [{ field: 'status', message: `a restocking shipment in status ${shipment.status} cannot be cancelled` }]);
  if (shipment.status === 'cancelled' || (ctx.api === 'v2' && faults.has('v2-restocking-cancel-not-cancelled'))) return;
  setRestockingStatus(ctx.state, shipment, 'cancelled');
}

/** Changes the status and emits the §6 restocking events of both versions. */
export function setRestockingStatus(state: ServerState, shipment: RestockingShipment, status: RestockingStatus): void {
  const previous = { v1: renderRestockingV1(shipment, state.faults), v2: renderRestockingV2(shipment, state.faults) };
  shipment.status = status;
  shipment.updated_at = nowIso(state);
  announceRestocking(state, shipment, previous);
}

/** Emits the §6 restocking status events of both versions for the shipment as it is now; `previous`: as it was before. */
function announceRestocking(state: ServerState, shipment: RestockingShipment, previous?: { v1: unknown; v2: unknown }): void {
  if (!state.faults.has('webhooks-v1-restocking-event-not-sent')) {
    state.emit({ api: 'v1', type: 'restocking_shipment_status_updated', payload: renderRestockingV1(shipment, state.faults), previous: previous?.v1 });
  }
  if (!state.faults.has('webhooks-v2-restocking-event-not-sent')) {
    state.emit({ api: 'v2', type: 'restocking_shipment.status_updated', payload: renderRestockingV2(shipment, state.faults), previous: previous?.v2 });
  }
}

