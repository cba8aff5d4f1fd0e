import type { Faults } from '../faults/index.js';
import type { RestockingShipment, RestockingStatus } from '../store.js';

// The status sets differ (§3.1): v1 has delivered and on_hold, v2 has received. Our internal
// `received` is v1 `delivered`; `on_hold` has no v2 counterpart and shows as `processing`.
const v1Status: Record<RestockingStatus, string> = {
  created: 'created', shipped: 'shipped', received: 'delivered', arrived: 'arrived',
  processing: 'processing', restocked: 'restocked', on_hold: 'on_hold', cancelled: 'cancelled',
};
const v2Status: Record<RestockingStatus, string> = {
  created: 'created', shipped: 'shipped', received: 'received', arrived: 'arrived',
  processing: 'processing', restocked: 'restocked', on_hold: 'processing', cancelled: 'cancelled',
};

/** The v1 shape (§2.3): what GET /restocking_shipments/{id} and the v1 event carry. */
export function renderRestockingV1(shipment: RestockingShipment, faults: Faults): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: shipment.id,
    merchant_id: shipment.merchantId,
    warehouse_id: shipment.warehouse_id,
    barcode: shipment.barcode,
    delivery_option: shipment.delivery_option,
    estimated_arrival_date: shipment.estimated_arrival_date,
    po_number: shipment.po_number,
    supplier_name: shipment.supplier_name,
    tracking_code: shipment.tracking_code,
    status: v1Status[shipment.status],
    restocking_shipment_items: shipment.items.map((item) => ({
      sku_id: item.sku_id,
      announced_quantity: item.announced_quantity,
      arrived_quantity: item.arrived_quantity,
      damaged_quantity: item.damaged_quantity,
      missing_quantity: item.missing_quantity,
      inventory_batches: [],
    })),
  };
  if (faults.has('v1-schema-restocking-unknown-status')) body.status = 'in_transit';
  return body;
}

/** The v2 shape (§2.3): what the v2 endpoints and the v2 event carry. */
export function renderRestockingV2(shipment: RestockingShipment, faults: Faults): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: shipment.id,
    barcode: shipment.barcode,
    status: v2Status[shipment.status],
    delivery_option: shipment.delivery_option,
    estimated_arrival_date: shipment.estimated_arrival_date,
    po_number: shipment.po_number,
    supplier_name: shipment.supplier_name,
    tracking_code: shipment.tracking_code,
    warehouse_id: shipment.warehouse_id,
    priority: shipment.priority,
    restocking_shipment_items: shipment.items.map(({ inventory_batch_id, ...item }) => (inventory_batch_id === null ? item : { ...item, inventory_batch_id })),
    created_at: shipment.created_at,
    updated_at: shipment.updated_at,
    arrived_at: shipment.arrived_at,
  };
  if (faults.has('v2-schema-restocking-missing-warehouse-id')) delete body.warehouse_id;
  if (faults.has('v2-schema-restocking-updated-at-not-iso')) body.updated_at = new Date(shipment.updated_at).toUTCString();
  if (faults.has('v2-schema-restocking-item-missing-quantities')) {
    body.restocking_shipment_items = shipment.items.map(({ arrived_quantity: _a, damaged_quantity: _d, missing_quantity: _m, inventory_batch_id: _b, ...item }) => item);
  }
  if (faults.has('v2-schema-restocking-v1-status') && shipment.status === 'received') body.status = 'delivered';
  if (faults.has('v2-schema-restocking-announced-quantity-string')) {
    body.restocking_shipment_items = (body.restocking_shipment_items as Array<Record<string, unknown>>).map((item) => ({ ...item, announced_quantity: String(item.announced_quantity) }));
  }
  return body;
}
