import type { FaultDefinition } from './types.js';

/** Deviations of the v1 order rules (§4.1 rules 1 to 5, §8 money values, §9.5). */
export const faults = [
  { name: 'v1-orders-duplicate-not-409', section: '4.1', description: 'v1 POST /orders: a duplicate merchant_order_id creates a second order (201) instead of answering 409' },
  { name: 'v1-orders-text-double-encoded', section: '2', description: 'v1 order creates and updates store text beyond ASCII double-encoded (its UTF-8 bytes read as Latin-1: "Müller" reads back as "MÃ¼ller")' },
  { name: 'v1-orders-create-created-at-null', section: '2', description: 'v1 orders the service set the created_at of (a create without one) show created_at null instead of the time they were created' },
  { name: 'v1-orders-duplicate-409-without-id', section: '4.1', description: "v1 POST /orders: the 409 for a duplicate does not carry the existing order's id" },
  { name: 'v1-orders-create-unknown-property-accepted', section: '4.1', description: 'v1 POST /orders: unknown properties are ignored instead of answering 422' },
  { name: 'v1-orders-update-unknown-property-accepted', section: '4.1', description: 'v1 PATCH/PUT /orders/{id}: unknown properties are ignored instead of answering 422' },
  { name: 'v1-orders-put-not-alias', section: '9.5', description: 'v1 PUT /orders/{id} answers 405 instead of behaving like PATCH' },
  { name: 'v1-orders-update-omitted-cleared', section: '4.1', description: 'v1 order update: nullable properties left out are cleared to null instead of keeping their value' },
  { name: 'v1-orders-update-null-clears', section: '4.1', description: 'v1 order update: properties sent as null (nullable ones and required address fields such as city) are cleared instead of keeping their value' },
  { name: 'v1-orders-update-address-replaced', section: '4.1', description: 'v1 order update: shipping_address replaces the stored one (optional properties not sent become null) instead of merging property by property' },
  { name: 'v1-orders-update-missing-items-dropped', section: '4.1', description: 'v1 order update: existing items missing from items disappear from the response instead of being listed as cancelled' },
  { name: 'v1-orders-update-items-not-matched', section: '4.1', description: 'v1 order update: sent items are added as new lines instead of being matched to existing ones by merchant_item_id' },
  { name: 'v1-orders-merchant-order-id-renames', section: '4.1', description: 'v1 order update: a different merchant_order_id renames the order instead of creating or updating the order having it' },
  { name: 'v1-orders-merchant-order-id-change-ignored', section: '4.1', description: 'v1 order update: a different merchant_order_id is ignored and the addressed order is updated instead' },
  { name: 'v1-orders-update-negative-money-accepted', section: '8', description: 'v1 PATCH/PUT /orders/{id}: monetary properties below 0 are ignored and the update answers 200 instead of 422' },
] as const satisfies readonly FaultDefinition[];
