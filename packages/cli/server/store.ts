/** The in-memory records behind the reference server, in the service's own (internal) terms. */

/** A merchant and the features its account has switched on. */
export interface Merchant {
  id: number;
  name: string;
  batchTracking: boolean;
  expiryHandling: boolean;
}

/** A sales channel (shop) of a merchant; v1 tokens are bound to one. */
export interface SalesChannel {
  id: number;
  merchantId: number;
  name: string;
  active: boolean;
}

/** An API token; `expiresAt` null means it does not expire. */
export interface ApiToken {
  value: string;
  salesChannelId: number;
  issuedAt: string;
  expiresAt: string | null;
}

/** A warehouse of a merchant. */
export interface Warehouse {
  id: number;
  merchantId: number;
  name: string;
  country_code: string;
}

/** A SKU of a sales channel. */
export interface Sku {
  id: number;
  salesChannelId: number;
  merchant_sku_id: string;
  name: string;
  barcode: string;
  status: 'active' | 'deleted';
  created_at: string;
  cost_in_cents: number;
  weight_in_kg: number;
  country_code_of_origin: string;
  hs_code: string;
  image_url: string;
  batch_tracking_enabled: boolean;
  fulfilled_by: string;
  dangerous_good: boolean;
  un_numbers: string[];
  hazardous_good: boolean;
  h_codes: string[];
  stocked: number;
  reserved: number;
}

/** The §2.1 address. */
export interface Address {
  city: string;
  company: string | null;
  country_code: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  line1: string;
  line2: string | null;
  parcel_point_id: string | null;
  phone: string | null;
  postal_code: string;
  province_or_state_code: string | null;
}

/** An order line; `cancelled` marks lines left out of a later update (§4.1 rule 3). */
export interface OrderItem {
  merchant_item_id: string;
  sku_id: number;
  sku_code: string;
  quantity: number;
  price_per_unit_in_cents?: number;
  price_per_unit_in_cents_with_discount?: number;
  cancelled: boolean;
}

/** The fulfillment states of §3.2. */
export const fulfillmentStatuses = [
  'waiting_for_picking', 'processing', 'partially_shipped', 'shipped',
  'on_hold', 'payment_pending', 'cancelled', 'ignored',
] as const;
/** One §3.2 fulfillment state. */
export type FulfillmentStatus = (typeof fulfillmentStatuses)[number];

/** An order; `receivedAt` is when the service received it, which v1 lists sort and filter on. */
export interface Order {
  id: number;
  salesChannelId: number;
  receivedAt: string;
  manual: boolean;
  merchant_order_id: string;
  carrier_preference: string | null;
  created_at: string;
  updated_at: string;
  external_created_at: string | null;
  currency: string;
  custom_metadata: Record<string, unknown> | null;
  customer_order_number: string | null;
  payment_method: string | null;
  financial_status: 'failed' | 'paid' | 'pending' | 'refunded';
  fulfillment_status: FulfillmentStatus;
  tags: string[] | null;
  items: OrderItem[];
  shipping_address: Address;
  total_price_in_cents: number;
  total_tax_in_cents: number;
  total_net_revenue_in_cents: number;
  total_net_refunds_in_cents: number;
  total_tax_refunds_in_cents: number;
}

/** An outbound shipment (§2.2 shape). */
export interface Shipment {
  id: number;
  order_id: number;
  merchant_order_id: string;
  sales_channel_id: number;
  status: string;
  delivery_status: string | null;
  items: { id: number; merchant_item_id: string | null; quantity: number; sku: { id: number; sku_code: string }; batches: unknown[]; serial_numbers: unknown[] }[];
  shipment_provider: string | null;
  shipping_method: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  created_at: string;
  updated_at: string;
  shipped_at: string | null;
  delivered_at: string | null;
}

/** A return of an order. */
export interface Return {
  id: number;
  order_id: number;
  salesChannelId: number;
  status: string;
  created_at: string;
  updated_at: string;
}

/**
 * Restocking status in the service's own terms: the union of the v1 and v2 sets (§3.1).
 * `received` shows as v1 `delivered`; `on_hold` shows as v2 `processing` (see server/README.md).
 */
export type RestockingStatus = 'created' | 'shipped' | 'received' | 'arrived' | 'processing' | 'restocked' | 'on_hold' | 'cancelled';

/** A line of a restocking shipment. */
export interface RestockingItem {
  sku_id: number;
  sku_code: string;
  announced_quantity: number;
  arrived_quantity: number;
  damaged_quantity: number;
  missing_quantity: number;
  remarks: string | null;
  total_cost_in_cents: number | null;
  inventory_batch_id: number | null;
}

/** An inbound restocking shipment, merchant-scoped. */
export interface RestockingShipment {
  id: number;
  merchantId: number;
  warehouse_id: number;
  barcode: string;
  status: RestockingStatus;
  delivery_option: 'courier' | 'dropoff' | 'hive_freight' | 'postal';
  estimated_arrival_date: string | null;
  po_number: string | null;
  supplier_name: string | null;
  tracking_code: string | null;
  priority: boolean;
  items: RestockingItem[];
  created_at: string;
  updated_at: string;
  arrived_at: string | null;
}

/** A lot/batch of a SKU (§2.4). */
export interface InventoryBatch {
  id: number;
  skuId: number;
  lot_number: string | null;
  production_date: string | null;
  expiry_date: string | null;
  status: 'active' | 'archived';
  blocked: boolean;
  block_reason: 'expiry_window' | 'expiry_date_reached' | null;
  name: string;
  tracking_code: string | null;
}

/** Batch settings (§2.5): the merchant default (`sku_id` null) or one SKU's own. */
export interface BatchSettings {
  id: number;
  merchantId: number;
  sku_id: number | null;
  batch_priority: string;
  b2c_shelf_life_in_weeks: number;
  b2b_shelf_life_in_weeks: number;
  ito_shelf_life_in_weeks: number;
  kit_shelf_life_in_weeks: number;
  action_weeks_before_expiry: number | null;
  expiry_follow_up_action: string | null;
}

/** Every record the server holds, and the id counters for new ones. */
export class Store {
  merchants = new Map<number, Merchant>();
  salesChannels = new Map<number, SalesChannel>();
  tokens = new Map<string, ApiToken>();
  warehouses = new Map<number, Warehouse>();
  skus = new Map<number, Sku>();
  orders = new Map<number, Order>();
  shipments = new Map<number, Shipment>();
  returns = new Map<number, Return>();
  restockingShipments = new Map<number, RestockingShipment>();
  inventoryBatches = new Map<number, InventoryBatch>();
  batchSettings = new Map<number, BatchSettings>();
  private nextIds = new Map<string, number>();

  /** The next id of a kind: ids continue after the highest seeded one. */
  nextId(kind: string, start: number): number {
    const id = this.nextIds.get(kind) ?? start;
    this.nextIds.set(kind, id + 1);
    return id;
  }

  /** The sales channels of one merchant, by id. */
  channelsOf(merchantId: number): SalesChannel[] {
    return [...this.salesChannels.values()].filter((c) => c.merchantId === merchantId);
  }
}
