import type { FaultDefinition } from './types.js';

/** Deviations of the v2 order rules: create, PATCH, cancel, by_merchant_order_id and the list across channels (§2, §2.1, §3.2, §4, §4.2, §7, §8). */
export const faults = [
  { name: 'v2-orders-duplicate-not-409', section: '7', description: 'v2 POST /orders: a duplicate merchant_order_id in the sales channel answers 422 instead of 409' },
  { name: 'v2-orders-patch-merchant-order-id-applied', section: '4.2', description: 'v2 order PATCH: merchant_order_id is changed instead of ignored' },
  { name: 'v2-orders-patch-sales-channel-applied', section: '4.2', description: "v2 order PATCH: sales_channel_id (another of the merchant's channels) is changed instead of ignored" },
  { name: 'v2-orders-patch-omitted-cleared', section: '4.2', description: 'v2 order PATCH: nullable fields not provided are cleared instead of left unchanged' },
  { name: 'v2-orders-cancel-not-cancelled', section: '3.2', description: 'v2 PUT /orders/{id}/cancel answers 200 but fulfillment_status does not become cancelled' },
  { name: 'v2-orders-by-merchant-order-id-ignores-channel', section: '4.2', description: "v2 by_merchant_order_id: sales_channel_id is ignored, answering the newest order of any of the merchant's channels with that merchant_order_id" },
  { name: 'v2-orders-by-merchant-order-id-get-unknown-422', section: '7', description: 'v2 GET /orders/by_merchant_order_id: a merchant_order_id no order of the channel has answers 422 instead of 404' },
  { name: 'v2-orders-by-merchant-order-id-patch-unknown-422', section: '7', description: 'v2 PATCH /orders/by_merchant_order_id: a merchant_order_id no order of the channel has answers 422 instead of 404 (GET still answers 404)' },
  { name: 'v2-orders-by-merchant-order-id-patch-sales-channel-applied', section: '4.2', description: "v2 PATCH /orders/by_merchant_order_id: sales_channel_id (another of the merchant's channels) is changed instead of ignored" },
  { name: 'v2-orders-create-created-at-null', section: '2.1', description: 'v2 orders created without created_at show created_at null instead of the current time' },
  { name: 'v2-orders-create-created-at-from-external', section: '2.1', description: 'v2 POST /orders without created_at takes external_created_at as created_at instead of the current time' },
  { name: 'v2-orders-patch-fulfillment-status-applied', section: '2.1', description: 'v2 PATCH /orders/{id}: a fulfillment_status sent is applied although the field is read-only' },
  { name: 'v2-orders-create-items-optional', section: '2.1', description: 'v2 POST /orders without the required items creates an order with no items instead of answering 422' },
  { name: 'v2-orders-create-duplicate-merchant-item-id-accepted', section: '2.1', description: 'v2 POST /orders with two items of one merchant_item_id creates the order instead of answering 422' },
  { name: 'v2-orders-create-item-without-sku-accepted', section: '2.1', description: 'v2 POST /orders: an item with neither sku_id nor sku_code gets the sales channel\'s first SKU instead of answering 422' },
  { name: 'v2-orders-create-sku-code-refused', section: '2.1', description: 'v2 POST /orders: an item naming its SKU by sku_code alone answers 422' },
  { name: 'v2-orders-create-item-prices-required', section: '2.1', description: 'v2 POST /orders: an item without price_per_unit_in_cents answers 422 although the item prices are optional' },
  { name: 'v2-orders-create-lower-case-country-accepted', section: '2', description: 'v2 POST /orders: a shipping_address.country_code not matching ^[A-Z]{2}$ ("de") is taken as upper case instead of answering 422' },
  { name: 'v2-orders-patch-zero-quantity-accepted', section: '8', description: 'v2 PATCH /orders/{id} and /orders/by_merchant_order_id: an item quantity of 0 is taken as 1 instead of answering 422' },
  { name: 'v2-orders-financial-status-unchecked', section: '2.1', description: 'v2 POST /orders, PATCH /orders/{id} and PATCH /orders/by_merchant_order_id accept a financial_status outside failed, paid, pending, refunded and store it instead of answering 422' },
  { name: 'v2-orders-create-postal-code-filled', section: '2.1', description: 'v2 POST /orders: a shipping_address without postal_code gets postal_code "00000" instead of answering 422' },
  { name: 'v2-orders-create-201', section: '4', description: 'v2 POST /orders answers 201 instead of 200 (§4: unless stated, success is 200)' },
  { name: 'v2-orders-merchant-order-id-unique-per-merchant', section: '2.1', description: "v2 POST /orders: a merchant_order_id another sales channel of the merchant uses answers 409 instead of creating the order (unique per sales channel only)" },
  { name: 'v2-orders-list-primary-channel-only', section: '4.2', description: "v2 GET /orders: lists only the token's sales channel instead of all the merchant's channels" },
] as const satisfies readonly FaultDefinition[];
