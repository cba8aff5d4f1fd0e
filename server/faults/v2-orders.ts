import type { FaultDefinition } from './types.js';

/** Deviations of the v2 order operations (§4.2, §3.2, §7). */
export const faults = [
  { name: 'v2-orders-duplicate-not-409', section: '7', description: 'v2 POST /orders: a duplicate merchant_order_id in the sales channel answers 422 instead of 409' },
  { name: 'v2-orders-patch-merchant-order-id-applied', section: '4.2', description: 'v2 order PATCH: merchant_order_id is changed instead of ignored' },
  { name: 'v2-orders-patch-sales-channel-applied', section: '4.2', description: "v2 order PATCH: sales_channel_id (another of the merchant's channels) is changed instead of ignored" },
  { name: 'v2-orders-patch-omitted-cleared', section: '4.2', description: 'v2 order PATCH: nullable fields not provided are cleared instead of left unchanged' },
  { name: 'v2-orders-cancel-not-cancelled', section: '3.2', description: 'v2 PUT /orders/{id}/cancel answers 200 but fulfillment_status does not become cancelled' },
  { name: 'v2-orders-by-merchant-order-id-ignores-channel', section: '4.2', description: "v2 by_merchant_order_id: sales_channel_id is ignored, answering the newest order of any of the merchant's channels with that merchant_order_id" },
] as const satisfies readonly FaultDefinition[];
