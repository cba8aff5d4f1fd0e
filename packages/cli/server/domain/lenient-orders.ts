// What the order-validation faults let through: each rewrites one kind of invalid value in a request
// body into a valid one before validation, so the request succeeds where §7 requires a 422.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const money = /_in_cents(_with_discount)?$/;

function itemsOf(body: Json): Json[] {
  return Array.isArray(body.items) ? body.items.filter(isObject) : [];
}

/** Drops monetary properties below 0 (the order's and its items'): the faulty service ignores them. */
export function dropNegativeMoney(body: unknown): void {
  if (!isObject(body)) return;
  for (const record of [body, ...itemsOf(body)]) {
    for (const [key, value] of Object.entries(record)) if (money.test(key) && typeof value === 'number' && value < 0) delete record[key];
  }
}

/** Upper-cases shipping_address.country_code: the faulty service takes "de" for "DE". */
export function upperCaseCountry(body: unknown): void {
  const address = isObject(body) ? body.shipping_address : undefined;
  if (isObject(address) && typeof address.country_code === 'string') address.country_code = address.country_code.toUpperCase();
}

/** Raises item quantities below 1 to 1: the faulty service takes 0 for one unit. */
export function raiseZeroQuantity(body: unknown): void {
  if (!isObject(body)) return;
  for (const item of itemsOf(body)) if (typeof item.quantity === 'number' && item.quantity < 1) item.quantity = 1;
}

const financialStatuses = ['failed', 'paid', 'pending', 'refunded'];

/**
 * Takes a financial_status outside the §2.1 set out of a body and returns it: the faulty service
 * validates the rest and stores that value afterwards.
 */
export function takeUnknownFinancialStatus(body: unknown): string | undefined {
  if (!isObject(body) || typeof body.financial_status !== 'string' || financialStatuses.includes(body.financial_status)) return undefined;
  const value = body.financial_status;
  delete body.financial_status;
  return value;
}

/** Fills a missing shipping_address.postal_code: the faulty service takes "00000" for none. */
export function fillPostalCode(body: unknown): void {
  const address = isObject(body) ? body.shipping_address : undefined;
  if (isObject(address) && address.postal_code === undefined) address.postal_code = '00000';
}
