import type { Handler } from '../context.js';
import type { Faults } from '../faults/index.js';
import { nowIso } from '../context.js';
import type { RestockingInput } from '../domain/restocking.js';
import { cancelRestocking, createRestocking, guardEditable, ownRestocking, resolveRestocking, withArrivalDate } from '../domain/restocking.js';
import { ApiError } from '../http/errors.js';
import { idParam } from '../http/params.js';
import { filterByCreatedAt, pageV2 } from '../pagination.js';
import { renderRestockingV2 } from '../render/restocking.js';
import type { BodySchema } from '../validate.js';
import { validateBody } from '../validate.js';

const item = {
  type: 'object',
  properties: {
    sku_id: { type: 'integer' },
    sku_code: { type: 'string', minLength: 1 },
    announced_quantity: { type: 'integer', minimum: 0, maximum: 2147483647 },
    remarks: { type: ['string', 'null'] },
    total_cost_in_cents: { type: ['integer', 'null'], minimum: 0 },
    inventory_batch_id: { type: ['integer', 'null'] },
  },
  required: ['announced_quantity'],
  anyOf: [{ required: ['sku_id'] }, { required: ['sku_code'] }],
};
const properties = {
  delivery_option: { enum: ['courier', 'dropoff', 'hive_freight', 'postal'] },
  // A date; a date-time is accepted as in v1 and its date is stored.
  estimated_arrival_date: { anyOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }] },
  warehouse_id: { type: 'integer' },
  restocking_shipment_items: { type: 'array', items: item },
  po_number: { type: ['string', 'null'] },
  supplier_name: { type: ['string', 'null'] },
  tracking_code: { type: ['string', 'null'] },
  priority: { type: 'boolean' },
};
const createSchema: BodySchema = { type: 'object', properties, required: ['delivery_option', 'estimated_arrival_date', 'warehouse_id', 'restocking_shipment_items'] };
const updateSchema: BodySchema = { type: 'object', properties };

// The bodies as two faults bend them (built once: validateBody compiles per schema object).
const unboundedItems = { type: 'array', items: { ...item, properties: { ...item.properties, announced_quantity: { type: 'integer', maximum: 2147483647 } } } };
const bent = {
  negativeCreate: { ...createSchema, properties: { ...properties, restocking_shipment_items: unboundedItems } },
  negativeUpdate: { ...updateSchema, properties: { ...properties, restocking_shipment_items: unboundedItems } },
  arrivalDateOptional: { ...createSchema, required: ['delivery_option', 'warehouse_id', 'restocking_shipment_items'] },
} satisfies Record<string, BodySchema>;

function createSchemaFor(faults: Faults): BodySchema {
  if (faults.has('v2-restocking-negative-quantity-accepted')) return bent.negativeCreate;
  return faults.has('v2-restocking-create-arrival-date-optional') ? bent.arrivalDateOptional : createSchema;
}

/** GET /restocking_shipments (§4.2): the merchant's shipments with items, created_at filters, cursor pages. */
export const listRestockingV2: Handler = (ctx) => {
  const { store, faults } = ctx.state;
  let shipments = ctx.state.lists.shown('restockingShipments').filter((s) => s.merchantId === ctx.principal.merchant.id);
  shipments = filterByCreatedAt('v2', shipments, ctx.query, (s) => s.created_at, faults);
  const page = pageV2(shipments, ctx.url, faults, ctx.state.variants);
  return { status: 200, body: { data: page.data.map((s) => renderRestockingV2(s, faults)), pagination: page.pagination } };
};

/** POST /restocking_shipments: 201, status shipped. */
export const createRestockingV2: Handler = (ctx) => {
  if (ctx.state.faults.has('v2-restocking-create-item-without-sku-accepted')) giveItemsASku(ctx);
  if (ctx.state.faults.has('v2-restocking-create-announced-quantity-optional')) announceZero(ctx);
  const shipment = createRestocking(ctx, withArrivalDate(validateBody<RestockingInput>(createSchemaFor(ctx.state.faults), ctx.body(), false)));
  return { status: 201, body: withoutPriority(ctx.state.faults, renderRestockingV2(shipment, ctx.state.faults)) };
};

// The v2-restocking-priority-missing fault: the create and update answers leave out priority (§2.3).
function withoutPriority(faults: Faults, body: Record<string, unknown>): Record<string, unknown> {
  if (faults.has('v2-restocking-priority-missing')) delete body.priority;
  return body;
}

// The v2-restocking-create-item-without-sku-accepted fault: an item naming no SKU gets the merchant's first one.
function giveItemsASku(ctx: Parameters<Handler>[0]): void {
  const items = (ctx.body() as { restocking_shipment_items?: unknown } | undefined)?.restocking_shipment_items;
  const channels = new Set(ctx.state.store.channelsOf(ctx.principal.merchant.id).map((c) => c.id));
  const first = [...ctx.state.store.skus.values()].find((s) => channels.has(s.salesChannelId));
  if (!Array.isArray(items) || !first) return;
  for (const item of items) if (typeof item === 'object' && item !== null && item.sku_id === undefined && item.sku_code === undefined) item.sku_id = first.id;
}

// The v2-restocking-create-announced-quantity-optional fault: an item without announced_quantity announces 0.
function announceZero(ctx: Parameters<Handler>[0]): void {
  const items = (ctx.body() as { restocking_shipment_items?: unknown } | undefined)?.restocking_shipment_items;
  if (!Array.isArray(items)) return;
  for (const item of items) if (typeof item === 'object' && item !== null && item.announced_quantity === undefined) item.announced_quantity = 0;
}

/** GET /restocking_shipments/{id}. */
export const getRestockingV2: Handler = (ctx) => ({ status: 200, body: renderRestockingV2(ownRestocking(ctx), ctx.state.faults) });

/**
 * PUT /restocking_shipments/{id} (§4.2): only in created or shipped. All properties are optional; what
 * is sent replaces the stored value, what is omitted is kept (v2 states no items-removal rule).
 */
export const updateRestockingV2: Handler = (ctx) => {
  const shipment = ownRestocking(ctx, 'update');
  guardEditable(ctx, shipment);
  const input = withArrivalDate(validateBody<RestockingInput>(ctx.state.faults.has('v2-restocking-negative-quantity-accepted') ? bent.negativeUpdate : updateSchema, ctx.body() ?? {}, false));
  const resolved = resolveRestocking(ctx, input);
  if (resolved.warehouseId !== undefined) shipment.warehouse_id = resolved.warehouseId;
  if (resolved.items !== undefined) {
    // The v2-restocking-update-items-merged fault keeps the stored lines of SKUs the update does not name.
    const kept = ctx.state.faults.has('v2-restocking-update-items-merged') ? shipment.items.filter((line) => !resolved.items?.some((sent) => sent.sku_id === line.sku_id)) : [];
    shipment.items = [...kept, ...resolved.items];
  }
  for (const key of ['estimated_arrival_date', 'tracking_code', 'po_number', 'supplier_name'] as const) {
    if (input[key] !== undefined) shipment[key] = input[key] ?? null;
  }
  if (input.delivery_option !== undefined) shipment.delivery_option = input.delivery_option;
  if (input.priority !== undefined) shipment.priority = input.priority;
  shipment.updated_at = nowIso(ctx.state);
  return { status: 200, body: withoutPriority(ctx.state.faults, renderRestockingV2(shipment, ctx.state.faults)) };
};

/** PUT /restocking_shipments/{id}/cancel: the success body is not shown; ours is the shipment (or none, cancel-empty-body and cancel-204). */
export const cancelRestockingV2: Handler = (ctx) => {
  if (ctx.state.faults.has('v2-not-found-restocking-cancel-422') && !ctx.state.store.restockingShipments.has(idParam(ctx))) {
    throw new ApiError(422, [{ field: 'status', message: 'the restocking shipment cannot be cancelled' }]);
  }
  const shipment = ownRestocking(ctx, 'update');
  cancelRestocking(ctx, shipment);
  // cancel-empty-body, cancel-204: the success body is not shown, so none is as good as the shipment.
  if (ctx.state.variants.has('cancel-204')) return { status: 204, body: undefined };
  return { status: 200, body: ctx.state.variants.has('cancel-empty-body') ? undefined : renderRestockingV2(shipment, ctx.state.faults) };
};
