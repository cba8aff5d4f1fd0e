import type { Handler } from '../context.js';
import { nowIso } from '../context.js';
import { validateV1Body } from '../body-rules.js';
import type { RestockingInput } from '../domain/restocking.js';
import { createRestocking, guardEditable, ownRestocking, resolveRestocking, withArrivalDate } from '../domain/restocking.js';
import type { Faults } from '../faults/index.js';
import { ApiError } from '../http/errors.js';
import { renderRestockingV1 } from '../render/restocking.js';
import type { BodySchema } from '../validate.js';

// §4.1: warehouse_id is an integer or a digit string; estimated_arrival_date a date, or a date-time
// whose date is used. Which create properties are required is not shown: we need only the warehouse.
const properties = {
  warehouse_id: { type: 'integer' },
  estimated_arrival_date: { anyOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }, { type: 'null' }] },
  delivery_option: { enum: ['postal', 'courier', 'dropoff', 'hive_freight'] },
  tracking_code: { type: ['string', 'null'] },
  po_number: { type: ['string', 'null'] },
  supplier_name: { type: ['string', 'null'] },
  priority: { type: 'boolean' },
  restocking_shipment_items: {
    type: 'array',
    items: {
      type: 'object',
      properties: { sku_id: { type: 'integer' }, announced_quantity: { type: 'integer', minimum: 0, maximum: 2147483647 } },
      required: ['sku_id', 'announced_quantity'],
    },
  },
};
const createSchema: BodySchema = { type: 'object', properties, required: ['warehouse_id'] };
// PUT: the same properties, all optional; unknown extra properties are allowed (§4.1).
const updateSchema: BodySchema = { type: 'object', properties };

function readInput(body: unknown, schema: BodySchema, faults: Faults): RestockingInput {
  const raw = body as Record<string, unknown> | undefined;
  if (faults.has('v1-restocking-warehouse-digit-string-rejected') && typeof raw?.warehouse_id === 'string') {
    throw new ApiError(422, [{ field: 'warehouse_id', message: 'must be an integer' }]);
  }
  const arrival = raw?.estimated_arrival_date;
  if (typeof arrival === 'string' && arrival.length > 10) {
    if (faults.has('v1-restocking-arrival-date-time-rejected')) throw new ApiError(422, [{ field: 'estimated_arrival_date', message: 'must be a date' }]);
  }
  if (typeof raw?.warehouse_id === 'string' && !/^-?[0-9]+$/.test(raw.warehouse_id)) {
    throw new ApiError(422, [{ field: 'warehouse_id', message: 'must be an integer or a string of digits' }]);
  }
  if (schema === updateSchema && faults.has('v1-restocking-update-extra-property-422')) {
    const extra = Object.keys(raw ?? {}).find((key) => !(key in properties));
    if (extra !== undefined) throw new ApiError(422, [{ field: extra, message: 'is not a known property' }]);
  }
  if (schema === createSchema && faults.has('v1-restocking-create-unknown-delivery-option-accepted') && raw && typeof raw.delivery_option === 'string'
    && !(properties.delivery_option.enum as readonly string[]).includes(raw.delivery_option)) raw.delivery_option = 'courier';
  return withArrivalDate(validateV1Body<RestockingInput>(schema, body, faults));
}

/** POST /restocking_shipments (§4.1): 201 with status shipped. */
export const createRestockingV1: Handler = (ctx) => {
  const { faults } = ctx.state;
  const shipment = createRestocking(ctx, readInput(ctx.body(), createSchema, faults));
  return { status: faults.has('v1-restocking-create-200') ? 200 : 201, body: renderRestockingV1(shipment, faults) };
};

/** GET /restocking_shipments/{id}: merchant-scoped. */
export const getRestockingV1: Handler = (ctx) => ({ status: 200, body: renderRestockingV1(ownRestocking(ctx), ctx.state.faults) });

/**
 * PUT /restocking_shipments/{id} (§4.1): only in created or shipped; omitted properties keep their
 * value, except restocking_shipment_items, whose absence removes every item.
 */
export const updateRestockingV1: Handler = (ctx) => {
  const { faults } = ctx.state;
  const shipment = ownRestocking(ctx, 'update');
  guardEditable(ctx, shipment);
  const input = readInput(ctx.body() ?? {}, updateSchema, faults);
  const resolved = resolveRestocking(ctx, input);
  if (resolved.warehouseId !== undefined) shipment.warehouse_id = resolved.warehouseId;
  for (const key of ['estimated_arrival_date', 'tracking_code', 'po_number', 'supplier_name'] as const) {
    if (input[key] !== undefined) shipment[key] = input[key] ?? null;
    else if (faults.has('v1-restocking-update-omitted-cleared')) shipment[key] = null;
  }
  if (input.delivery_option !== undefined) shipment.delivery_option = input.delivery_option;
  if (input.priority !== undefined) shipment.priority = input.priority;
  if (resolved.items !== undefined) shipment.items = resolved.items;
  else if (!faults.has('v1-restocking-update-omitted-items-kept')) shipment.items = [];
  shipment.updated_at = nowIso(ctx.state);
  const body = renderRestockingV1(shipment, faults);
  // The v1-restocking-update-batches-listed fault: the update answer lists a batch in each item (§2.3: always empty there).
  if (faults.has('v1-restocking-update-batches-listed')) {
    for (const item of body.restocking_shipment_items as Array<Record<string, unknown>>) item.inventory_batches = [{ inventory_batch_id: 710, quantity: item.announced_quantity }];
  }
  return { status: 200, body };
};
