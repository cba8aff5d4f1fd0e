import type { BodySchema } from '../validate.js';

// Request-body schemas for orders. v1 field lists are "not shown" (§2.1): we accept the §2.1 fields,
// plus the read-only ones (id, sales_channel_id, fulfillment_status, updated_at), which are accepted
// and ignored; anything else is an unknown property (§4.1 rule 5).

const nullableString = { type: ['string', 'null'] };
const nonEmptyNullable = { type: ['string', 'null'], minLength: 1 };
const dateTime = { type: 'string', format: 'date-time' };
const money = { type: 'integer', minimum: 0, maximum: 2147483647 };

const addressProperties = {
  city: { type: 'string', minLength: 1 },
  company: nullableString,
  country_code: { type: 'string', pattern: '^[A-Z]{2}$' },
  email: { type: ['string', 'null'], format: 'email' },
  first_name: nonEmptyNullable,
  last_name: nonEmptyNullable,
  full_name: nonEmptyNullable,
  line1: { type: 'string', minLength: 1 },
  line2: nullableString,
  parcel_point_id: nullableString,
  phone: nullableString,
  postal_code: { type: 'string', minLength: 1 },
  province_or_state_code: nullableString,
};

/** A complete §2.1 address: the four required fields and at least one name. */
export const addressSchema: BodySchema = {
  type: 'object',
  properties: addressProperties,
  required: ['city', 'country_code', 'line1', 'postal_code'],
  anyOf: [
    { properties: { first_name: { type: 'string' } }, required: ['first_name'] },
    { properties: { last_name: { type: 'string' } }, required: ['last_name'] },
    { properties: { full_name: { type: 'string' } }, required: ['full_name'] },
  ],
  additionalProperties: false,
};

/** Address properties to merge into a stored one (§4.1 rule 2): every property optional, null keeps. */
export const addressPatchSchema: BodySchema = {
  type: 'object',
  properties: Object.fromEntries(Object.entries(addressProperties).map(([k, v]) => [k, { ...v, type: [...new Set([...[v.type].flat(), 'null'])] }])),
  additionalProperties: false,
};

/** An order line on input: merchant_item_id, sku_id or sku_code, quantity >= 1. */
export const orderItemSchema: BodySchema = {
  type: 'object',
  properties: {
    // §2.1 says only "string; unique among the line items": an empty one is an id like any other.
    merchant_item_id: { type: 'string' },
    sku_id: { type: 'integer' },
    sku_code: { type: 'string', minLength: 1 },
    quantity: { type: 'integer', minimum: 1, maximum: 2147483647 },
    price_per_unit_in_cents: money,
    price_per_unit_in_cents_with_discount: money,
  },
  required: ['merchant_item_id', 'quantity'],
  anyOf: [{ required: ['sku_id'] }, { required: ['sku_code'] }],
  additionalProperties: false,
};

const orderProperties = (address: BodySchema, nullable: boolean): Record<string, unknown> => {
  const maybeNull = (schema: Record<string, unknown>): Record<string, unknown> => {
    if (!nullable) return schema;
    if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] };
    return { ...schema, type: [...new Set([...[schema.type].flat(), 'null'])] };
  };
  return {
    merchant_order_id: maybeNull({ type: 'string', minLength: 1 }),
    carrier_preference: nullableString,
    created_at: maybeNull(dateTime),
    external_created_at: { type: ['string', 'null'], format: 'date-time' },
    currency: maybeNull({ type: 'string', pattern: '^[A-Z]{3}$' }),
    custom_metadata: { type: ['object', 'null'] },
    customer_order_number: nullableString,
    payment_method: nullableString,
    financial_status: maybeNull({ enum: ['failed', 'paid', 'pending', 'refunded'] }),
    tags: { type: ['array', 'null'], items: { type: 'string' } },
    items: maybeNull({ type: 'array', items: orderItemSchema }),
    shipping_address: nullable ? { anyOf: [address, { type: 'null' }] } : address,
    total_price_in_cents: maybeNull(money),
    total_tax_in_cents: maybeNull(money),
    total_net_revenue_in_cents: maybeNull(money),
    total_net_refunds_in_cents: maybeNull(money),
    total_tax_refunds_in_cents: maybeNull(money),
    id: {},
    sales_channel_id: {},
    fulfillment_status: {},
    updated_at: {},
  };
};

/** v1 POST /orders (OrderCreate). */
export const v1OrderCreateSchema: BodySchema = {
  type: 'object',
  properties: orderProperties(addressSchema, false),
  required: ['merchant_order_id', 'items', 'shipping_address'],
  additionalProperties: false,
};

/** v1 PATCH/PUT /orders/{id} (OrderUpdate): all optional; null keeps the stored value (§4.1 rule 2). */
export const v1OrderUpdateSchema: BodySchema = {
  type: 'object',
  properties: orderProperties(addressPatchSchema, true),
  additionalProperties: false,
};

/** v2 POST /orders: the order for one sales channel of the merchant. */
export const v2OrderCreateSchema: BodySchema = {
  type: 'object',
  properties: { ...orderProperties(addressSchema, false), sales_channel_id: { type: 'integer' } },
  required: ['merchant_order_id', 'sales_channel_id', 'items', 'shipping_address'],
  // v2 states no unknown-property rule for orders: extra properties are ignored.
  additionalProperties: true,
};

/** v2 PATCH of an order: only provided fields change; merchant_order_id and sales_channel_id are ignored. */
export const v2OrderPatchSchema: BodySchema = {
  type: 'object',
  properties: orderProperties(addressPatchSchema, true),
  additionalProperties: true,
};
