import type { FaultDefinition } from './types.js';

/** Deviations of the §2, §2.1 and §8 order value rules on the operations beyond v1 create: each lets one invalid value through. */
export const faults = [
  { name: 'v1-orders-update-negative-money-accepted', section: '8', description: 'v1 PATCH/PUT /orders/{id}: monetary properties below 0 are ignored and the update answers 200 instead of 422' },
  { name: 'v2-orders-create-lower-case-country-accepted', section: '2', description: 'v2 POST /orders: a shipping_address.country_code not matching ^[A-Z]{2}$ ("de") is taken as upper case instead of answering 422' },
  { name: 'v2-orders-patch-zero-quantity-accepted', section: '8', description: 'v2 PATCH /orders/{id} and /orders/by_merchant_order_id: an item quantity of 0 is taken as 1 instead of answering 422' },
] as const satisfies readonly FaultDefinition[];
