// §2, §2.1 and §8 value rules of an order, as one table of invalid variations of a valid order. Each
// operation that takes an order (create, PATCH, PUT) sends each variation and must answer 422 (§7
// "invalid data"): a create sends the whole order, an update only the top-level properties that differ.
import type { ApiResponse, CheckContext } from '../../src/checks/index.js';

/** An order body as the run builds it (suites/support/order-fields.ts). */
export type OrderDocument = Record<string, unknown>;

/** One invalid variation: what it breaks (with its §) and how a valid order becomes it. */
export interface InvalidOrderCase {
  what: string;
  mutate(order: OrderDocument): OrderDocument;
  /**
   * False where an update cannot express it for sure: a v1 update keeps properties sent as null (§4.1
   * rule 2), whether a v2 PATCH reads null as a value or as "unchanged" is not shown, and an update
   * merges the address, so a field left out of it is kept.
   */
  update?: boolean;
  /** True where only v2 states the rule: §2.1 shows the v2 Order, and the v1 order fields are not shown. */
  v2Only?: boolean;
}

const address = (order: OrderDocument, change: Record<string, unknown>): OrderDocument =>
  ({ ...order, shipping_address: { ...(order.shipping_address as Record<string, unknown>), ...change } });
const withoutAddressField = (order: OrderDocument, field: string): OrderDocument => {
  const { [field]: _left, ...rest } = order.shipping_address as Record<string, unknown>;
  return { ...order, shipping_address: rest };
};
const firstItem = (order: OrderDocument, change: Record<string, unknown>): OrderDocument => {
  const [first, ...rest] = order.items as Array<Record<string, unknown>>;
  return { ...order, items: [{ ...first, ...change }, ...rest] };
};

// An update merges the address (§4.1 rule 2; v2 PATCH changes only what is provided, §4.2), so only a
// create can leave a required address field out for sure.
const missingAddressFields = ['city', 'country_code', 'line1', 'postal_code'].map((field): InvalidOrderCase => ({
  what: `a shipping_address without ${field} (§2.1: required)`,
  mutate: (o) => withoutAddressField(o, field),
  update: false,
  v2Only: true,
}));

/**
 * The invalid variations: money below 0, quantity 0, the code patterns, financial_status, the address
 * requirements. Of the money fields both item prices and two of the five totals are sent negative: the
 * other totals are declared as these two are (int32 >= 0), and each row costs a request per operation.
 */
export const invalidOrderCases: readonly InvalidOrderCase[] = [
  { what: 'total_price_in_cents -1 (§2.1, §8: monetary fields int32 >= 0)', mutate: (o) => ({ ...o, total_price_in_cents: -1 }) },
  { what: 'total_tax_in_cents -1 (§2.1, §8: monetary fields int32 >= 0)', mutate: (o) => ({ ...o, total_tax_in_cents: -1 }) },
  { what: 'an item price_per_unit_in_cents of -1 (§2.1, §8: monetary fields int32 >= 0)', mutate: (o) => firstItem(o, { price_per_unit_in_cents: -1 }) },
  { what: 'an item price_per_unit_in_cents_with_discount of -1 (§2.1, §8: monetary fields int32 >= 0)', mutate: (o) => firstItem(o, { price_per_unit_in_cents_with_discount: -1 }) },
  { what: 'an item quantity of 0 (§2.1, §8: quantity >= 1)', mutate: (o) => firstItem(o, { quantity: 0 }) },
  { what: 'currency "eur" (§2: ^[A-Z]{3}$)', mutate: (o) => ({ ...o, currency: 'eur' }) },
  { what: 'financial_status "bogus" (§2.1: failed, paid, pending, refunded)', mutate: (o) => ({ ...o, financial_status: 'bogus' }), v2Only: true },
  { what: 'shipping_address.country_code "de" (§2: ^[A-Z]{2}$)', mutate: (o) => address(o, { country_code: 'de' }) },
  { what: 'shipping_address with no first_name, last_name or full_name (§2.1)', mutate: (o) => address(o, { first_name: null, last_name: null, full_name: null }), update: false },
  { what: 'shipping_address.first_name "" (§2.1: non-empty)', mutate: (o) => address(o, { first_name: '' }) },
  { what: 'shipping_address.city "" (§2.1: non-empty)', mutate: (o) => address(o, { city: '' }) },
  { what: 'shipping_address.line1 "" (§2.1: non-empty)', mutate: (o) => address(o, { line1: '' }) },
  { what: 'shipping_address.postal_code "" (§2.1: non-empty)', mutate: (o) => address(o, { postal_code: '' }) },
  { what: 'shipping_address.email "not-an-email" (§2.1: email format)', mutate: (o) => address(o, { email: 'not-an-email' }) },
  ...missingAddressFields,
];

/** The top-level properties of `changed` that differ from `valid`: what an update sends for a case. */
export function updateOf(valid: OrderDocument, changed: OrderDocument): OrderDocument {
  return Object.fromEntries(Object.entries(changed).filter(([key, value]) => JSON.stringify(valid[key]) !== JSON.stringify(value)));
}

/**
 * Sends every case through `send` (given the whole invalid order) and fails on the first answer that
 * is not 422. `operation` names the call in the failure.
 */
export async function expectEachRefused(t: CheckContext, operation: string, cases: readonly InvalidOrderCase[], valid: OrderDocument, send: (invalid: OrderDocument) => Promise<ApiResponse>): Promise<void> {
  for (const row of cases) {
    const res = await send(row.mutate(valid));
    t.expectStatus(res, 422, `${operation} with ${row.what} answers 422 (§7 invalid data)`);
  }
}
