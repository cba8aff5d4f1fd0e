import type { FaultDefinition } from './types.js';

/** Deviations of the scoping rules (§1, §5.3, §7 404): each lets a caller see, change or create what is not theirs. */
export const faults = [
  { name: 'v1-scope-cross-channel-order-read', section: '1', description: 'v1: GET /orders/{id} returns an order of another sales channel of the same merchant instead of 404' },
  { name: 'v1-scope-cross-merchant-order-read', section: '1', description: 'v1: GET /orders/{id} returns an order of another merchant instead of 404' },
  { name: 'v1-scope-orders-list-all-channels', section: '1', description: "v1: GET /orders lists the orders of all the merchant's sales channels, not only the token's" },
  { name: 'v1-scope-cross-channel-sku-update', section: '1', description: 'v1: PUT/PATCH /skus/{id} updates a SKU of another sales channel of the same merchant instead of 404' },
  { name: 'v1-scope-cross-merchant-restocking-read', section: '1', description: 'v1: GET /restocking_shipments/{id} returns a restocking shipment of another merchant instead of 404' },
  { name: 'v2-scope-cross-merchant-restocking-read', section: '1', description: 'v2: GET /restocking_shipments/{id} returns a restocking shipment of another merchant instead of 404' },
  { name: 'v2-scope-cross-merchant-order-read', section: '1', description: 'v2: GET /orders/{id} returns an order of another merchant instead of 404' },
  { name: 'v1-scope-cross-channel-order-update', section: '1', description: 'v1: PATCH/PUT /orders/{id} updates an order of another sales channel of the same merchant instead of 404' },
  { name: 'v1-scope-cross-merchant-order-update', section: '1', description: 'v1: PATCH/PUT /orders/{id} updates an order of another merchant instead of 404' },
  { name: 'v1-scope-cross-merchant-restocking-update', section: '1', description: 'v1: PUT /restocking_shipments/{id} updates a restocking shipment of another merchant instead of 404' },
  { name: 'v2-scope-cross-merchant-order-update', section: '1', description: 'v2: PATCH /orders/{id} and PUT /orders/{id}/cancel change an order of another merchant instead of 404' },
  { name: 'v2-scope-cross-merchant-restocking-update', section: '1', description: 'v2: PUT /restocking_shipments/{id} and its cancel change a restocking shipment of another merchant instead of 404' },
  { name: 'v2-scope-create-order-foreign-channel', section: '1', description: "v2 POST /orders: an order for another merchant's sales channel is created instead of refused" },
] as const satisfies readonly FaultDefinition[];
