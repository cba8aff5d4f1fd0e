import { order } from './seed.js';
import type { FulfillmentStatus, RestockingStatus, Store } from './store.js';
import { fulfillmentStatuses } from './store.js';

/** How many records seed-large-merchant adds to the primary merchant. */
export const largeMerchant = { orders: 3000, restockingShipments: 1500 } as const;

const minute = 60_000;
const restockingStatuses: RestockingStatus[] = ['created', 'shipped', 'received', 'arrived', 'processing', 'restocked', 'on_hold', 'cancelled'];

/**
 * seed-large-merchant: a year of history before the regular seed (which starts 2026-01-05): orders on
 * the primary channel received 170 minutes apart, and restocking shipments 350 minutes apart. Their
 * ids come from the store's counters, so records the API creates later still get higher ids.
 */
export function seedLargeMerchant(store: Store): void {
  const base = Date.parse('2025-01-01T00:00:00.000Z');
  for (let i = 0; i < largeMerchant.orders; i++) {
    const id = store.nextId('order', 1001);
    const receivedAt = new Date(base + i * 170 * minute).toISOString();
    const createdAt = new Date(base + i * 170 * minute - ((i * 7919) % 2880) * minute).toISOString();
    const status = fulfillmentStatuses[i % fulfillmentStatuses.length] as FulfillmentStatus;
    store.orders.set(id, order(id, 11, `BULK-${String(id).padStart(6, '0')}`, receivedAt, createdAt, status, 501, 'TSHIRT-WHITE-M'));
  }
  for (let i = 0; i < largeMerchant.restockingShipments; i++) {
    const id = store.nextId('restocking', 1001);
    const status = restockingStatuses[i % restockingStatuses.length] as RestockingStatus;
    const createdAt = new Date(base + i * 350 * minute).toISOString();
    store.restockingShipments.set(id, {
      id, merchantId: 1, warehouse_id: i % 2 === 0 ? 3 : 4, barcode: `RS-${id}`, status, delivery_option: 'postal',
      estimated_arrival_date: createdAt.slice(0, 10), po_number: `PO-BULK-${id}`, supplier_name: 'Bulk Supplies', tracking_code: null, priority: i % 10 === 0,
      items: [{ sku_id: 502, sku_code: 'TEA-GREEN', announced_quantity: 10 + (i % 40), arrived_quantity: 0, damaged_quantity: 0, missing_quantity: 0, remarks: null, total_cost_in_cents: null, inventory_batch_id: null }],
      created_at: createdAt, updated_at: createdAt, arrived_at: ['arrived', 'processing', 'restocked', 'on_hold'].includes(status) ? createdAt : null,
    });
  }
}
