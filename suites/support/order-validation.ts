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
   * rule 2), and whether a v2 PATCH reads null as a value or as "unchanged" is not shown.
   */
  update?: boolean;
}

const address = (order: OrderDocument, change: Record<string, unknown>): OrderDocument =>
  ({ ...order, shipping_address: { ...(order.shipping_address as Record<string, unknown>), ...change } });
const firstItem = (order: OrderDocument, change: Record<string, unknown>): OrderDocument => {
  const [first, ...rest] = order.items as Array<Record<string, unknown>>;
  return { ...order, items: [{ ...first, ...change }, ...rest] };
};

/** The invalid variations: money below 0, quantity 0, the code patterns, the address requirements. */
export const invalidOrderCases: readonly InvalidOrderCase[] = [
  { what: 'total_price_in_cents -1 (§2.1, §8: monetary fields int32 >= 0)', mutate: (o) => ({ ...o, total_price_in_cents: -1 }) },
  { what: 'an item price_per_unit_in_cents of -1 (§2.1, §8: monetary fields int32 >= 0)', mutate: (o) => firstItem(o, { price_per_unit_in_cents: -1 }) },
  { what: 'an item quantity of 0 (§2.1, §8: quantity >= 1)', mutate: (o) => firstItem(o, { quantity: 0 }) },
  { what: 'currency "eur" (§2: ^[A-Z]{3}$)', mutate: (o) => ({ ...o, currency: 'eur' }) },
  { what: 'shipping_address.country_code "de" (§2: ^[A-Z]{2}$)', mutate: (o) => address(o, { country_code: 'de' }) },
  { what: 'shipping_address with no first_name, last_name or full_name (§2.1)', mutate: (o) => address(o, { first_name: null, last_name: null, full_name: null }), update: false },
  { what: 'shipping_address.first_name "" (§2.1: non-empty)', mutate: (o) => address(o, { first_name: '' }) },
  { what: 'shipping_address.city "" (§2.1: non-empty)', mutate: (o) => address(o, { city: '' }) },
  { what: 'shipping_address.line1 "" (§2.1: non-empty)', mutate: (o) => address(o, { line1: '' }) },
  { what: 'shipping_address.postal_code "" (§2.1: non-empty)', mutate: (o) => address(o, { postal_code: '' }) },
  { what: 'shipping_address.email "not-an-email" (§2.1: email format)', mutate: (o) => address(o, { email: 'not-an-email' }) },
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
