import type { FaultDefinition } from './types.js';

/** Deviations of the H5 rules: v2 order fields and items (§2.1), restocking answers and bodies (§2.3, §4.1), batches (§2.4, §4.2), v1 SKUs (§2.6, §7), warehouses (§4.1) and the bearer token on every endpoint (§4). */
export const faults = [
  { name: 'v2-orders-create-created-at-from-external', section: '2.1', description: 'v2 POST /orders without created_at takes external_created_at as created_at instead of the current time' },
  { name: 'v2-orders-patch-fulfillment-status-applied', section: '2.1', description: 'v2 PATCH /orders/{id}: a fulfillment_status sent is applied although the field is read-only' },
  { name: 'v2-orders-create-items-optional', section: '2.1', description: 'v2 POST /orders without the required items creates an order with no items instead of answering 422' },
  { name: 'v2-orders-create-duplicate-merchant-item-id-accepted', section: '2.1', description: 'v2 POST /orders with two items of one merchant_item_id creates the order instead of answering 422' },
  { name: 'v2-orders-create-item-without-sku-accepted', section: '2.1', description: 'v2 POST /orders: an item with neither sku_id nor sku_code gets the sales channel\'s first SKU instead of answering 422' },
  { name: 'v2-orders-create-sku-code-refused', section: '2.1', description: 'v2 POST /orders: an item naming its SKU by sku_code alone answers 422' },
  { name: 'v2-orders-create-item-prices-required', section: '2.1', description: 'v2 POST /orders: an item without price_per_unit_in_cents answers 422 although the item prices are optional' },
  { name: 'v2-restocking-priority-missing', section: '2.3', description: 'v2 restocking create and update answers leave out the boolean priority' },
  { name: 'v2-restocking-create-item-without-sku-accepted', section: '2.3', description: 'v2 POST /restocking_shipments: an item with neither sku_id nor sku_code gets the merchant\'s first SKU instead of answering 422' },
  { name: 'v1-restocking-update-batches-listed', section: '2.3', description: 'v1 PUT /restocking_shipments/{id}: the answer lists an entry in each item\'s inventory_batches instead of none' },
  { name: 'v1-restocking-create-foreign-warehouse-accepted', section: '4.1', description: 'v1 POST /restocking_shipments accepts a warehouse_id of another merchant\'s warehouse instead of answering 422' },
  { name: 'v1-restocking-create-unknown-delivery-option-accepted', section: '4.1', description: 'v1 POST /restocking_shipments accepts a delivery_option outside postal, courier, dropoff, hive_freight (stored as courier)' },
  { name: 'v1-restocking-update-extra-property-422', section: '4.1', description: 'v1 PUT /restocking_shipments/{id} answers 422 to an unknown extra property instead of allowing it' },
  { name: 'v2-batches-expired-reason-expiry-window', section: '2.4', description: 'v2 POST /skus/{sku_id}/inventory_batches: a batch whose expiry date has passed gets block_reason expiry_window instead of expiry_date_reached' },
  { name: 'v2-batches-create-null-dates-refused', section: '4.2', description: 'v2 POST /skus/{sku_id}/inventory_batches answers 422 to production_date or expiry_date sent as null' },
  { name: 'v2-batch-settings-new-action-not-turned-on', section: '4.2', description: 'v2 PUT /skus/{sku_id}/inventory_batch_settings: a new expiry_follow_up_action does not turn batch tracking on (only a new action_weeks_before_expiry does)' },
  { name: 'v1-skus-cost-in-cent-in-units', section: '2.6', description: 'v1 SKU answers: cost_in_cent holds the cost in whole currency units (cents / 100) instead of the cents cost_in_cents holds' },
  { name: 'v1-skus-create-unknown-property-accepted', section: '7', description: 'v1 POST /skus accepts and ignores an unknown property instead of answering 422' },
  { name: 'v1-lists-warehouses-paginated', section: '4.1', description: 'v1 GET /warehouses cuts its answer by page and limit although it is not paginated' },
  { name: 'v1-auth-missing-token-unknown-id-404', section: '4', description: 'v1: a request without a token to a path naming an unknown record id answers 404 instead of 401 (the record is looked up first)' },
  { name: 'v2-auth-missing-token-write-422', section: '4', description: 'v2: a POST, PUT or PATCH without a token whose body is not a valid record answers 422 instead of 401 (the body is validated first)' },
] as const satisfies readonly FaultDefinition[];
