// The v2 order a client sends (§2.1): every required writable field, and none of the read-only ones
// (id, created_at, updated_at, fulfillment_status), which the service sets. Shared by both consumers.
export const orderCreate = {
  merchant_order_id: 'ACME-10482',
  sales_channel_id: 11,
  carrier_preference: 'DHL',
  currency: 'EUR',
  // An enum value keeps its literal type, as it would be written inline in the call.
  financial_status: 'paid' as const,
  custom_metadata: { storefront: 'acme-web' },
  items: [{ merchant_item_id: 'ACME-10482-1', sku_id: 501, quantity: 2, price_per_unit_in_cents: 1799 }],
  shipping_address: { first_name: 'Maria', last_name: 'Schmidt', line1: 'Torstraße 112', city: 'Berlin', postal_code: '10119', country_code: 'DE' },
  total_price_in_cents: 3598,
  total_tax_in_cents: 574,
  total_net_revenue_in_cents: 3024,
  total_net_refunds_in_cents: 0,
  total_tax_refunds_in_cents: 0,
};
