// The §2.1 fields of an order the run sends, in v1 and v2 alike: every field the specification names
// for the shape, with valid and consistent values, so that a service requiring one whose requirement
// is "not shown" (the v1 create field list, §2.1) still accepts the run's orders.
import { merchantText } from './text.js';

/** The unit price the run's lines carry, tax included (cents, int32 >= 0). */
const UNIT_PRICE_CENTS = 1190;
// 19 % tax inside the gross price, as a German shop would charge it.
const TAX_RATE = 0.19;

/** A §2.1 OrderItem with both prices: `quantity` units of `skuId` at the run's unit price. */
export function orderLine(merchantItemId: string, skuId: number, quantity = 1): Record<string, unknown> & { merchant_item_id: string; sku_id: number; quantity: number } {
  return {
    merchant_item_id: merchantItemId,
    sku_id: skuId,
    quantity,
    price_per_unit_in_cents: UNIT_PRICE_CENTS,
    price_per_unit_in_cents_with_discount: UNIT_PRICE_CENTS,
  };
}

/**
 * A complete §2.1 address: the required fields, every name, and each optional field with a valid value,
 * its free text beyond ASCII as a German address is (support/text.ts).
 */
export function fullAddress(): Record<string, unknown> {
  return {
    first_name: merchantText.firstName,
    last_name: merchantText.lastName,
    full_name: `${merchantText.firstName} ${merchantText.lastName}`,
    company: merchantText.company,
    email: 'conformance@example.com',
    line1: merchantText.street,
    line2: merchantText.floor,
    city: merchantText.city,
    postal_code: '80331',
    province_or_state_code: 'BY',
    country_code: 'DE',
    phone: '+49 89 0000000',
  };
}

/** The five §2.1 totals of `lines`, consistent with their prices: gross, tax inside it, net, no refunds. */
export function orderTotals(lines: ReadonlyArray<{ quantity: number | string }>): Record<string, number> {
  const gross = lines.reduce((sum, line) => sum + UNIT_PRICE_CENTS * Number(line.quantity), 0);
  const tax = Math.round((gross * TAX_RATE) / (1 + TAX_RATE));
  return {
    total_price_in_cents: gross,
    total_tax_in_cents: tax,
    total_net_revenue_in_cents: gross - tax,
    total_net_refunds_in_cents: 0,
    total_tax_refunds_in_cents: 0,
  };
}

/**
 * The §2.1 order fields beside merchant_order_id, items and shipping_address, for an order of `lines`
 * marked with the run's `marker`. external_created_at lies a day back: when the customer ordered, never
 * ahead of a service whose clock differs from the client's.
 */
export function orderFields(marker: string, customerOrderNumber: string, lines: ReadonlyArray<{ quantity: number | string }>): Record<string, unknown> {
  return {
    carrier_preference: 'DHL',
    external_created_at: new Date(Date.now() - 86_400_000).toISOString(),
    currency: 'EUR',
    custom_metadata: { mfc: marker, note: merchantText.note },
    customer_order_number: customerOrderNumber,
    payment_method: 'invoice',
    financial_status: 'paid',
    tags: [marker, merchantText.tag],
    ...orderTotals(lines),
  };
}
