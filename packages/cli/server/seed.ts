import type { Address, FulfillmentStatus, Order, RestockingStatus, Shipment, Sku } from './store.js';
import { fulfillmentStatuses, Store } from './store.js';

/** The fixed values of the seed that the profile names (ids and token strings never change). */
export const seedIds = {
  merchant: 1,
  otherMerchant: 2,
  primaryChannel: 11,
  otherChannel: 12,
  inactiveChannel: 13,
  otherMerchantChannel: 21,
  warehouse: 3,
  otherMerchantWarehouse: 7,
  sku: { id: 501, sku_code: 'TSHIRT-WHITE-M' },
  batchSku: { id: 502, sku_code: 'TEA-GREEN' },
  otherChannelSku: { id: 777, sku_code: 'MUG-BLUE' },
  otherMerchantSku: { id: 801, sku_code: 'WIDGET-RED' },
  tokens: {
    // The primary channel's oldest valid token: it keys webhook signatures (§6.3).
    signing: 'mfc-local-11-signing-7c1f0e2b9a',
    primary: 'mfc-local-11-primary-4d8a3c6e15',
    sameMerchantOtherChannel: 'mfc-local-12-other-9b2e7f4a03',
    inactiveChannel: 'mfc-local-13-inactive-5e0c1d8b72',
    expired: 'mfc-local-11-expired-2a6f9c3e58',
    otherMerchant: 'mfc-local-21-merchant2-8f3b5a1d64',
  },
} as const;

/** Orders seeded on the primary channel: enough for several v1 pages at the default limit of 20. */
export const primaryOrderCount = 48;

const address = (city: string, country: string): Address => ({
  city, company: null, country_code: country, email: 'buyer@example.test', first_name: 'Alex', last_name: 'Doe',
  full_name: null, line1: '1 Main Street', line2: null, parcel_point_id: null, phone: null, postal_code: '10115',
  province_or_state_code: null,
});

const at = (base: string, minutes: number): string => new Date(Date.parse(base) + minutes * 60_000).toISOString();

/** How to seed the store. */
export interface SeedOptions {
  /** false: the primary merchant has no batch tracking (§4.2's 422 case); default true. */
  batchTracking?: boolean;
  /** false: the primary merchant is not enrolled in batch expiry handling (§2.4, §2.5: expiry fields and reasons stay null); default true. */
  expiryHandling?: boolean;
  /**
   * true (variant seed-empty): the accounts as a fresh database holds them, set up and not yet used:
   * merchants, channels, tokens, warehouses, SKUs and the merchants' default batch settings, and no
   * order, shipment, return, restocking shipment, inventory batch or SKU-specific batch setting.
   */
  empty?: boolean;
}

/**
 * Builds the deterministic seed: two merchants, their channels, tokens, catalog, orders, shipments and
 * inbound stock (without the records a merchant's use makes, when `empty`).
 */
export function seedStore(options: SeedOptions = {}): Store {
  const { batchTracking = true, expiryHandling = true, empty = false } = options;
  const store = new Store();
  const ids = seedIds;
  store.merchants.set(1, { id: 1, name: 'Acme Outfitters', batchTracking, expiryHandling });
  // Merchant 2 is enrolled in expiry handling but has no batch tracking: §4.2's 422 case.
  store.merchants.set(2, { id: 2, name: 'Globex Supplies', batchTracking: false, expiryHandling: true });
  for (const [id, merchantId, name, active] of [[11, 1, 'Acme web shop', true], [12, 1, 'Acme marketplace', true], [13, 1, 'Acme old shop', false], [21, 2, 'Globex shop', true]] as const) {
    store.salesChannels.set(id, { id, merchantId, name, active });
  }
  const token = (value: string, salesChannelId: number, issuedAt: string, expiresAt: string | null): void => {
    store.tokens.set(value, { value, salesChannelId, issuedAt, expiresAt });
  };
  token(ids.tokens.expired, 11, '2024-06-01T00:00:00Z', '2024-12-31T00:00:00Z');
  token(ids.tokens.signing, 11, '2025-01-15T00:00:00Z', null);
  token(ids.tokens.primary, 11, '2025-09-01T00:00:00Z', null);
  token(ids.tokens.sameMerchantOtherChannel, 12, '2025-02-01T00:00:00Z', null);
  token(ids.tokens.inactiveChannel, 13, '2024-03-01T00:00:00Z', null);
  token(ids.tokens.otherMerchant, 21, '2025-03-01T00:00:00Z', null);
  for (const [id, merchantId, name, country] of [[3, 1, 'Berlin', 'DE'], [4, 1, 'Rotterdam', 'NL'], [7, 2, 'Lyon', 'FR']] as const) {
    store.warehouses.set(id, { id, merchantId, name, country_code: country });
  }
  seedSkus(store);
  if (!batchTracking) for (const sku of store.skus.values()) sku.batch_tracking_enabled = false;
  seedDefaultBatchSettings(store);
  if (empty) return store;
  seedOrders(store);
  seedShipmentsAndReturns(store);
  seedRestocking(store);
  seedBatches(store);
  return store;
}

function sku(id: number, salesChannelId: number, code: string, name: string, extra: Partial<Sku> = {}): Sku {
  return {
    id, salesChannelId, merchant_sku_id: code, name, barcode: `40000000${id}`, status: 'active',
    created_at: '2025-11-01T09:00:00.000Z', cost_in_cents: 450, weight_in_kg: 0.25, country_code_of_origin: 'PT',
    hs_code: '610910', image_url: `https://images.example.test/${code.toLowerCase()}.png`, batch_tracking_enabled: false,
    fulfilled_by: 'fulfillment_provider', dangerous_good: false, un_numbers: [], hazardous_good: false, h_codes: [],
    stocked: 120, reserved: 8, ...extra,
  };
}

function seedSkus(store: Store): void {
  for (const s of [
    sku(501, 11, 'TSHIRT-WHITE-M', 'T-shirt white M'),
    // Batch tracking off, so the §4.2 rules about a write turning it on can be observed on the batch SKU.
    sku(502, 11, 'TEA-GREEN', 'Green tea 100 g', { hs_code: '090210', country_code_of_origin: 'CN' }),
    sku(503, 11, 'TSHIRT-BLACK-L', 'T-shirt black L'),
    sku(504, 11, 'CAP-RETIRED', 'Retired cap', { status: 'deleted', stocked: 0, reserved: 0 }),
    sku(777, 12, 'MUG-BLUE', 'Mug blue', { hs_code: '691200' }),
    sku(801, 21, 'WIDGET-RED', 'Widget red'),
  ]) store.skus.set(s.id, s);
}

/** A seeded order of one line; received at `receivedAt`, the order's own created_at `createdAt`. */
export function order(id: number, salesChannelId: number, merchantOrderId: string, receivedAt: string, createdAt: string, status: FulfillmentStatus, skuId: number, skuCode: string): Order {
  return {
    id, salesChannelId, receivedAt, manual: false, merchant_order_id: merchantOrderId, carrier_preference: 'DHL',
    created_at: createdAt, updated_at: receivedAt, external_created_at: createdAt, currency: 'EUR', custom_metadata: null,
    customer_order_number: `C-${id}`, payment_method: 'card', financial_status: 'paid', fulfillment_status: status,
    tags: ['seed'], shipping_address: address('Berlin', 'DE'),
    items: [{ merchant_item_id: `${merchantOrderId}-1`, sku_id: skuId, sku_code: skuCode, quantity: 1 + (id % 3), price_per_unit_in_cents: 1999, cancelled: false }],
    total_price_in_cents: 1999, total_tax_in_cents: 319, total_net_revenue_in_cents: 1680, total_net_refunds_in_cents: 0, total_tax_refunds_in_cents: 0,
  };
}

function seedOrders(store: Store): void {
  const base = '2026-01-05T08:00:00.000Z';
  for (let i = 0; i < primaryOrderCount; i++) {
    const id = 101 + i;
    // Received 37 minutes apart; the order's own created_at is scrambled around it, so sorting or
    // filtering on created_at instead of the received time gives a visibly different answer.
    const receivedAt = at(base, i * 37);
    const createdAt = at(receivedAt, -((i * 7919) % 2880));
    const status = fulfillmentStatuses[i % fulfillmentStatuses.length] as FulfillmentStatus;
    const merchantOrderId = i === 0 ? 'SHARED-1001' : `ACME-${String(id).padStart(5, '0')}`;
    store.orders.set(id, order(id, 11, merchantOrderId, receivedAt, createdAt, status, 501, 'TSHIRT-WHITE-M'));
  }
  // Created by hand in the provider's application: the newest of all, yet never in v1 GET /orders.
  const manual = order(149, 11, 'MANUAL-00149', at(base, primaryOrderCount * 37 + 60), at(base, primaryOrderCount * 37 + 60), 'waiting_for_picking', 501, 'TSHIRT-WHITE-M');
  store.orders.set(149, { ...manual, manual: true });
  for (let i = 0; i < 5; i++) {
    const id = 201 + i;
    // Order 201 shares its merchant_order_id with order 101: unique per channel only (§2.1).
    const merchantOrderId = i === 0 ? 'SHARED-1001' : `MKT-${id}`;
    store.orders.set(id, order(id, 12, merchantOrderId, at(base, i * 53 + 5), at(base, i * 53), 'waiting_for_picking', 777, 'MUG-BLUE'));
  }
  for (let i = 0; i < 3; i++) {
    const id = 301 + i;
    store.orders.set(id, order(id, 21, `GLX-${id}`, at(base, i * 61 + 7), at(base, i * 61), 'processing', 801, 'WIDGET-RED'));
  }
}

const shipmentStatuses = ['waiting_for_picking', 'picking_assigned', 'in_picking', 'picked', 'in_packing', 'packed', 'in_shipping', 'shipped', 'on_hold', 'cancelled'];

function seedShipmentsAndReturns(store: Store): void {
  const shipment = (id: number, orderId: number, status: string): void => {
    const o = store.orders.get(orderId) as Order;
    const shipped = status === 'shipped';
    store.shipments.set(id, {
      id, order_id: orderId, merchant_order_id: o.merchant_order_id, sales_channel_id: o.salesChannelId, status,
      delivery_status: shipped ? 'in_transit' : null,
      items: o.items.map((item, n) => ({ id: id * 10 + n, merchant_item_id: item.merchant_item_id, quantity: item.quantity, sku: { id: item.sku_id, sku_code: item.sku_code }, batches: [], serial_numbers: [] })),
      shipment_provider: shipped ? 'DHL' : null, shipping_method: shipped ? 'standard' : null,
      tracking_number: shipped ? `00340434${id}` : null, tracking_url: shipped ? `https://tracking.example.test/00340434${id}` : null,
      created_at: o.created_at, updated_at: o.updated_at, shipped_at: shipped ? o.updated_at : null, delivered_at: null,
    });
  };
  shipmentStatuses.forEach((status, i) => shipment(401 + i, 101 + i, status));
  shipment(411, 201, 'shipped');
  // Handed to the carrier, not yet shipped: its delivery status moves (server/domain/shipment-progress.ts).
  shipment(413, 111, 'in_shipping');
  Object.assign(store.shipments.get(413) as Shipment, {
    delivery_status: 'information_transmitted', shipment_provider: 'DHL', tracking_number: '00340434413', tracking_url: 'https://tracking.example.test/00340434413',
  });
  shipment(412, 301, 'shipped');
  for (const [id, orderId, salesChannelId] of [[601, 101, 11], [602, 201, 12], [603, 301, 21]] as const) {
    store.returns.set(id, { id, order_id: orderId, salesChannelId, status: 'announced', created_at: '2026-01-10T10:00:00.000Z', updated_at: '2026-01-10T10:00:00.000Z' });
  }
}

function seedRestocking(store: Store): void {
  const statuses: RestockingStatus[] = ['created', 'shipped', 'received', 'arrived', 'processing', 'restocked', 'on_hold', 'cancelled'];
  const add = (id: number, merchantId: number, warehouseId: number, status: RestockingStatus, skuId: number, skuCode: string, day: number): void => {
    const createdAt = `2026-01-${String(day).padStart(2, '0')}T07:30:00.000Z`;
    store.restockingShipments.set(id, {
      id, merchantId, warehouse_id: warehouseId, barcode: `RS-${id}`, status, delivery_option: 'courier',
      estimated_arrival_date: `2026-01-${String(day + 3).padStart(2, '0')}`, po_number: `PO-${id}`, supplier_name: 'Leaf & Co',
      tracking_code: `TRK${id}`, priority: false,
      items: [{ sku_id: skuId, sku_code: skuCode, announced_quantity: 50, arrived_quantity: 0, damaged_quantity: 0, missing_quantity: 0, remarks: null, total_cost_in_cents: 12500, inventory_batch_id: null }],
      created_at: createdAt, updated_at: createdAt, arrived_at: ['arrived', 'processing', 'restocked', 'on_hold'].includes(status) ? createdAt : null,
    });
  };
  statuses.forEach((status, i) => add(901 + i, 1, 3, status, 502, 'TEA-GREEN', 2 + i));
  add(951, 2, 7, 'shipped', 801, 'WIDGET-RED', 4);
}

const shelfLife = { batch_priority: 'first_expired_first_out', b2c_shelf_life_in_weeks: 12, b2b_shelf_life_in_weeks: 16, ito_shelf_life_in_weeks: 8, kit_shelf_life_in_weeks: 10 };

// Each merchant's default batch settings are part of its account (§2.5: the merchant default record always carries an action).
function seedDefaultBatchSettings(store: Store): void {
  store.batchSettings.set(801, { id: 801, merchantId: 1, sku_id: null, ...shelfLife, action_weeks_before_expiry: 6, expiry_follow_up_action: 'block_only' });
  store.batchSettings.set(803, { id: 803, merchantId: 2, sku_id: null, ...shelfLife, action_weeks_before_expiry: null, expiry_follow_up_action: 'block_only' });
}

function seedBatches(store: Store): void {
  store.inventoryBatches.set(701, { id: 701, skuId: 502, lot_number: 'LOT-2025-11', production_date: '2025-11-01', expiry_date: '2027-11-01', status: 'active', blocked: false, block_reason: null, name: 'LOT-2025-11', tracking_code: null });
  store.inventoryBatches.set(702, { id: 702, skuId: 502, lot_number: 'LOT-2024-03', production_date: '2024-03-01', expiry_date: '2025-03-01', status: 'archived', blocked: true, block_reason: 'expiry_date_reached', name: 'LOT-2024-03', tracking_code: null });
  // The batch SKU holds a weeks value while its batch tracking is off (set before tracking was turned
  // off in the provider's application), so re-sending a held value is observable (§4.2: it leaves
  // batch tracking unchanged); its action is null, so clearing one is observable too.
  store.batchSettings.set(802, { id: 802, merchantId: 1, sku_id: 502, ...shelfLife, b2c_shelf_life_in_weeks: 20, action_weeks_before_expiry: 2, expiry_follow_up_action: null });
}
