import type { FaultDefinition } from './types.js';

/** Responses that break their schema (§2): a wrong type, a pattern, a missing required field, an unknown enum value. */
export const faults = [
  { name: 'v1-schema-order-id-string', section: '2', description: 'v1 orders carry id as a string instead of an integer' },
  { name: 'v2-schema-order-id-string', section: '2.1', description: 'v2 orders carry id as a string instead of an integer' },
  { name: 'v2-schema-order-reference-ids-string', section: '2.1', description: "v2 orders carry sales_channel_id and their items' sku_id as strings of digits instead of integers" },
  { name: 'v2-schema-order-currency-lowercase', section: '2.1', description: 'v2 orders carry currency in lower case (breaks ^[A-Z]{3}$)' },
  { name: 'v2-schema-order-missing-fulfillment-status', section: '2.1', description: 'v2 orders lack the required fulfillment_status' },
  { name: 'v2-schema-order-unknown-fulfillment-status', section: '3.2', description: 'v2 orders carry fulfillment_status "in_the_warehouse", not one of the §3.2 values' },
  { name: 'v1-schema-restocking-unknown-status', section: '3.1', description: 'v1 restocking shipments carry status "in_transit", not one of the v1 values' },
  { name: 'v2-schema-restocking-v1-status', section: '3.1', description: 'v2 restocking shipments in status received show the v1-only value "delivered"' },
  { name: 'v2-schema-restocking-missing-warehouse-id', section: '2.3', description: 'v2 restocking shipments lack the required warehouse_id' },
  { name: 'v2-schema-restocking-updated-at-not-iso', section: '2', description: 'v2 restocking shipments carry updated_at in the HTTP date form ("Fri, 02 Jan 2026 07:30:00 GMT"), not an ISO 8601 date-time' },
  { name: 'v2-schema-restocking-item-missing-quantities', section: '2.3', description: 'v2 restocking shipment items leave out the required arrived_quantity, damaged_quantity and missing_quantity' },
  { name: 'v2-schema-restocking-announced-quantity-string', section: '2.3', description: 'v2 restocking shipment items carry announced_quantity as a string of digits ("5") instead of an integer' },
  { name: 'v2-schema-batch-settings-ids-string', section: '2.5', description: 'inventory batch settings carry id and sku_id as strings of digits ("802") instead of integers' },
  { name: 'v1-schema-sku-id-string', section: '2', description: 'v1 SKUs carry id as a string of digits ("501") instead of an integer' },
  { name: 'v1-schema-sku-weight-string', section: '2.6', description: 'v1 SKUs carry weight_in_kg as a string instead of a number' },
  { name: 'v2-schema-batch-blocked-string', section: '2.4', description: 'inventory batches carry blocked as a string instead of a boolean' },
  { name: 'v1-schema-pagination-string-page', section: '2.7', description: 'v1 pagination carries current_page as a string instead of an integer' },
  { name: 'v2-schema-next-page-url-missing', section: '2.7', description: 'v2 pagination lacks next_page_url' },
] as const satisfies readonly FaultDefinition[];
