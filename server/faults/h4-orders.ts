import type { FaultDefinition } from './types.js';

/** Deviations of the v2 by_merchant_order_id operations (§4.2, §7). */
export const faults = [
  { name: 'v2-orders-by-merchant-order-id-unknown-422', section: '7', description: 'v2 GET and PATCH /orders/by_merchant_order_id: a merchant_order_id no order of the channel has answers 422 instead of 404' },
  { name: 'v2-orders-by-merchant-order-id-patch-sales-channel-applied', section: '4.2', description: "v2 PATCH /orders/by_merchant_order_id: sales_channel_id (another of the merchant's channels) is changed instead of ignored" },
] as const satisfies readonly FaultDefinition[];
